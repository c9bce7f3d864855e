import Foundation
import Testing

@testable import GrocerCore

/// The kept order of names the grocery screen groups its lists from.
@Suite struct ItemsByNameTests {
    typealias F = Fixture
    static let en = Locale(identifier: "en_US")

    @Test func ordersByTheLocalesNamesThenId() {
        let items = [F.item(3, "item 10"), F.item(1, "Banana"), F.item(2, "apple"), F.item(4, "item 9"), F.item(5, "APPLE")]
        let order = ItemsByName(items, locale: Self.en)
        #expect(order.items.map(\.id) == [2, 5, 1, 4, 3])
        #expect(order.items.map(\.name) == ["apple", "APPLE", "Banana", "item 9", "item 10"])
    }

    @Test func aTickKeepsTheOrderAndAnItemAddedOrDeletedDoesNot() {
        let items = [F.item(1, "b"), F.item(2, "a")]
        let order = ItemsByName(items, locale: Self.en)
        let ticked = [F.item(1, "b", collected: true), F.item(2, "a")]
        #expect(order.reordering(ticked)?.items == [ticked[1], ticked[0]])
        #expect(order.reordering(items + [F.item(3, "c")]) == nil)
        #expect(order.reordering([items[0]]) == nil)
        #expect(order.reordering([items[0], F.item(9, "z")]) == nil)
    }

    @Test func theListsFromTheOrderEqualTheListsSortedAnew() {
        let items = GroceryListsTests.items
        let byName = ItemsByName(items, locale: Self.en).items
        #expect(GroceryLists.prepare(byName: byName, locale: Self.en).sections(of: byName) == GroceryLists.prepare(items, locale: Self.en))
        #expect(GroceryLists.shop(byName: byName, locale: Self.en).sections(of: byName) == GroceryLists.shop(items, locale: Self.en))
        let shop = GroceryShop(id: 1, name: "Market", aisleOrder: [F.fruit.id], hidden: [F.baking.id])
        let itemShops = ItemShops([4: [1]])
        let order = ItemsByName(items, locale: Self.en)
        #expect(
            ShopList.groups(order, at: shop, itemShops: itemShops).sections(of: order.items)
                == ShopList.sections(items, at: shop, itemShops: itemShops, locale: Self.en))
    }
}

/// The items' shops as bits give each shop's list as the dictionary does.
@Suite struct ShopMembershipTests {
    typealias F = Fixture
    static let en = Locale(identifier: "en_US")

    @Test func eachShopsListIsTheSameWithTheBits() throws {
        let items = GroceryListsTests.items
        let order = ItemsByName(items, locale: Self.en)
        let market = GroceryShop(id: 1, name: "Market", aisleOrder: [F.fruit.id], hidden: [F.baking.id])
        let superstore = GroceryShop(id: 2, name: "Super")
        // Item 4 at the market only, 1 at both, 6 at a shop not listed (9).
        let itemShops = ItemShops([4: [1], 1: [1, 2], 6: [9]])
        let membership = try #require(ShopMembership(order, itemShops: itemShops, shops: [market, superstore]))
        for shop in [market, superstore] {
            let withBits = ShopList.groups(order, at: shop, itemShops: itemShops, membership: membership)
            #expect(withBits == ShopList.groups(order, at: shop, itemShops: itemShops))
        }
        let atSuper = ShopList.groups(order, at: superstore, itemShops: itemShops, membership: membership).sections(of: order.items)
        let names = atSuper.flatMap(\.items).map(\.name)
        #expect(!names.contains("apples") && names.contains("milk") && !names.contains("Sugar"))
    }
}
