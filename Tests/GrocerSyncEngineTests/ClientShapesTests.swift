import Foundation
import GrocerCore
import GrocerStore
import GrocerSync
import Testing

@testable import GrocerSyncEngine

/// grocer against what real clients write (issue 36, "What real clients
/// write"): each shape syncs once, and a sync with nothing new after it
/// sends nothing and records nothing.
@Suite struct ClientShapesTests {
    let server = FakeCalDAV()

    var preconditionsFailed: Int { server.state.withLock { $0.preconditionsFailed } }

    /// Thunderbird's recurring task (two VTODOs in one resource) on an
    /// item grocer made: grocer's edit goes into the master, the ticked
    /// occurrence is kept byte for byte, and the next sync rests.
    @Test func aRecurringTaskIsReadByItsMasterAndNeverLoops() async throws {
        let here = Machine(server)
        here.ledger.add(.named("milk"))
        try await here.sync()
        let path = try #require(server.objects.keys.first)
        server.phoneEdit(path) { ClientShapes.thunderbirdRecurring($0) }
        let override = try #require(server.objects[path].map { ClientShapes.lines(Array(Self.secondTodo($0))) })
        here.ledger.edit("milk") { $0.quantity = try! GroceryQuantity(canonical: "2") }
        let first = try await here.sync()
        #expect(first.sent == 1 && first.conflicts == 0 && first.unreadable == 0)
        #expect(preconditionsFailed == 0)
        let text = try #require(server.objects[path])
        #expect(text.contains(override), "the ticked occurrence, byte for byte")
        #expect(Sync.list(server) == [.named("milk", "2")])
        #expect(here.ledger.list == [.named("milk", "2")])
        server.resetCounts()
        let second = try await here.sync()
        #expect(second == SyncSummary())
        #expect(server.writes == 0 && here.ledger.conflicts.isEmpty)
        #expect(server.requests.filter { $0.method == "PUT" || $0.method == "DELETE" }.isEmpty)
    }

    /// A recurring task Thunderbird made is an item (its master), and
    /// syncing twice changes nothing on the server.
    @Test func aRecurringTaskThunderbirdMadeIsAnItem() async throws {
        server.phonePut("tb.ics", ClientShapes.thunderbirdNew)
        let here = Machine(server)
        let first = try await here.sync()
        #expect(here.ledger.list == [.named("milk", "2", unit: "l", aisle: "dairy")])
        #expect(first.received == 1 && first.sent == 0 && first.unreadable == 0)
        let second = try await here.sync()
        #expect(second == SyncSummary())
        #expect(server.objects["/alice/groceries/tb.ics"] == ClientShapes.thunderbirdNew)
        #expect(server.writes == 0 && here.ledger.conflicts.isEmpty)
    }

    /// A copy grocer cannot read after its edit was refused (two masters
    /// in one resource) is there, not deleted: no "deleted on the server"
    /// conflict, no new object, the item kept here, the object left as
    /// it is.
    @Test func aCopyGrocerCannotReadIsNeverTakenAsDeleted() async throws {
        let here = Machine(server)
        here.ledger.add(.named("milk"))
        try await here.sync()
        let path = try #require(server.objects.keys.first)
        server.phoneEdit(path) { text in
            let (head, todo, tail) = ClientShapes.splitTodo(text)
            return ClientShapes.lines(head + ["BEGIN:VTODO"] + todo + ["END:VTODO", "BEGIN:VTODO"] + todo + ["END:VTODO"] + tail)
        }
        let twoMasters = try #require(server.objects[path])
        here.ledger.edit("milk") { $0.ticked = true }
        server.resetCounts()
        let summary = try await here.sync()
        #expect(summary.conflicts == 0 && summary.sent == 0)
        #expect(here.ledger.conflicts.isEmpty)
        #expect(server.objects == [path: twoMasters])
        #expect(here.ledger.list == [.named("milk", ticked: true)])
        #expect(server.requests.filter { $0.method == "PUT" }.count <= 1)
    }

    /// A phone's "3 Apples" joined to the "apples" added here: the aisle
    /// and place stay, the name stays as spelled here, and they reach the
    /// server in the same sync; the next sync rests.
    @Test func aJoinWithAnItemAddedHereKeepsItsAisleAndPlace() async throws {
        let here = Machine(server)
        here.ledger.add(SyncedItem(name: "apples", aisle: "fruit", place: "bowl"))
        server.phonePut("apples.ics", Sync.phoneTodo(uid: "phone-apples", summary: "3 Apples"))
        try await here.sync()
        let joined = SyncedItem(name: "apples", quantity: try GroceryQuantity(canonical: "3"), aisle: "fruit", place: "bowl")
        #expect(here.ledger.list == [joined])
        #expect(Sync.list(server) == [joined])
        #expect(server.objects.count == 1)
        #expect(here.ledger.conflicts.map(\.field) == ["amount"])
        let second = try await here.sync()
        #expect(second == SyncSummary())
    }

    /// The same with an item off the list (known from earlier shopping):
    /// it comes back with its name, aisle and place.
    @Test func aJoinWithAKnownItemOffTheListKeepsItsNameAisleAndPlace() async throws {
        let here = Machine(server)
        here.ledger.add(SyncedItem(name: "apples", aisle: "fruit", place: "bowl"))
        here.ledger.takeOff("apples")
        server.phonePut("apples.ics", Sync.phoneTodo(uid: "phone-apples", summary: "3 Apples"))
        try await here.sync()
        let joined = SyncedItem(name: "apples", quantity: try GroceryQuantity(canonical: "3"), aisle: "fruit", place: "bowl")
        #expect(here.ledger.list == [joined])
        try await here.sync()
        #expect(Sync.list(server) == [joined])
        let third = try await here.sync()
        #expect(third == SyncSummary())
        #expect(here.ledger.conflicts.isEmpty)
    }

    /// Each client's item arrives as the item it means; a sync with
    /// nothing new rests; grocer's tick keeps every line it does not own
    /// byte for byte (a phone's DESCRIPTION above all: kept on the server,
    /// not shown yet), and the sync after it rests again.
    @Test(arguments: ClientShapes.all)
    func eachClientsItemArrivesAndKeepsItsLines(shape: ClientShapes.Shape) async throws {
        server.phonePut("item.ics", shape.text)
        let here = Machine(server)
        let first = try await here.sync()
        #expect(here.ledger.list == [shape.item])
        #expect(first.received == 1 && first.sent == 0 && first.unreadable == 0)
        #expect(try await here.sync() == SyncSummary())
        here.ledger.edit(shape.item.name) { $0.ticked = true }
        let ticked = try await here.sync()
        #expect(ticked.sent == 1 && ticked.conflicts == 0)
        var expected = shape.item
        expected.ticked = true
        #expect(Sync.list(server) == [expected])
        let text = try #require(server.objects["/alice/groceries/item.ics"])
        let owned = ["DTSTAMP", "LAST-MODIFIED", "STATUS", "COMPLETED", "PERCENT-COMPLETE", "X-APPLE-SORT-ORDER"]
        let physical = shape.text.components(separatedBy: "\r\n").filter { line in !line.isEmpty && !owned.contains { line.hasPrefix($0) } }
        for line in physical { #expect(text.contains(line + "\r\n"), "\(line)") }
        let description = shape.text.components(separatedBy: "\r\nDESCRIPTION:").dropFirst().first.map {
            "DESCRIPTION:" + $0.components(separatedBy: "\r\n")[0]
        }
        if let description { #expect(text.contains(description + "\r\n")) }
        server.resetCounts()
        #expect(try await here.sync() == SyncSummary())
        #expect(server.writes == 0 && here.ledger.conflicts.isEmpty)
    }

    /// The lines of the second VTODO, BEGIN and END included.
    static func secondTodo(_ text: String) -> ArraySlice<String> {
        let all = text.components(separatedBy: "\r\n")
        let begins = all.indices.filter { all[$0] == "BEGIN:VTODO" }
        let end = all[begins[1]...].firstIndex(of: "END:VTODO")!
        return all[begins[1]...end]
    }
}
