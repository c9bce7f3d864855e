import Foundation
import GrocerCore
import GrocerStore
import GrocerSync
import Testing

@testable import GrocerSyncEngine

/// An item's second amount ("2 cans + 400 g", issue 33) travels over
/// CalDAV: in the SUMMARY a phone shows ("2 can + 400 g tomatoes"), read
/// back into both amounts, and in X-GROCER-SECOND-QUANTITY and -UNIT. A
/// phone that rewrites the SUMMARY without it does not take it away
/// without a word: the conflict keeps it, to take back.
@Suite struct SecondAmountSyncTests {
    let server = FakeCalDAV()

    static func tomatoes(_ first: String = "2", second: String? = "400") -> SyncedItem {
        var item = SyncedItem.named("tomatoes", first, unit: "can")
        item.second = second.map { SyncedItem.Second(try! GroceryQuantity(canonical: $0), "g") }
        return item
    }

    @Test func bothAmountsReachTheServerAndAnotherGrocer() async throws {
        let here = Machine(server)
        here.ledger.add(Self.tomatoes())
        try await here.sync()
        let text = try #require(server.objects.values.first)
        #expect(text.contains("\r\nSUMMARY:2 can + 400 g tomatoes\r\n"))
        #expect(text.contains("\r\nX-GROCER-SECOND-QUANTITY:400\r\n"))
        #expect(text.contains("\r\nX-GROCER-SECOND-UNIT:g\r\n"))
        #expect(Sync.list(server) == [Self.tomatoes()])
        let there = Machine(server)
        try await there.sync()
        #expect(there.ledger.list == [Self.tomatoes()])
        // Taken away here, it goes there too.
        here.ledger.edit("tomatoes") { $0.second = nil }
        try await here.sync()
        #expect(!(server.objects.values.first?.contains("X-GROCER-SECOND") ?? true))
        #expect(server.objects.values.first?.contains("\r\nSUMMARY:2 can tomatoes\r\n") == true)
        try await there.sync()
        #expect(there.ledger.list == [Self.tomatoes(second: nil)])
    }

    @Test func aPhonesSummaryWithTwoAmountsIsReadIntoBoth() async throws {
        let here = Machine(server)
        server.phonePut("tomatoes.ics", Sync.phoneTodo(uid: "phone-tomatoes", summary: "2 cans + 400 g tomatoes"))
        try await here.sync()
        #expect(here.ledger.list == [Self.tomatoes()])
    }

    @Test func aPhoneRewritingTheSummaryWithBothAmountsChangesThem() async throws {
        let here = Machine(server)
        here.ledger.add(Self.tomatoes())
        try await here.sync()
        let path = try #require(Sync.path(of: "tomatoes", server))
        server.phoneEdit(path) { Sync.setting("SUMMARY", "3 cans + 800 g tomatoes", in: $0) }
        try await here.sync()
        #expect(here.ledger.list == [Self.tomatoes("3", second: "800")])
        #expect(here.ledger.conflicts.isEmpty)
    }

    /// "3 cans tomatoes" over "2 can + 400 g tomatoes": the phone's amount
    /// shows, and the 400 g is in a conflict on the amount, to take back.
    @Test func aPhoneRewritingTheSummaryWithoutTheSecondLeavesAConflictToTakeItBack() async throws {
        let here = Machine(server)
        here.ledger.add(Self.tomatoes())
        try await here.sync()
        let path = try #require(Sync.path(of: "tomatoes", server))
        server.phoneEdit(path) { Sync.setting("SUMMARY", "3 cans tomatoes", in: $0) }
        let summary = try await here.sync()
        #expect(here.ledger.list == [Self.tomatoes("3", second: nil)])
        #expect(summary.conflicts == 1)
        let conflict = try #require(here.ledger.conflicts.first)
        #expect(conflict.field == "amount" && conflict.kept == "remote")
        #expect(conflict.localValue == "2 can + 400 g" && conflict.remoteValue == "3 can")
        let batch = try #require(SyncEngine.takeOther(conflict: conflict, current: here.ledger.list.first))
        try here.ledger.applySync(.list, batch, locale: MemoryLedger.locale)
        #expect(here.ledger.list == [Self.tomatoes()])
        try await here.sync()
        #expect(Sync.list(server) == [Self.tomatoes()])
    }

    /// A SUMMARY that only looks like two amounts stays a name.
    @Test(arguments: ["salt + pepper", "2 salt + pepper", "2 cans + tomatoes"])
    func aPlusInANameIsNotASecondAmount(summary: String) async throws {
        let here = Machine(server)
        server.phonePut("x.ics", Sync.phoneTodo(uid: "phone-x", summary: summary))
        try await here.sync()
        #expect(here.ledger.list.first?.second == nil)
    }
}
