import Foundation
import GrocerCore
import GrocerStore
import GrocerSync
import Testing

@testable import GrocerSyncEngine

/// X-APPLE-SORT-ORDER: grocer's aisle reorder reaches the phones (only
/// the items whose aisle moved are written), and a phone's own order on
/// an item grocer did not reorder is kept.
@Suite struct SortOrderSyncTests {
    let server = FakeCalDAV()

    static func order(of name: String, _ server: FakeCalDAV) -> String? {
        guard let path = Sync.path(of: name, server), let text = server.objects[path] else { return nil }
        return text.components(separatedBy: "\r\n").first { $0.hasPrefix("X-APPLE-SORT-ORDER:") }.map { String($0.dropFirst(19)) }
    }

    static func waiting(_ machine: Machine) throws -> Int {
        try SyncEngine.waiting(ledger: machine.ledger, collection: .list, locale: MemoryLedger.locale, now: Sync.now)
    }

    /// The aisle at `from` moves to `to` (the person reordered the shop).
    static func moveAisle(_ ledger: MemoryLedger, from: Int, to: Int) {
        ledger.state.withLock { state in
            for (id, item) in state.items where item.aislePosition == from { state.items[id]!.aislePosition = to }
        }
    }

    @Test func anAisleMovedHereRewritesTheOrderOfItsItemsOnly() async throws {
        let here = Machine(server)
        here.ledger.add(.named("bread", aisle: "bakery"), aislePosition: 0)
        here.ledger.add(.named("rolls", aisle: "bakery"), aislePosition: 0)
        here.ledger.add(.named("milk", aisle: "dairy"), aislePosition: 1)
        try await here.sync()
        #expect(Self.order(of: "bread", server) == String(TodoMapping.sortOrder(aislePosition: 0, rank: 0)))
        let milk = Self.order(of: "milk", server)

        Self.moveAisle(here.ledger, from: 0, to: 2)
        // `sync status` counts the two rewrites waiting.
        #expect(try Self.waiting(here) == 2)
        server.resetCounts()
        let summary = try await here.sync()
        #expect(try Self.waiting(here) == 0)

        #expect(Self.order(of: "bread", server) == String(TodoMapping.sortOrder(aislePosition: 2, rank: 0)))
        #expect(Self.order(of: "rolls", server) == String(TodoMapping.sortOrder(aislePosition: 2, rank: 1)))
        #expect(Self.order(of: "milk", server) == milk)
        #expect(server.requests.filter { $0.method == "PUT" }.count == 2 && summary.sent == 2)
        // Said once: the next sync has nothing to do.
        server.resetCounts()
        try await here.sync()
        #expect(server.requests.count == 1)
    }

    @Test func aPhonesOwnOrderStaysWhenGrocerWritesTheItemForAnotherReason() async throws {
        let here = Machine(server)
        here.ledger.add(.named("bread", aisle: "bakery"), aislePosition: 0)
        try await here.sync()
        let path = try #require(Sync.path(of: "bread", server))
        server.phoneEdit(path) { Sync.setting("X-APPLE-SORT-ORDER", "7", in: $0) }
        try await here.sync()
        here.ledger.edit("bread") { $0.ticked = true }
        try await here.sync()
        #expect(Sync.list(server) == [.named("bread", aisle: "bakery", ticked: true)])
        #expect(Self.order(of: "bread", server) == "7")
        // Until the person moves its aisle here: then grocer's order goes.
        Self.moveAisle(here.ledger, from: 0, to: 3)
        try await here.sync()
        #expect(Self.order(of: "bread", server) == String(TodoMapping.sortOrder(aislePosition: 3, rank: 0)))
    }
}
