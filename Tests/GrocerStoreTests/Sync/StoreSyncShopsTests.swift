import Foundation
import GrocerCore
import Testing

@testable import GrocerStore

/// What the store hands sync of an item's shops, and what it keeps of the
/// shops sync brings (issue 33).
@Suite struct StoreSyncShopsTests {
    let en = Locale(identifier: "en_US")

    @Test func localItemsCarryTheirShopsAndTheFirstShopsAislePositions() throws {
        let store = try Store.open(at: ":memory:", mode: .memory, zone: .gmt, stop: StopFlag())
        let dairy = try store.names(.aisle).add(named: "Dairy")
        let produce = try store.names(.aisle).add(named: "Produce")
        try store.groceries.add(QuickEntry(name: "milk"), aisle: "Dairy", locale: en)
        try store.groceries.add(QuickEntry(name: "apples"), aisle: "Produce", locale: en)
        // No shop: the default order (Dairy 1, Produce 2).
        #expect(try store.sync.syncLocalItems().map(\.aislePosition) == [1, 2])
        let market = try store.shops.add(named: "Market")
        try store.shops.setOrder(shopID: market.id, aisleIDs: [produce.id, dairy.id])
        let milk = try #require(try store.groceries.items().first { $0.name == "milk" })
        try store.shops.setShops(itemID: milk.id, [market.id])
        let items = try store.sync.syncLocalItems()
        #expect(items.map(\.item.shops) == [["Market"], []])
        // X-APPLE-SORT-ORDER follows the first shop's order.
        #expect(items.map(\.aislePosition) == [2, 1])
    }

    @Test func shopsFromTheServerAreKeptAndANewOneIsAdded() throws {
        let store = try Store.open(at: ":memory:", mode: .memory, zone: .gmt, stop: StopFlag())
        try store.sync.setSyncAccount(SyncAccount(collection: .list, url: "http://127.0.0.1:5232/alice/groceries/"))
        try store.shops.add(named: "Market")
        var milk = SyncedItem(name: "milk")
        milk.shops = ["market", "Super"]
        var batch = SyncBatch()
        batch.items = [SyncBatch.Change(uid: "u1", expected: nil, new: milk)]
        try store.sync.applySync(.list, batch, locale: en)
        #expect(try store.shops.all().map(\.name) == ["Market", "Super"])
        let id = try #require(try store.groceries.items().first?.id)
        #expect(try store.shops.itemShops().shops(of: id) == Set(try store.shops.all().map(\.id)))
        #expect(try store.sync.syncLocalItems().map(\.item.shops) == [["Market", "Super"]])
        // The server's copy with no shop: bought anywhere.
        var kept = milk
        kept.shops = ["Market", "Super"]
        batch.items = [SyncBatch.Change(uid: "u1", expected: kept, new: SyncedItem(name: "milk"))]
        try store.sync.applySync(.list, batch, locale: en)
        #expect(try store.shops.itemShops().isEmpty)
    }
}
