import Foundation
import GrocerCore
import Testing

@testable import GrocerStore

/// `u` after deleting a shop on the manage screen (issue 33): the shop
/// comes back in one transaction with its own aisle order, its hidden
/// aisles and every item's membership of it.
@Suite struct StoreShopDeleteUndoTests {
    @Test func undoingAShopsDeleteGivesBackItsOrderHiddenAislesAndItems() throws {
        let f = try GroceryFixture()
        let dairy = try f.store.names(.aisle).add(named: "Dairy")
        let bakery = try f.store.names(.aisle).add(named: "Bakery")
        let fruit = try f.store.names(.aisle).add(named: "Fruit")
        let market = try f.store.shops.add(named: "Market")
        let superstore = try f.store.shops.add(named: "Super")
        try f.store.shops.setOrder(shopID: market.id, aisleIDs: [fruit.id, bakery.id])
        try f.store.shops.setHidden(shopID: market.id, aisleID: dairy.id, true)
        try f.add("milk")
        try f.add("apples")
        let (milk, apples) = (try f.named("milk").id, try f.named("apples").id)
        try f.store.shops.setShops(itemID: milk, [market.id, superstore.id])
        try f.store.shops.setShops(itemID: apples, [market.id])
        let shopsBefore = try f.store.shops.all()
        let itemShopsBefore = try f.store.shops.itemShops()

        let deletion = try f.store.shops.delete(id: market.id)
        #expect(deletion.shop == shopsBefore[0])
        #expect(deletion.itemIDs == [milk, apples].sorted())
        #expect(try f.store.shops.all().map(\.name) == ["Super"])

        let undone = try f.store.shops.undo(deletion, locale: f.en)
        #expect(undone == ShopDeletion.Undone(deletion: deletion, done: true))
        #expect(try f.store.shops.all() == shopsBefore)
        #expect(try f.store.shops.itemShops() == itemShopsBefore)
    }

    @Test func whatWasDeletedOrTakenSinceIsLeft() throws {
        let f = try GroceryFixture()
        let bakery = try f.store.names(.aisle).add(named: "Bakery")
        let fruit = try f.store.names(.aisle).add(named: "Fruit")
        let market = try f.store.shops.add(named: "Market")
        try f.store.shops.setOrder(shopID: market.id, aisleIDs: [bakery.id, fruit.id])
        try f.add("milk")
        try f.add("bread")
        try f.store.shops.setShops(itemID: try f.named("milk").id, [market.id])
        try f.store.shops.setShops(itemID: try f.named("bread").id, [market.id])
        let deletion = try f.store.shops.delete(id: market.id)

        // Another grocer deletes an aisle and an item meanwhile.
        try f.store.names(.aisle).delete(id: bakery.id)
        try f.store.groceries.delete(id: try f.named("bread").id)
        let undone = try f.store.shops.undo(deletion, locale: f.en)
        #expect(undone.done && undone.skippedItems == 1)
        #expect(try f.store.shops.all() == [GroceryShop(id: market.id, name: "Market", aisleOrder: [fruit.id])])
        #expect(try f.store.shops.itemShops() == ItemShops([try f.named("milk").id: [market.id]]))

        // A shop of that name made since: nothing is written.
        let again = try f.store.shops.delete(id: market.id)
        try f.store.shops.add(named: "MARKET")
        #expect(try f.store.shops.undo(again, locale: f.en).done == false)
        #expect(try f.store.shops.all().map(\.name) == ["MARKET"])
        #expect(try f.store.shops.itemShops().isEmpty)
    }
}
