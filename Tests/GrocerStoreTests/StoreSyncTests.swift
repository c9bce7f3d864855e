import Foundation
import GRDB
import GrocerCore
import Testing

@testable import GrocerStore

/// The store's side of sync (issue 16): accounts, records and conflicts,
/// and `applySync`, which applies what a pull or a write brings in one
/// transaction, through the store's own write paths.
@Suite struct StoreSyncTests {
    static let listURL = "https://dav.example/grocer/list/"
    static let weightsURL = "https://dav.example/grocer/weights/"

    /// A store with both accounts set up.
    static func synced() throws -> GroceryFixture {
        let f = try GroceryFixture()
        try f.store.sync.setSyncAccount(SyncAccount(collection: .list, url: listURL, user: "sam"))
        try f.store.sync.setSyncAccount(SyncAccount(collection: .weights, url: weightsURL, user: "sam"))
        return f
    }

    static func batch(_ build: (inout SyncBatch) -> Void) -> SyncBatch {
        var batch = SyncBatch()
        build(&batch)
        return batch
    }

    static func quantity(_ text: String) throws -> GroceryQuantity { try GroceryQuantity(canonical: text) }

    static let morning = Date(timeIntervalSince1970: 1_795_000_000)

    // MARK: Accounts, records, conflicts

    /// A login lives in the person's logins file (issue 36): a store never
    /// gets a password command written, and one an older grocer (or
    /// whoever made the file) left there is cleared once the person kept it.
    @Test func noCommandIsWrittenAndAnOlderStoresIsCleared() throws {
        let f = try GroceryFixture()
        try f.store.sync.setSyncAccount(SyncAccount(collection: .list, url: Self.listURL, user: "sam", passwordCommand: "touch /tmp/x"))
        #expect(try f.store.sync.syncAccounts() == [SyncAccount(collection: .list, url: Self.listURL, user: "sam")])
        let queue = try DatabaseQueue(path: f.store.path)
        try queue.write { db in
            try db.execute(sql: "UPDATE sync_account SET password_command = 'touch /tmp/x', token = 't-1' WHERE collection = 'list'")
        }
        try queue.close()
        #expect(try f.store.sync.syncAccounts()[0].passwordCommand == "touch /tmp/x")
        try f.store.sync.clearSyncLogin(.list)
        #expect(try f.store.sync.syncAccounts() == [SyncAccount(collection: .list, url: Self.listURL, token: "t-1")])
        // Set up again over an older row: its command goes too.
        let again = try DatabaseQueue(path: f.store.path)
        try again.write { db in
            try db.execute(sql: "UPDATE sync_account SET password_command = 'touch /tmp/x' WHERE collection = 'list'")
        }
        try again.close()
        try f.store.sync.setSyncAccount(SyncAccount(collection: .list, url: Self.listURL, token: "t-1"))
        #expect(try f.store.sync.syncAccounts()[0].passwordCommand == nil)
    }

    @Test func anAccountRoundTripsAndANewURLDropsItsTokenRecordsAndConflicts() throws {
        let f = try Self.synced()
        let store = f.store
        let list = SyncAccount(collection: .list, url: Self.listURL, user: "sam", token: "t-1", lastSync: Self.morning)
        try store.sync.setSyncAccount(list)
        #expect(try store.sync.syncAccounts() == [list, SyncAccount(collection: .weights, url: Self.weightsURL, user: "sam")])
        try f.add("Flour")
        _ = try store.sync.claimSyncUIDs(.list, localIDs: [try f.named("Flour").id], makeUID: { "flour-uid" })
        _ = try store.sync.claimSyncUIDs(.weights, localIDs: [7], makeUID: { "weight-uid" })
        let conflict = SyncConflict(
            collection: .list, uid: "flour-uid", title: "Flour", field: "amount", localValue: "1", remoteValue: "2", kept: "remote",
            localRecord: nil, remoteRecord: nil, at: Self.morning)
        try store.sync.applySync(.list, Self.batch { $0.conflicts = [conflict] }, locale: f.en)

        // The same URL, another user: everything kept.
        try store.sync.setSyncAccount(SyncAccount(collection: .list, url: Self.listURL, user: "alex", token: "t-1", lastSync: Self.morning))
        #expect(try store.sync.syncRecords(.list).map(\.uid) == ["flour-uid"])
        #expect(try store.sync.syncConflicts().count == 1)

        // Another server: the list's token, last sync, records and conflicts go; the weights' stay.
        try store.sync.setSyncAccount(SyncAccount(collection: .list, url: "https://other.example/list/", user: "alex", token: "t-1"))
        #expect(try store.sync.syncAccounts().first == SyncAccount(collection: .list, url: "https://other.example/list/", user: "alex"))
        #expect(try store.sync.syncRecords(.list).isEmpty)
        #expect(try store.sync.syncConflicts().isEmpty)
        #expect(try store.sync.syncRecords(.weights).map(\.uid) == ["weight-uid"])
        #expect(try f.named("Flour").listed)
    }

    @Test func forgettingSyncLeavesItemsAndWeights() throws {
        let f = try Self.synced()
        try f.add("2 kg Flour")
        let entry = try f.store.weights.add(Weight(digits: "72.5", unit: .kg)!, at: Self.morning)
        _ = try f.store.sync.claimSyncUIDs(.list, localIDs: [try f.named("Flour").id], makeUID: { "flour-uid" })
        _ = try f.store.sync.claimSyncUIDs(.weights, localIDs: [entry.id], makeUID: { "weight-uid" })
        let items = try f.store.groceries.items()

        try f.store.sync.forgetSync()

        #expect(try f.store.sync.syncAccounts().isEmpty)
        #expect(try f.store.sync.syncRecords(.list).isEmpty && f.store.sync.syncRecords(.weights).isEmpty)
        #expect(try f.store.sync.syncConflicts().isEmpty)
        #expect(try f.store.groceries.items() == items)
        #expect(try f.store.weights.entry(id: entry.id) == entry)
    }

    @Test func claimingGivesExistingUIDsBackAndNewOnesOnce() throws {
        let f = try Self.synced()
        var made = 0
        let makeUID = { () -> String in
            made += 1
            return "uid-\(made)"
        }
        let first = try f.store.sync.claimSyncUIDs(.list, localIDs: [3, 1, 3], makeUID: makeUID)
        #expect(first == [3: "uid-1", 1: "uid-2"])
        let second = try f.store.sync.claimSyncUIDs(.list, localIDs: [1, 2, 3], makeUID: makeUID)
        #expect(second == [1: "uid-2", 2: "uid-3", 3: "uid-1"])
        #expect(made == 3)
        #expect(
            try f.store.sync.syncRecords(.list) == [
                SyncRecord(uid: "uid-1", localID: 3), SyncRecord(uid: "uid-2", localID: 1), SyncRecord(uid: "uid-3", localID: 2),
            ])
        // The other collection's ids are its own.
        #expect(try f.store.sync.claimSyncUIDs(.weights, localIDs: [1], makeUID: makeUID) == [1: "uid-4"])
    }

    @Test func theTokenAndLastSyncAreSetOnlyWhenTheBatchSaysSo() throws {
        let f = try Self.synced()
        try f.store.sync.applySync(.list, Self.batch { $0.token = "ignored" }, locale: f.en)
        #expect(try f.store.sync.syncAccounts()[0].token == nil)
        try f.store.sync.applySync(
            .list,
            Self.batch {
                $0.token = "http://radicale.org/ns/sync/42"
                $0.setsToken = true
                $0.syncedAt = Self.morning.addingTimeInterval(0.75)
            }, locale: f.en)
        #expect(try f.store.sync.syncAccounts()[0].token == "http://radicale.org/ns/sync/42")
        #expect(try f.store.sync.syncAccounts()[0].lastSync == Self.morning)
        #expect(try f.store.sync.syncAccounts()[1].token == nil)
        // setsToken with nil drops it (the server called it invalid).
        try f.store.sync.applySync(.list, Self.batch { $0.setsToken = true }, locale: f.en)
        #expect(try f.store.sync.syncAccounts()[0].token == nil)
        #expect(try f.store.sync.syncAccounts()[0].lastSync == Self.morning)
    }

    @Test func conflictsAreAppendedListedOldestFirstAndDismissed() throws {
        let f = try Self.synced()
        func conflict(_ field: String, _ minutes: Double) -> SyncConflict {
            SyncConflict(
                collection: .list, uid: "flour-uid", title: "flour", field: field, localValue: "2", remoteValue: nil, kept: "local",
                localRecord: "BEGIN:VTODO\r\nSUMMARY:2 flour\r\nEND:VTODO\r\n", remoteRecord: nil, at: Self.morning.addingTimeInterval(minutes * 60))
        }
        try f.store.sync.applySync(.list, Self.batch { $0.conflicts = [conflict("amount", 0)] }, locale: f.en)
        try f.store.sync.applySync(.list, Self.batch { $0.conflicts = [conflict("presence", 1), conflict("ticked", 2)] }, locale: f.en)
        let all = try f.store.sync.syncConflicts()
        #expect(all.map(\.field) == ["amount", "presence", "ticked"])
        #expect(all.map { SyncConflict(conflict: $0, id: nil) } == [conflict("amount", 0), conflict("presence", 1), conflict("ticked", 2)])
        try f.store.sync.dismissSyncConflict(id: try #require(all[1].id))
        #expect(try f.store.sync.syncConflicts().map(\.field) == ["amount", "ticked"])
        try f.store.sync.dismissSyncConflict(id: try #require(all[1].id))
        #expect(try f.store.sync.syncConflicts().count == 2)
    }

    // MARK: Items

    @Test func aNewItemFromTheServerIsAddedWithItsNamesAndRecord() throws {
        let f = try Self.synced()
        let apples = SyncedItem(name: "Apples", quantity: try Self.quantity("1.5"), unit: "Kilo", aisle: "Fruit", place: "Bowl", ticked: true)
        try f.store.sync.applySync(
            .list,
            Self.batch {
                $0.items = [.init(uid: "a", expected: nil, new: apples)]
                $0.records = [SyncRecord(uid: "a", href: "/list/a.ics", etag: "\"1\"", agreed: Array("BEGIN:VCALENDAR".utf8))]
            }, locale: f.en)
        let item = try f.named("Apples")
        #expect(SyncedItem(item) == apples)
        #expect(item.listed && item.quantity == 2)
        #expect(
            try f.store.sync.syncRecords(.list) == [
                SyncRecord(uid: "a", href: "/list/a.ics", etag: "\"1\"", agreed: Array("BEGIN:VCALENDAR".utf8), localID: item.id)
            ])
        #expect(try f.store.sync.syncLocalItems() == [SyncLocalItem(id: item.id, item: apples, aislePosition: item.aisle?.position)])
        // A unit the store had, in another case, is that unit.
        try f.store.sync.applySync(
            .list,
            Self.batch {
                $0.items = [.init(uid: "a", expected: apples, new: SyncedItem(name: "Apples", unit: "KG"))]
            }, locale: f.en)
        #expect(try f.named("Apples").unit?.name == "kg")
    }

    /// A phone's "creme fraiche" is the known "Crème Fraîche" (by its
    /// folded name, accents and case), put back on the list: one item,
    /// which keeps its name, aisle and place (issue 36: the join wiped
    /// them and renamed the item).
    @Test func aNewItemTakesTheKnownItemOfTheSameFoldedName() throws {
        let f = try Self.synced()
        try f.add("Crème Fraîche", aisle: "Dairy", storedIn: "Fridge")
        let known = try f.named("Crème Fraîche")
        try f.store.groceries.edit(id: known.id, GroceryItemEdit(listed: false), locale: f.en)
        let count = try f.store.groceries.items().count

        let phone = SyncedItem(name: "creme fraiche", quantity: try Self.quantity("2"))
        try f.store.sync.applySync(.list, Self.batch { $0.items = [.init(uid: "cf", expected: nil, new: phone)] }, locale: f.en)

        #expect(try f.store.groceries.items().count == count)
        let item = try f.store.groceries.item(id: known.id)
        let two = try Self.quantity("2")
        #expect(item.listed && item.name == "Crème Fraîche" && item.amount == two)
        #expect(item.aisle?.name == "Dairy" && item.place?.name == "Fridge")
        #expect(try f.store.sync.syncRecords(.list) == [SyncRecord(uid: "cf", localID: known.id)])
    }

    @Test func anEditChangesEveryFieldOfTheRecordsItem() throws {
        let f = try Self.synced()
        try f.add("2 kg Flour", aisle: "Baking")
        let flour = try f.named("Flour")
        let uid = try #require(try f.store.sync.claimSyncUIDs(.list, localIDs: [flour.id], makeUID: { "flour" })[flour.id])
        let before = SyncedItem(flour)
        let after = SyncedItem(name: "Rye flour", quantity: try Self.quantity("0.5"), unit: nil, aisle: nil, place: "Pantry", ticked: true)
        try f.store.sync.applySync(.list, Self.batch { $0.items = [.init(uid: uid, expected: before, new: after)] }, locale: f.en)
        let edited = try f.store.groceries.item(id: flour.id)
        #expect(SyncedItem(edited) == after)
        #expect(edited.listed)
        #expect(try f.store.sync.syncRecords(.list).map(\.localID) == [flour.id])
    }

    @Test func aDeleteOnThePhoneTakesTheItemOffTheListAndItStaysKnown() throws {
        let f = try Self.synced()
        try f.add("Milk")
        let milk = try f.named("Milk")
        try f.store.sync.applySync(.list, Self.batch { $0.items = [.init(uid: "m", expected: nil, new: SyncedItem(milk))] }, locale: f.en)
        #expect(try f.store.sync.syncRecords(.list).map(\.localID) == [milk.id])
        try f.store.groceries.edit(id: milk.id, GroceryItemEdit(collected: true), locale: f.en)

        try f.store.sync.applySync(
            .list, Self.batch { $0.items = [.init(uid: "m", expected: SyncedItem(try! f.named("Milk")), new: nil)] }, locale: f.en)

        let after = try f.store.groceries.item(id: milk.id)
        #expect(!after.listed && !after.collected && after.name == "Milk")
        #expect(try f.store.sync.syncLocalItems().isEmpty)
        // The record lets go of it: put back on the list, it is new there.
        #expect(try f.store.sync.syncRecords(.list) == [SyncRecord(uid: "m", localID: nil)])
    }

    /// A version 4 item (no exact amount) is read as its whole quantity,
    /// so an engine that read it that way is not refused.
    @Test func anItemWithoutAnExactAmountIsItsWholeQuantity() throws {
        let f = try Self.synced()
        try f.add("Eggs")
        let eggs = try f.named("Eggs")
        try f.store.writer.write { db in try db.execute(sql: "UPDATE item SET amount = NULL, quantity = 12 WHERE id = ?", arguments: [eggs.id]) }
        let uid = try #require(try f.store.sync.claimSyncUIDs(.list, localIDs: [eggs.id], makeUID: { "eggs" })[eggs.id])
        let seen = SyncedItem(name: "Eggs", quantity: try Self.quantity("12"))
        #expect(try f.store.sync.syncLocalItems().map(\.item) == [seen])
        try f.store.sync.applySync(
            .list, Self.batch { $0.items = [.init(uid: uid, expected: seen, new: SyncedItem(name: "Eggs", quantity: try! Self.quantity("6")))] },
            locale: f.en)
        #expect(try f.store.groceries.item(id: eggs.id).amount == (try Self.quantity("6")))
    }

    /// What another grocer or the person changed since the engine read it
    /// refuses the whole batch: no item, record, token or conflict written.
    @Test func anExpectedValueThatDiffersWritesNothing() throws {
        let f = try Self.synced()
        try f.add("Milk")
        try f.add("Bread")
        let milk = try f.named("Milk")
        let bread = try f.named("Bread")
        let uids = try f.store.sync.claimSyncUIDs(.list, localIDs: [milk.id, bread.id], makeUID: { UUID().uuidString })
        let seenMilk = SyncedItem(milk)
        // Meanwhile the person ticks the bread.
        try f.store.groceries.edit(id: bread.id, GroceryItemEdit(collected: true), locale: f.en)
        let items = try f.store.groceries.items()
        let records = try f.store.sync.syncRecords(.list)

        #expect(throws: StoreError.changedElsewhere(path: f.store.path)) {
            try f.store.sync.applySync(
                .list,
                Self.batch {
                    $0.items = [
                        .init(uid: uids[milk.id]!, expected: seenMilk, new: SyncedItem(name: "Oat milk")),
                        .init(uid: uids[bread.id]!, expected: SyncedItem(bread), new: SyncedItem(name: "Rye bread")),
                        .init(uid: "new", expected: nil, new: SyncedItem(name: "Jam")),
                    ]
                    $0.records = [SyncRecord(uid: "new", etag: "\"9\"")]
                    $0.droppedRecords = [uids[milk.id]!]
                    $0.token = "t-2"
                    $0.setsToken = true
                    $0.conflicts = [
                        SyncConflict(
                            collection: .list, uid: "new", title: "Jam", field: "amount", localValue: nil, remoteValue: "1", kept: "remote",
                            localRecord: nil, remoteRecord: nil, at: Self.morning)
                    ]
                    $0.syncedAt = Self.morning
                }, locale: f.en)
        }
        #expect(try f.store.groceries.items() == items)
        #expect(try f.store.sync.syncRecords(.list) == records)
        #expect(try f.store.sync.syncAccounts()[0] == SyncAccount(collection: .list, url: Self.listURL, user: "sam"))
        #expect(try f.store.sync.syncConflicts().isEmpty)
        // A new object the store already has something for is refused too.
        #expect(throws: StoreError.changedElsewhere(path: f.store.path)) {
            try f.store.sync.applySync(.list, Self.batch { $0.items = [.init(uid: uids[milk.id]!, expected: nil, new: nil)] }, locale: f.en)
        }
        #expect(try f.store.groceries.item(id: milk.id).listed)
    }

    /// Names stay unique: a phone renaming an item to the name of another
    /// item grocer knows makes that one the record's (on the list with the
    /// phone's fields) and takes the renamed one off the list.
    @Test func aRenameOntoAnotherItemsNameMovesTheRecordThere() throws {
        let f = try Self.synced()
        try f.add("Flour")
        try f.add("Sugar")
        let flour = try f.named("Flour")
        let sugar = try f.named("Sugar")
        try f.store.groceries.edit(id: sugar.id, GroceryItemEdit(listed: false), locale: f.en)
        let uid = try #require(try f.store.sync.claimSyncUIDs(.list, localIDs: [flour.id], makeUID: { "f" })[flour.id])
        let count = try f.store.groceries.items().count

        let renamed = SyncedItem(name: "sugar", quantity: try Self.quantity("3"))
        try f.store.sync.applySync(.list, Self.batch { $0.items = [.init(uid: uid, expected: SyncedItem(flour), new: renamed)] }, locale: f.en)

        #expect(try f.store.groceries.items().count == count)
        #expect(try !f.store.groceries.item(id: flour.id).listed)
        #expect(try SyncedItem(f.store.groceries.item(id: sugar.id)) == renamed)
        #expect(try f.store.sync.syncRecords(.list).map(\.localID) == [sugar.id])
    }

    /// One item is one object: a second object of the same name (two
    /// people adding "Limes" and "limes") takes the item, and the first
    /// object's record lets go of it, so the next sync deletes that one.
    @Test func aSecondObjectOfTheSameNameTakesTheItemFromTheFirstRecord() throws {
        let f = try Self.synced()
        try f.add("Limes")
        let limes = try f.named("Limes")
        _ = try f.store.sync.claimSyncUIDs(.list, localIDs: [limes.id], makeUID: { "first" })
        try f.store.sync.applySync(
            .list, Self.batch { $0.items = [.init(uid: "second", expected: nil, new: SyncedItem(name: "limes"))] }, locale: f.en)
        #expect(try f.store.sync.syncRecords(.list) == [SyncRecord(uid: "first", localID: nil), SyncRecord(uid: "second", localID: limes.id)])
        #expect(try f.store.sync.syncLocalItems().map(\.item.name) == ["limes"])
    }

    /// A store that cannot be written (opened read-only, as `Store.open`
    /// opens a file on a read-only disk) says so, as every save does, and
    /// writes nothing; its sync state still reads.
    @Test func aReadOnlyStoreRefusesSyncWritesAndStillReads() throws {
        let f = try Self.synced()
        try f.add("Milk")
        let milk = try f.named("Milk")
        try f.store.close()
        let store = try Store.connectReadOnly(f.dir.path("grocer.sqlite"), timeZone: .current, stop: StopFlag())
        defer { try? store.close() }
        let readOnly = StoreError.readOnly(path: store.path)
        #expect(throws: readOnly) {
            try store.sync.applySync(.list, Self.batch { $0.items = [.init(uid: "m", expected: nil, new: SyncedItem(name: "Bread"))] }, locale: f.en)
        }
        #expect(throws: readOnly) { try store.sync.claimSyncUIDs(.list, localIDs: [milk.id], makeUID: { "m" }) }
        #expect(throws: readOnly) { try store.sync.setSyncAccount(SyncAccount(collection: .list, url: "https://other.example/")) }
        #expect(try store.sync.syncAccounts().map(\.url) == [Self.listURL, Self.weightsURL])
        #expect(try store.sync.syncLocalItems().map(\.item.name) == ["Milk"])
    }

    // MARK: Weights

    @Test func weightsAreAddedEditedAndDeletedWithTheirDays() throws {
        let f = try Self.synced()
        let days = StoreWeightDayTests()
        let kept = try f.store.weights.add(Weight(digits: "80", unit: .kg)!, at: Self.morning)
        _ = try f.store.weights.days(unit: .kg)  // builds weight_day
        let first = SyncedWeight(weight: Weight(digits: "72.5", unit: .kg)!, recordedAt: Self.morning.addingTimeInterval(3600), note: "run")
        let second = SyncedWeight(weight: Weight(digits: "160.2", unit: .lbs)!, recordedAt: Self.morning.addingTimeInterval(-86_400 * 3))
        try f.store.sync.applySync(
            .weights, Self.batch { $0.weights = [.init(uid: "w1", expected: nil, new: first), .init(uid: "w2", expected: nil, new: second)] },
            locale: f.en)
        let records = try f.store.sync.syncRecords(.weights)
        #expect(records.map(\.uid) == ["w1", "w2"])
        let ids = records.compactMap(\.localID)
        #expect(try ids.map { SyncedWeight(try f.store.weights.entry(id: $0)) } == [first, second])
        #expect(try days.tableRows(f.store) == days.recomputed(f.store, f.store.timeZone))

        let moved = SyncedWeight(weight: Weight(digits: "72.4", unit: .kg)!, recordedAt: Self.morning.addingTimeInterval(86_400 * 2))
        try f.store.sync.applySync(
            .weights, Self.batch { $0.weights = [.init(uid: "w1", expected: first, new: moved), .init(uid: "w2", expected: second, new: nil)] },
            locale: f.en)
        #expect(try SyncedWeight(f.store.weights.entry(id: ids[0])) == moved)
        #expect(throws: StoreError.noSuchWeight(path: f.store.path, ids: [ids[1]])) { try f.store.weights.entry(id: ids[1]) }
        #expect(try f.store.sync.syncRecords(.weights).map(\.localID) == [ids[0], nil])
        #expect(try days.tableRows(f.store) == days.recomputed(f.store, f.store.timeZone))
        #expect(try f.store.sync.syncLocalWeights().map(\.weight) == [SyncedWeight(kept), moved])
        // The table equals a rebuild from the entries.
        let table = try days.tableRows(f.store)
        try f.store.writer.write { db in try WeightDayTable.invalidate(db) }
        #expect(try f.store.weights.rebuildDaysIfNeeded())
        #expect(try days.tableRows(f.store) == table)
    }

    @Test func aWeightChangedHereMeanwhileRefusesTheBatch() throws {
        let f = try Self.synced()
        let entry = try f.store.weights.add(Weight(digits: "70", unit: .kg)!, at: Self.morning)
        let uid = try #require(try f.store.sync.claimSyncUIDs(.weights, localIDs: [entry.id], makeUID: { "w" })[entry.id])
        try f.store.weights.edit(id: entry.id, weight: Weight(digits: "71", unit: .kg)!, at: Self.morning)
        #expect(throws: StoreError.changedElsewhere(path: f.store.path)) {
            try f.store.sync.applySync(.weights, Self.batch { $0.weights = [.init(uid: uid, expected: SyncedWeight(entry), new: nil)] }, locale: f.en)
        }
        #expect(try f.store.weights.entry(id: entry.id).weight.digits == "71")
    }
}

extension SyncConflict {
    /// The conflict with another id (the store gives its own).
    fileprivate init(conflict: SyncConflict, id: Int64?) {
        self = conflict
        self.id = id
    }
}
