import Foundation
import GrocerCore
import GrocerStore
import GrocerSync
import Testing

@testable import GrocerSyncEngine

/// A record's kept reading (issue 35, `SyncRecord.agreedReading`): an idle
/// sync compares each item with it instead of reading every agreed copy
/// again, and decides exactly what reading the copy decides: no change, a
/// change here, a change in a field only the agreed copy still carries, a
/// phone's SUMMARY-only copy, a reading made in another context.
@Suite struct AgreedReadingSyncTests {
    static let locale = MemoryLedger.locale
    static let now = Sync.now

    static let agreedItem: SyncedItem = {
        var item = SyncedItem(
            name: "tomatoes", quantity: try! GroceryQuantity(canonical: "2"), unit: "can", aisle: "Tins", place: "cellar", ticked: false,
            note: "the peeled ones")
        item.shops = ["Lidl", "Aldi"]
        item.second = SyncedItem.Second(try! GroceryQuantity(canonical: "400"), "g")
        return item
    }()

    /// The planner's writes for one record, `agreed` its copy and `local`
    /// the item here, once with the reading kept (made in `then`'s
    /// context) and once without (the copy read): both, and whether the
    /// kept reading was used.
    func decisions(agreed: [UInt8], local: SyncedItem?, list: [SyncedItem] = [], then: [SyncedItem]? = nil) -> (
        kept: [SyncWrite<SyncedItem>], read: [SyncWrite<SyncedItem>], used: Bool
    ) {
        let others = list.enumerated().map { SyncLocalItem(id: Int64(10 + $0.offset), item: $0.element) }
        let locals = (local.map { [SyncLocalItem(id: 1, item: $0)] } ?? []) + others
        let kind = SyncKind.list(locals, locale: Self.locale, now: Self.now)
        let keeper =
            then.map { items in
                SyncKind.list(items.enumerated().map { SyncLocalItem(id: Int64($0.offset), item: $0.element) }, locale: Self.locale, now: Self.now)
            } ?? kind
        let kept = keeper.reading(agreed)?.kept
        let record = SyncRecord(uid: "u1", href: "/alice/groceries/u1.ics", etag: "\"1\"", agreed: agreed, localID: 1, agreedReading: kept)
        var bare = record
        bare.agreedReading = nil
        func writes(_ record: SyncRecord) -> [SyncWrite<SyncedItem>] {
            SyncPlanner(kind: kind, records: [record], collection: .list, now: Self.now, normal: { $0 }).plan(remotes: [], gone: []).writes
        }
        // `waiting` counts as the plan decides.
        #expect(count(kind, record) == count(kind, bare))
        return (writes(record), writes(bare), kind.kept(record) != nil)
    }

    func count(_ kind: SyncKind<SyncedItem, ItemField>, _ record: SyncRecord) -> Int {
        let ledger = MemoryLedger(SyncAccount(collection: .list, url: "http://127.0.0.1/alice/groceries/"))
        ledger.state.withLock { state in
            state.records[.list] = [record.uid: record]
            for (id, item) in kind.locals { state.items[id] = MemoryLedger.Item(value: item, listed: true) }
        }
        return (try? SyncEngine.waiting(ledger: ledger, collection: .list, locale: Self.locale, now: Self.now)) ?? -1
    }

    func grocerCopy(_ item: SyncedItem) -> [UInt8] {
        Array(ICalendar.write(TodoMapping.write(item, uid: "u1", sortOrder: nil, now: Self.now)).utf8)
    }

    @Test func noChangeWritesNothingEitherWay() {
        let found = decisions(agreed: grocerCopy(Self.agreedItem), local: Self.agreedItem)
        #expect(found.used)
        #expect(found.kept.isEmpty && found.read.isEmpty)
    }

    /// Each field changed here on its own, or (the other way) a field the
    /// agreed copy carries that the item here no longer has.
    @Test(arguments: 0..<AgreedReadingSyncTests.changes.count)
    func aChangeInAnyFieldIsSeenEitherWay(index: Int) {
        let (field, change) = Self.changes[index]
        var local = Self.agreedItem
        change(&local)
        let here = decisions(agreed: grocerCopy(Self.agreedItem), local: local)
        #expect(here.used, "\(field)")
        #expect(here.kept.count == 1 && here.kept == here.read, "\(field)")
        // The copy carries the field; the item here does not.
        let there = decisions(agreed: grocerCopy(local), local: Self.agreedItem)
        #expect(there.used, "\(field)")
        #expect(there.kept.count == 1 && there.kept == there.read, "\(field)")
    }

    static let changes: [(String, @Sendable (inout SyncedItem) -> Void)] = [
        ("name", { $0.name = "peeled tomatoes" }),
        ("quantity", { $0.quantity = try! GroceryQuantity(canonical: "3") }),
        ("unit", { $0.unit = "tin" }),
        ("aisle", { $0.aisle = nil }),
        ("place", { $0.place = nil }),
        ("ticked", { $0.ticked = true }),
        ("shops", { $0.shops = ["Lidl"] }),
        ("note", { $0.note = "" }),
        ("second", { $0.second = nil }),
    ]

    @Test func anItemDeletedHereIsSeenEitherWay() {
        let found = decisions(agreed: grocerCopy(Self.agreedItem), local: nil)
        #expect(found.kept.count == 1 && found.kept == found.read)
    }

    /// A phone's copy, SUMMARY only, read with quick entry and joined to
    /// the spelling the list knows.
    @Test func aPhonesSummaryOnlyCopyDecidesAsReadingIt() {
        let phone = Array(Sync.phoneTodo(uid: "u1", summary: "3 Apples").utf8)
        // Taken in as the phone wrote it: nothing to write.
        var same = decisions(agreed: phone, local: .named("Apples", "3"))
        #expect(same.used && same.kept.isEmpty && same.read.isEmpty)
        // Known here as "apples" (another item of that spelling came first):
        // both ways match it, so both see the same change.
        same = decisions(agreed: phone, local: .named("Apples", "3"), list: [.named("apples")])
        #expect(same.kept == same.read)
        let changed = decisions(agreed: phone, local: .named("Apples", "2"))
        #expect(changed.used && changed.kept.count == 1 && changed.kept == changed.read)
    }

    /// A reading made when the list knew other units is not used: the copy
    /// is read in today's context, and the two agree.
    @Test func aReadingMadeInAnotherContextIsNotUsed() {
        let phone = Array(Sync.phoneTodo(uid: "u1", summary: "3 tin beans").utf8)
        let then = [SyncedItem(name: "peas")]
        let tins = [SyncedItem(name: "soup", unit: "tin")]
        // Then "tin" was no unit (3 of "tin beans"); now it is one (3 tin
        // of "beans"), so the item here differs from the copy read today.
        let found = decisions(agreed: phone, local: .named("tin beans", "3"), list: tins, then: then)
        #expect(!found.used)
        #expect(found.kept == found.read)
        // A copy grocer's own fields read alone needs no context.
        let own = decisions(agreed: grocerCopy(Self.agreedItem), local: Self.agreedItem, list: tins, then: then)
        #expect(own.used && own.kept.isEmpty && own.read.isEmpty)
    }

    /// A kept reading of another copy (the copy moved without it) is not
    /// used.
    @Test func aReadingOfAnotherCopyIsNotUsed() {
        let kind = SyncKind.list([SyncLocalItem(id: 1, item: Self.agreedItem)], locale: Self.locale, now: Self.now)
        var other = Self.agreedItem
        other.note = "any"
        let record = SyncRecord(
            uid: "u1", href: "/u1.ics", agreed: grocerCopy(Self.agreedItem), localID: 1, agreedReading: kind.reading(grocerCopy(other))?.kept)
        #expect(kind.kept(record) == nil)
        #expect(kind.agreedValue(record) == Self.agreedItem)
    }

    /// The engine keeps the reading with each agreement: after a first
    /// sync every record has one, and the idle sync after it sends nothing.
    @Test func aSyncKeepsAReadingWithEveryRecord() async throws {
        let server = FakeCalDAV()
        let here = Machine(server)
        here.ledger.add(Self.agreedItem)
        here.ledger.add(.named("bread"))
        server.phonePut("phone.ics", Sync.phoneTodo(uid: "p1", summary: "2 kg flour"))
        try await here.sync()
        let records = try here.ledger.syncRecords(.list)
        #expect(records.count == 3 && records.allSatisfy { $0.agreedReading != nil })
        server.resetCounts()
        #expect(try await here.sync().sent == 0)
        #expect(server.writes == 0)
        here.ledger.edit("bread") { $0.ticked = true }
        #expect(try await here.sync().sent == 1)
        #expect(Sync.list(server).first { $0.name == "bread" }?.ticked == true)
    }
}
