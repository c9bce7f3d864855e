import Foundation
import GrocerCore
import GrocerStore
import GrocerSync
import Testing

@testable import GrocerSyncEngine

/// Both sides changed one field: the documented rule picks what shows, the
/// conflict is recorded with both values and both records, and the other
/// value is one function away.
@Suite struct ConflictSyncTests {
    let server = FakeCalDAV()

    /// "flour" (1 kg, aisle baking, place pantry) synced, then changed
    /// here by `local` and on the phone by setting `property` to `value`.
    func conflict(
        local: (inout SyncedItem) -> Void, property: String, value: String?
    ) async throws -> (Machine, SyncConflict?) {
        let here = Machine(server)
        var flour = SyncedItem.named("flour", "1", unit: "kg", aisle: "baking")
        flour.place = "pantry"
        here.ledger.add(flour)
        try await here.sync()
        here.ledger.edit("flour", local)
        let path = try #require(Sync.path(of: "flour", server))
        server.phoneEdit(path) { text in
            var text = Sync.setting(property, value, in: text)
            if property == "X-GROCER-AISLE" { text = Sync.setting("CATEGORIES", value, in: text) }
            return text
        }
        let summary = try await here.sync()
        #expect(summary.conflicts == here.ledger.conflicts.count)
        #expect(Sync.list(server) == here.ledger.list, "converged")
        return (here, here.ledger.conflicts.first)
    }

    @Test func aNameChangedOnBothSidesShowsTheServers() async throws {
        let (here, found) = try await conflict(local: { $0.name = "rye flour" }, property: "SUMMARY", value: "1 kg spelt flour")
        let conflict = try #require(found)
        #expect(here.ledger.list.map(\.name) == ["spelt flour"])
        #expect(conflict.field == "name" && conflict.kept == "remote")
        #expect(conflict.localValue == "rye flour" && conflict.remoteValue == "spelt flour")
        #expect(conflict.title == "spelt flour")
    }

    @Test func anAmountChangedOnBothSidesShowsTheLarger() async throws {
        let (here, found) = try await conflict(
            local: { $0.quantity = try! GroceryQuantity(canonical: "3") }, property: "SUMMARY", value: "2 kg flour")
        let conflict = try #require(found)
        #expect(here.ledger.list.map(\.quantity.canonical) == ["3"])
        #expect(conflict.field == "amount" && conflict.kept == "local")
        #expect(conflict.localValue == "3 kg" && conflict.remoteValue == "2 kg")
    }

    @Test func anAisleChangedOnBothSidesShowsTheServers() async throws {
        let (here, found) = try await conflict(local: { $0.aisle = "bakery" }, property: "X-GROCER-AISLE", value: "flour and sugar")
        let conflict = try #require(found)
        #expect(here.ledger.list.map(\.aisle) == ["flour and sugar"])
        #expect(conflict.field == "aisle" && conflict.kept == "remote")
        #expect(conflict.localValue == "bakery" && conflict.remoteValue == "flour and sugar")
    }

    @Test func aPlaceChangedOnBothSidesShowsTheServers() async throws {
        let (here, found) = try await conflict(local: { $0.place = "cellar" }, property: "X-GROCER-PLACE", value: "cupboard")
        let conflict = try #require(found)
        #expect(here.ledger.list.map(\.place) == ["cupboard"])
        #expect(conflict.field == "place" && conflict.kept == "remote")
        #expect(conflict.localValue == "cellar" && conflict.remoteValue == "cupboard")
    }

    /// A tick cannot conflict with a base (both sides changed a yes/no the
    /// same way); it can when both added the item: the tick shows.
    @Test func aTickBeatsAnUntickWhenBothAddedTheItem() async throws {
        let here = Machine(server)
        here.ledger.add(.named("milk"))
        server.phonePut("milk.ics", Sync.phoneTodo(uid: "phone-milk", summary: "milk", extra: ["STATUS:COMPLETED"]))
        let summary = try await here.sync()
        #expect(here.ledger.list == [.named("milk", ticked: true)])
        #expect(Sync.list(server) == [.named("milk", ticked: true)])
        #expect(server.objects.count == 1)
        let conflict = try #require(here.ledger.conflicts.first)
        #expect(conflict.field == "ticked" && conflict.kept == "remote" && conflict.remoteValue == "ticked" && conflict.localValue == "not ticked")
        #expect(summary.conflicts == 1)
    }

    /// Deleted on the phone, changed here: the change wins, the item is
    /// made again on the server, and the deletion is the conflict.
    @Test func aDeleteThereAndAChangeHereKeepsTheItem() async throws {
        let here = Machine(server)
        here.ledger.add(.named("flour"))
        try await here.sync()
        here.ledger.edit("flour") { $0.quantity = try! GroceryQuantity(canonical: "2") }
        server.phoneDelete(try #require(Sync.path(of: "flour", server)))
        try await here.sync()
        #expect(here.ledger.list == [.named("flour", "2")])
        #expect(Sync.list(server) == [.named("flour", "2")])
        let conflict = try #require(here.ledger.conflicts.first)
        #expect(conflict.field == "presence" && conflict.kept == "local" && conflict.remoteValue == nil && conflict.remoteRecord == nil)
    }

    /// Taking the other value: the conflict's record read back gives the
    /// change; applied here, the next sync sends it.
    @Test func takingTheOtherValueReachesTheServer() async throws {
        let (here, found) = try await conflict(local: { $0.name = "rye flour" }, property: "SUMMARY", value: "1 kg spelt flour")
        let conflict = try #require(found)
        let current = here.ledger.list.first
        let batch = try #require(SyncEngine.takeOther(conflict: conflict, current: current))
        #expect(batch.items.first?.new?.name == "rye flour")
        try here.ledger.applySync(.list, batch, locale: MemoryLedger.locale)
        let summary = try await here.sync()
        #expect(summary.sent == 1)
        #expect(Sync.list(server).map(\.name) == ["rye flour"])
    }

    /// A field's conflict on an item another grocer deleted since: taking
    /// the other value brings nothing back (it used to make the whole item
    /// again, under a new id) and says why (issue 31).
    @Test func takingAFieldOfAnItemDeletedSinceBringsNothingBack() async throws {
        let (here, found) = try await conflict(local: { $0.name = "rye flour" }, property: "SUMMARY", value: "1 kg spelt flour")
        let conflict = try #require(found)
        #expect(SyncEngine.takeOther(conflict: conflict, current: SyncedItem?.none) == nil)
        let item = try #require(here.ledger.list.first)
        here.ledger.delete(item.name)
        #expect(throws: SyncFailure.self) { try SyncEngine.takeOther(conflict, ledger: here.ledger, locale: MemoryLedger.locale) }
        #expect(here.ledger.list.isEmpty)
    }

    @Test func takingTheOtherSideOfAPresenceConflictDeletes() async throws {
        let item = SyncedItem.named("flour", "2")
        let conflict = SyncConflict(
            collection: .list, uid: "u", title: "flour", field: "presence", localValue: "2 flour", remoteValue: nil, kept: "local",
            localRecord: ConflictRecord.json(item), remoteRecord: nil, at: Sync.now)
        let batch = try #require(SyncEngine.takeOther(conflict: conflict, current: item))
        #expect(batch.items == [SyncBatch.Change(uid: "u", expected: item, new: nil)])
    }

    @Test func conflictRecordsReadBack() {
        var item = SyncedItem.named("flour", "1.5", unit: "kg", aisle: "baking", ticked: true)
        item.place = "pantry \"top\""
        #expect(ConflictRecord.item(ConflictRecord.json(item)) == item)
        let entry = Sync.weight("72.50", 0, note: "after a run")
        #expect(ConflictRecord.entry(ConflictRecord.json(entry)) == entry)
        #expect(ConflictRecord.item("{") == nil)
    }
}
