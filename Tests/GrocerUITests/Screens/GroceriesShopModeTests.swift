import Foundation
import GrocerCore
import Testing

@testable import GrocerUI

/// Shop mode one shop at a time (issue 33): Tab goes Prepare, each shop,
/// Prepare; the header names the shop; each lists its items and those
/// bought anywhere, in its own aisle order.
@Suite struct GroceriesShopModeTests {
    /// Market walks Produce first and has no Baking; Super keeps the
    /// default order. Apples only at the market, Milk only at Super.
    static let market = GroceryShop(id: 1, name: "Market", aisleOrder: [Kitchen.produce.id], hidden: [Kitchen.baking.id])
    static let superstore = GroceryShop(id: 2, name: "Super")
    static var catalog: GroceryCatalog {
        var catalog = Kitchen.catalog
        catalog.shops = [market, superstore]
        catalog.itemShops = ItemShops([4: [market.id], 1: [superstore.id]])
        return catalog
    }

    static func list(_ s: GroceriesScreen) -> [String] {
        var lines = Array(screenLines(s).dropFirst(GroceriesScreen.listTop))
        while lines.last == "" { lines.removeLast() }
        return lines
    }

    @Test func theFirstTabShowsTheFirstShopInItsOrderAndNamesIt() {
        let s = groceries(catalog: Self.catalog, keys: [.tab])
        #expect(screenLines(s)[0] == " Groceries    Prepare   Shop: Market                              1 of 5 ticked")
        #expect(
            Self.list(s) == [
                " Produce",
                "   [ ] apples                                                                3",
                " Dairy",
                "   [ ] butter                                                                1",
                " No aisle",
                "   [x] Yeast                                                                 1",
            ])
    }

    @Test func theNextTabShowsTheNextShopThenPrepareAgain() {
        let s = groceries(catalog: Self.catalog, keys: [.tab, .tab])
        #expect(screenLines(s)[0] == " Groceries    Prepare   Shop: Super                               1 of 5 ticked")
        #expect(
            Self.list(s) == [
                " Baking",
                "   [ ] flour                                                              1 kg",
                " Dairy",
                "   [ ] butter                                                                1",
                "   [ ] Milk                                                                2 l",
                " No aisle",
                "   [x] Yeast                                                                 1",
            ])
        let back = groceries(catalog: Self.catalog, keys: [.tab, .tab, .tab])
        #expect(back.tab == .prepare && screenLines(back) == screenLines(groceries(catalog: Self.catalog)))
    }

    @Test func shiftTabGoesTheOtherWay() {
        let s = groceries(catalog: Self.catalog, keys: [.backTab])
        #expect(s.tab == .shop && s.shownShop?.name == "Super")
        #expect(groceries(catalog: Self.catalog, keys: [.backTab, .backTab]).shownShop?.name == "Market")
    }

    @Test func theHintSaysWhereTabGoes() {
        #expect(groceries(catalog: Self.catalog).nextTabLabel == "Market")
        #expect(groceries(catalog: Self.catalog, keys: [.tab]).nextTabLabel == "Super")
        #expect(groceries(catalog: Self.catalog, keys: [.tab, .tab]).nextTabLabel == "Prepare")
        #expect(groceries(keys: [.tab]).nextTabLabel == "Prepare" && groceries().nextTabLabel == "Shop")
    }

    @Test func withNoShopShopListsEverythingAsBefore() {
        let s = groceries(keys: [.tab])
        #expect(s.shownShop == nil)
        #expect(screenLines(s)[0] == " Groceries    Prepare   Shop                                      1 of 5 ticked")
        #expect(groceries(keys: [.tab, .tab]).tab == .prepare)
    }

    @Test func aShopDeletedElsewhereLeavesTheFirstOne() {
        var context = testContext()
        var s = groceries(catalog: Self.catalog, keys: [.tab, .tab], context: context)
        var fewer = Self.catalog
        fewer.shops = [Self.market]
        _ = s.receive(.groceries(.loaded(items: Kitchen.items, catalog: fewer)), &context)
        #expect(s.shownShop?.name == "Market")
        #expect(screenLines(s)[0].hasPrefix(" Groceries    Prepare   Shop: Market "))
    }

    /// Each list is grouped from the items' order of names kept on the
    /// screen (`ItemsByName`): a rename must make it anew, or "Yoghurt"
    /// would keep butter's place before Milk; a tick keeps it.
    @Test func aRenameOrdersTheListsAgainAndATickKeepsTheOrder() {
        var context = testContext()
        var s = groceries(catalog: Self.catalog, keys: [.tab, .tab], context: context)
        let butter = Kitchen.items[5]
        let yoghurt = Kitchen.item(6, "Yoghurt", place: Kitchen.fridge, aisle: Kitchen.dairy, listed: true)
        _ = s.receive(.groceries(.changed(.edited(from: butter, to: yoghurt), .record)), &context)
        let milk = Kitchen.items[0]
        let ticked = Kitchen.item(1, "Milk", 2, unit: Kitchen.litre, place: Kitchen.fridge, aisle: Kitchen.dairy, listed: true, collected: true)
        _ = s.receive(.groceries(.changed(.edited(from: milk, to: ticked), .record)), &context)
        for key: Key in [.tab, .tab, .tab] { _ = s.handle(key, &context) }
        #expect(s.shownShop?.name == "Super")
        #expect(
            Self.list(s) == [
                " Baking",
                "   [ ] flour                                                              1 kg",
                " Dairy",
                "   [ ] Yoghurt                                                               1",
                "   [x] Milk                                                                2 l",
                " No aisle",
                "   [x] Yeast                                                                 1",
            ])
        _ = s.handle(.tab, &context)
        let fresh = groceries(Kitchen.items.map { $0.id == butter.id ? yoghurt : $0.id == milk.id ? ticked : $0 }, catalog: Self.catalog)
        #expect(screenLines(s) == screenLines(fresh))
    }

    /// `u` after a delete: the store's answers carry the item's shops, and
    /// the item comes back in its shop only, not in every one.
    @Test func anUndoneDeleteComesBackInItsShopOnly() {
        var s = groceries(catalog: Self.catalog, keys: [.tab])
        var context = testContext()
        let milk = Kitchen.items[0]
        var delete = GroceryItemChange.deleted(milk)
        delete = GroceryItemChange(label: delete.label, edits: [.init(before: milk, after: nil, shops: [Self.superstore.id])])
        _ = s.receive(.groceries(.changed(delete, .record)), &context)
        #expect(s.catalog.itemShops.shops(of: milk.id).isEmpty)
        let undone = GroceryItemChange.Undone(applied: delete.reversed, skipped: [])
        _ = s.receive(.groceries(.undone(undone)), &context)
        #expect(s.catalog.itemShops.shops(of: milk.id) == [Self.superstore.id])
        #expect(!Self.list(s).contains { $0.contains("Milk") })
        _ = s.handle(.tab, &context)
        #expect(Self.list(s).contains { $0.contains("Milk") })
    }
}
