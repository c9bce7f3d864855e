import Foundation
import GrocerCore
import GrocerStore
import GrocerSync
import Testing

@testable import GrocerSyncEngine

/// The list between grocer and a phone (or another grocer), each change
/// both ways, over the fake server.
@Suite struct ListSyncTests {
    let server = FakeCalDAV()

    /// A machine whose list is on the server already.
    func synced(_ items: SyncedItem...) async throws -> Machine {
        let machine = Machine(server)
        for item in items { machine.ledger.add(item) }
        try await machine.sync()
        return machine
    }

    @Test func anItemAddedHereReachesTheServer() async throws {
        let machine = Machine(server)
        machine.ledger.add(.named("flour", "2", unit: "kg", aisle: "baking"))
        let summary = try await machine.sync()
        #expect(Sync.list(server) == [.named("flour", "2", unit: "kg", aisle: "baking")])
        #expect(summary == SyncSummary(received: 0, sent: 1, conflicts: 0))
        let text = try #require(server.objects.values.first)
        #expect(text.contains("SUMMARY:2 kg flour"))
        #expect(text.contains("CATEGORIES:baking"))
        #expect(text.contains("X-APPLE-SORT-ORDER:"))
    }

    /// A phone's VTODO with a SUMMARY only is read by quick entry.
    @Test func aPhonesItemBecomesAnItem() async throws {
        let machine = try await synced(.named("flour"))
        server.phonePut("apples.ics", Sync.phoneTodo(uid: "phone-1", summary: "3 apples"))
        let summary = try await machine.sync()
        #expect(machine.ledger.list == [.named("apples", "3"), .named("flour")])
        #expect(summary.received == 1 && summary.sent == 0)
    }

    /// A phone's "3 apples" takes the spelling of the "Apples" grocer
    /// has: one item, and no conflict over the name's case.
    @Test func aPhonesItemTakesTheKnownSpelling() async throws {
        let here = Machine(server)
        here.ledger.add(.named("Apples"))
        server.phonePut("apples.ics", Sync.phoneTodo(uid: "phone-apples", summary: "3 apples"))
        try await here.sync()
        #expect(here.ledger.list == [.named("Apples", "3")])
        #expect(here.ledger.conflicts.map(\.field) == ["amount"])
        #expect(server.objects.count == 1)
    }

    /// What grocer cannot read (a 1 MB SUMMARY, no UID, not iCalendar) is
    /// said in the summary and left on the server as it is.
    @Test func anObjectGrocerCannotReadIsSaidAndLeftAlone() async throws {
        let machine = try await synced(.named("flour"))
        let huge = Sync.phoneTodo(uid: "phone-huge", summary: String(repeating: "a", count: 1 << 20))
        server.phonePut("huge.ics", huge)
        server.phonePut("nouid.ics", "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nSUMMARY:milk\r\nEND:VTODO\r\nEND:VCALENDAR\r\n")
        let summary = try await machine.sync()
        #expect(summary.unreadable == 2)
        #expect(machine.ledger.list == [.named("flour")])
        #expect(server.objects.values.contains(huge))
        #expect(server.objects.count == 3)
    }

    @Test func aTickTravelsBothWays() async throws {
        let here = try await synced(.named("milk"), .named("eggs"))
        here.ledger.edit("milk") { $0.ticked = true }
        try await here.sync()
        #expect(Sync.list(server) == [.named("eggs"), .named("milk", ticked: true)])
        let path = try #require(Sync.path(of: "eggs", server))
        server.phoneEdit(path) { Sync.setting("STATUS", "COMPLETED", in: $0) }
        try await here.sync()
        #expect(here.ledger.list == [.named("eggs", ticked: true), .named("milk", ticked: true)])
    }

    @Test func anUntickTravelsBothWays() async throws {
        let here = try await synced(.named("milk", ticked: true), .named("eggs", ticked: true))
        here.ledger.edit("milk") { $0.ticked = false }
        try await here.sync()
        #expect(Sync.list(server) == [.named("eggs", ticked: true), .named("milk")])
        let milkPath = try #require(Sync.path(of: "milk", server))
        let milk = try #require(server.objects[milkPath])
        #expect(milk.contains("STATUS:NEEDS-ACTION") && !milk.contains("PERCENT-COMPLETE") && !milk.contains("\r\nCOMPLETED"))
        let path = try #require(Sync.path(of: "eggs", server))
        server.phoneEdit(path) {
            Sync.setting("STATUS", "NEEDS-ACTION", in: Sync.setting("COMPLETED", nil, in: Sync.setting("PERCENT-COMPLETE", nil, in: $0)))
        }
        try await here.sync()
        #expect(here.ledger.list == [.named("eggs"), .named("milk")])
    }

    @Test func aRenameTravelsBothWays() async throws {
        let here = try await synced(.named("milk"), .named("eggs"))
        here.ledger.edit("milk") { $0.name = "oat milk" }
        try await here.sync()
        #expect(Sync.list(server) == [.named("eggs"), .named("oat milk")])
        let path = try #require(Sync.path(of: "eggs", server))
        server.phoneEdit(path) { Sync.setting("SUMMARY", "6 free-range eggs", in: $0) }
        try await here.sync()
        #expect(here.ledger.list == [.named("free-range eggs", "6"), .named("oat milk")])
    }

    @Test func aDeleteTravelsBothWays() async throws {
        let here = try await synced(.named("milk"), .named("eggs"), .named("bread"))
        here.ledger.takeOff("milk")
        try await here.sync()
        #expect(Sync.list(server) == [.named("bread"), .named("eggs")])
        server.phoneDelete(try #require(Sync.path(of: "eggs", server)))
        try await here.sync()
        #expect(here.ledger.list == [.named("bread")])
        // Taken off the list, still known: adding it again is the same row.
        #expect(here.ledger.state.withLock { $0.items.values.contains { !$0.listed && $0.value.name == "eggs" } })
    }

    /// Clear after shopping takes the ticked items off the list: their
    /// VTODOs are deleted.
    @Test func clearDeletesTheTickedItemsVTODOs() async throws {
        let here = try await synced(.named("milk"), .named("eggs"), .named("bread"))
        here.ledger.edit("milk") { $0.ticked = true }
        here.ledger.edit("bread") { $0.ticked = true }
        here.ledger.clear()
        let summary = try await here.sync()
        #expect(Sync.list(server) == [.named("eggs")])
        #expect(server.objects.count == 1)
        #expect(summary.sent == 2)
    }

    /// A phone ticking an item grocer cleared meanwhile: bought either
    /// way, so it stays deleted, with no conflict.
    @Test func aClearAndAPhonesTickAgree() async throws {
        let here = try await synced(.named("milk", ticked: true), .named("eggs"))
        here.ledger.clear()
        let path = try #require(Sync.path(of: "milk", server))
        server.phoneEdit(path) { Sync.setting("X-PHONE-SEEN", "1", in: $0) }
        try await here.sync()
        #expect(here.ledger.list == [.named("eggs")])
        #expect(here.ledger.conflicts.isEmpty)
    }

    @Test func editsOfDifferentFieldsOnBothSidesBothKept() async throws {
        let here = try await synced(.named("flour", "1", unit: "kg"), .named("milk"))
        here.ledger.edit("flour") { $0.aisle = "baking" }
        here.ledger.edit("milk") { $0.ticked = true }
        let path = try #require(Sync.path(of: "flour", server))
        server.phoneEdit(path) { Sync.setting("SUMMARY", "2 kg flour", in: $0) }
        server.phonePut("tea.ics", Sync.phoneTodo(uid: "phone-tea", summary: "tea"))
        let summary = try await here.sync()
        let expected: [SyncedItem] = [.named("flour", "2", unit: "kg", aisle: "baking"), .named("milk", ticked: true), .named("tea")]
        #expect(here.ledger.list == expected)
        #expect(Sync.list(server) == expected)
        #expect(summary.conflicts == 0)
        #expect(summary.received == 2 && summary.sent == 2)
    }

    /// grocer rewrites an item it changed; every line it does not own
    /// (another app's alarm, colour, unknown X- lines) is kept byte for
    /// byte.
    @Test func unknownLinesSurviveGrocersRewrite() async throws {
        let extra = [
            "X-TASKS-ORG-COLOR;VALUE=INTEGER:-16777216", "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Default Tasks.org description",
            "TRIGGER;RELATED=END:PT0S", "END:VALARM", "X-LONG-THING:abc;def\\,ghi",
        ]
        server.phonePut("flour.ics", Sync.phoneTodo(uid: "phone-flour", summary: "2 kg flour", extra: extra))
        let here = Machine(server)
        try await here.sync()
        here.ledger.edit("flour") { $0.ticked = true }
        let summary = try await here.sync()
        #expect(summary.sent == 1)
        let text = try #require(server.objects["/alice/groceries/flour.ics"])
        for line in extra { #expect(text.contains(line + "\r\n"), "\(line)") }
        #expect(text.contains("SUMMARY:2 kg flour\r\n"))
        #expect(Sync.list(server) == [.named("flour", "2", unit: "kg", ticked: true)])
    }

    /// Two people add "Limes" and "limes", one here, one on another
    /// grocer: one item.
    @Test func theSameItemAddedOnBothSidesIsOneItem() async throws {
        let a = Machine(server)
        let b = Machine(server)
        a.ledger.add(.named("Limes", "2"))
        b.ledger.add(.named("limes", "4"))
        try await a.sync()
        try await b.sync()
        try await a.sync()
        #expect(server.objects.count == 1)
        #expect(a.ledger.list.count == 1 && b.ledger.list.count == 1)
        #expect(a.ledger.list == b.ledger.list)
        #expect(Sync.list(server) == a.ledger.list)
        // The larger amount shows; the other is in the conflict.
        #expect(a.ledger.list.first?.quantity.canonical == "4")
    }
}
