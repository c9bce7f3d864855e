import Foundation
import GrocerCore
import Testing

@testable import GrocerStore

/// `store.shops` (issue 33): shops by name, their aisle orders and hidden
/// aisles, and the shops an item is bought at.
@Suite struct StoreShopsTests {
    @Test func shopsAreAddedRenamedAndDeletedByName() throws {
        let f = try GroceryFixture()
        let market = try f.store.shops.add(named: "  Market ")
        let superstore = try f.store.shops.add(named: "Super")
        #expect(try f.store.shops.all().map(\.name) == ["Market", "Super"])
        #expect(try f.store.shops.find(named: "market", locale: f.en)?.id == market.id)
        #expect(throws: StoreError.nameTaken(path: f.store.path, kind: .shop, name: "MARKET")) {
            try f.store.shops.add(named: "MARKET", locale: f.en)
        }
        #expect(try f.store.shops.rename(id: superstore.id, to: "Supermarket").name == "Supermarket")
        try f.store.shops.delete(id: market.id)
        #expect(try f.store.shops.all().map(\.name) == ["Supermarket"])
        #expect(throws: StoreError.notFound(path: f.store.path, kind: .shop, reference: "with id \(market.id)")) {
            try f.store.shops.delete(id: market.id)
        }
    }

    @Test func aShopKeepsItsOwnAisleOrderAndHiddenAisles() throws {
        let f = try GroceryFixture()
        let dairy = try f.store.names(.aisle).add(named: "Dairy")
        let bakery = try f.store.names(.aisle).add(named: "Bakery")
        let fruit = try f.store.names(.aisle).add(named: "Fruit")
        let market = try f.store.shops.add(named: "Market")
        try f.store.shops.setOrder(shopID: market.id, aisleIDs: [fruit.id, bakery.id])
        try f.store.shops.setHidden(shopID: market.id, aisleID: dairy.id, true)
        let shop = try #require(try f.store.shops.all().first)
        #expect(shop.aisleOrder == [fruit.id, bakery.id] && shop.hidden == [dairy.id])
        #expect(shop.ordered(try f.store.groceries.aisles()).map(\.name) == ["Fruit", "Bakery"])
        // A new order replaces the old; the hidden aisle stays hidden.
        try f.store.shops.setOrder(shopID: market.id, aisleIDs: [bakery.id])
        #expect(try f.store.shops.all().first?.aisleOrder == [bakery.id])
        #expect(try f.store.shops.all().first?.hidden == [dairy.id])
        // Deleting an aisle takes it out of every shop's order.
        try f.store.names(.aisle).delete(id: bakery.id)
        #expect(try f.store.shops.all().first?.aisleOrder == [])
    }

    @Test func anItemNamesTheShopsItIsBoughtAtUntilTheShopGoes() throws {
        let f = try GroceryFixture()
        try f.add("milk")
        let milk = try f.named("milk")
        let market = try f.store.shops.add(named: "Market")
        let superstore = try f.store.shops.add(named: "Super")
        try f.store.shops.setShops(itemID: milk.id, [market.id, superstore.id])
        #expect(try f.store.shops.itemShops().shops(of: milk.id) == [market.id, superstore.id])
        try f.store.shops.delete(id: market.id)
        #expect(try f.store.shops.itemShops().shops(of: milk.id) == [superstore.id])
        try f.store.shops.setShops(itemID: milk.id, [])
        #expect(try f.store.shops.itemShops().isEmpty)
        #expect(throws: StoreError.self) { try f.store.shops.setShops(itemID: milk.id, [999]) }
        // Deleting the item takes its shops with it.
        try f.store.shops.setShops(itemID: milk.id, [superstore.id])
        _ = try f.store.groceries.delete(id: milk.id)
        #expect(try f.store.shops.itemShops().isEmpty)
    }
}
