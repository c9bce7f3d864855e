import Foundation
import Testing

@testable import GrocerCore

/// One shop's Shop mode (issue 33): its ordered aisles first, the others
/// after by the default order, hidden ones left out; its items and those
/// bought anywhere.
@Suite struct ShopListTests {
    static let en = Locale(identifier: "en_US")
    // Default order: Baking (1), Fruit (2), Dairy (3).
    static let aisles = [Fixture.baking, Fixture.fruit, Fixture.dairy]
    static let items = [
        Fixture.item(1, "milk", aisle: Fixture.dairy), Fixture.item(2, "flour", aisle: Fixture.baking),
        Fixture.item(3, "apples", aisle: Fixture.fruit), Fixture.item(4, "candles"),
    ]

    @Test func aShopOrderingNoAisleFollowsTheDefaultOrder() {
        let shop = GroceryShop(id: 1, name: "Market")
        #expect(shop.ordered(Self.aisles).map(\.name) == ["Baking", "Fruit", "Dairy"])
        let sections = ShopList.sections(Self.items, at: shop, itemShops: ItemShops(), locale: Self.en)
        #expect(sections == GroceryLists.shop(Self.items, locale: Self.en))
    }

    @Test func orderedAislesComeFirstAndTheOthersAfterInTheDefaultOrder() {
        let shop = GroceryShop(id: 1, name: "Market", aisleOrder: [Fixture.dairy.id])
        #expect(shop.ordered(Self.aisles).map(\.name) == ["Dairy", "Baking", "Fruit"])
        let sections = ShopList.sections(Self.items, at: shop, itemShops: ItemShops(), locale: Self.en)
        #expect(Fixture.text(sections) == "Dairy\n  [*] milk\nBaking\n  [*] flour\nFruit\n  [*] apples\n(no aisle)\n  [*] candles\n")
    }

    @Test func aHiddenAisleIsLeftOutWithItsItemsBoughtAnywhere() {
        let shop = GroceryShop(id: 1, name: "Market", aisleOrder: [Fixture.fruit.id], hidden: [Fixture.baking.id])
        #expect(shop.ordered(Self.aisles).map(\.name) == ["Fruit", "Dairy"])
        let sections = ShopList.sections(Self.items, at: shop, itemShops: ItemShops(), locale: Self.en)
        #expect(Fixture.text(sections) == "Fruit\n  [*] apples\nDairy\n  [*] milk\n(no aisle)\n  [*] candles\n")
    }

    @Test func anItemNamingTheShopIsListedEvenInAnAisleItHides() {
        let shop = GroceryShop(id: 1, name: "Market", hidden: [Fixture.baking.id])
        let sections = ShopList.sections(Self.items, at: shop, itemShops: ItemShops([2: [1]]), locale: Self.en)
        #expect(Fixture.text(sections) == "Fruit\n  [*] apples\nDairy\n  [*] milk\nBaking\n  [*] flour\n(no aisle)\n  [*] candles\n")
    }

    @Test func eachShopListsItsOwnItemsAndThoseBoughtAnywhere() {
        let market = GroceryShop(id: 1, name: "Market")
        let superstore = GroceryShop(id: 2, name: "Super")
        // apples only at the market, milk only at the supermarket, flour at both.
        let shops = ItemShops([3: [1], 1: [2], 2: [1, 2]])
        let atMarket = ShopList.sections(Self.items, at: market, itemShops: shops, locale: Self.en)
        let atSuper = ShopList.sections(Self.items, at: superstore, itemShops: shops, locale: Self.en)
        #expect(Fixture.text(atMarket) == "Baking\n  [*] flour\nFruit\n  [*] apples\n(no aisle)\n  [*] candles\n")
        #expect(Fixture.text(atSuper) == "Baking\n  [*] flour\nDairy\n  [*] milk\n(no aisle)\n  [*] candles\n")
    }

    @Test func anItemOffTheListIsNotInAnyShop() {
        let items = [Fixture.item(1, "milk", listed: false, aisle: Fixture.dairy)]
        #expect(ShopList.sections(items, at: GroceryShop(id: 1, name: "M"), itemShops: ItemShops(), locale: Self.en).isEmpty)
    }
}
