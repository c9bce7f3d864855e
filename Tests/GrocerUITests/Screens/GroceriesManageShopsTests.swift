import Foundation
import GrocerCore
import Testing

@testable import GrocerUI

/// The manage screen's Shops (issue 33): after Aisles on Tab; add, rename,
/// delete (asking, and saying how many items lose the shop); Enter opens a
/// shop's aisles, K / J order them for that shop, h hides one it does not
/// have (or shows it again), Esc goes back to the shops.
@Suite struct GroceriesManageShopsTests {
    /// Market walks Produce first and has no Baking; Super keeps the
    /// default order. Apples and butter at the market, Milk and butter at
    /// Super.
    static var catalog: GroceryCatalog {
        var catalog = Kitchen.catalog
        catalog.shops = [
            GroceryShop(id: 1, name: "Market", aisleOrder: [Kitchen.produce.id], hidden: [Kitchen.baking.id]),
            GroceryShop(id: 2, name: "Super"),
        ]
        catalog.itemShops = ItemShops([4: [1], 1: [2], 6: [1, 2]])
        return catalog
    }

    /// The manage screen on its Shops list, and its store.
    func shops() -> (GroceriesManageScreen, FakeGroceryStore) {
        var store = FakeGroceryStore(items: Kitchen.items, catalog: Self.catalog)
        var context = testContext()
        var s = GroceriesManageScreen(locales: context.locales)
        _ = s.appear(&context)
        _ = s.receive(store.perform(.load), &context)
        store.drive(&s, [.tab])
        return (s, store)
    }

    func rows(_ s: GroceriesManageScreen) -> [String] {
        var lines = Array(screenLines(s).dropFirst(3))
        while lines.last == "" { lines.removeLast() }
        return lines
    }

    func status(_ s: GroceriesManageScreen) -> String { screenLines(s)[2].trimmingCharacters(in: .whitespaces) }

    @Test func shopsComeAfterAislesOnTabWithHowManyItemsNameThem() {
        let (s, _) = shops()
        #expect(s.onShops)
        #expect(screenLines(s)[0] == " Manage    Units   Places at home   Aisles   Shops")
        var canvas = Canvas(width: 80, height: 23)
        s.render(into: &canvas)
        #expect(canvas[0, 45].style == [.reverse, .bold])
        #expect(rows(s) == ["   Market  (2 items)", "   Super  (2 items)"])
        var again = s
        _ = again.handle(.tab)
        #expect(!again.onShops && again.kind == .unit)
        _ = again.handle(.backTab)
        #expect(again.onShops)
    }

    @Test func aShopIsAddedAndRenamed() {
        var (s, store) = shops()
        store.drive(&s, [.char("a")] + typed("  Corner   shop ") + [.enter])
        #expect(store.catalog.shops.map(\.name) == ["Market", "Super", "Corner shop"])
        #expect(status(s) == "Added Corner shop")
        #expect(rows(s).last == "   Corner shop")
        store.drive(&s, [.home, .char("r")])
        #expect(screenLines(s)[1] == " Rename to: Market")
        store.drive(&s, [.ctrl("u")] + typed("Marché") + [.enter])
        #expect(store.catalog.shops.map(\.name) == ["Marché", "Super", "Corner shop"])
        #expect(status(s) == "Renamed Market to Marché")
    }

    @Test func deletingAShopAsksAndSaysHowManyItemsLoseIt() {
        var (s, store) = shops()
        store.drive(&s, [.char("d")])
        #expect(screenLines(s)[1] == " Delete “Market”? 2 items lose it. (y/n)")
        store.drive(&s, [.char("n")])
        #expect(store.catalog.shops.count == 2)
        store.drive(&s, [.char("d"), .char("y")])
        #expect(status(s) == "Deleted Market; 2 items lost it (u undoes)")
        #expect(store.catalog.shops.map(\.name) == ["Super"])
        #expect(store.catalog.itemShops == ItemShops([1: [2], 6: [2]]))
        #expect(rows(s) == ["   Super  (2 items)"])
    }

    /// As a deleted item or aisle comes back: the shop, its own order of
    /// the aisles, the aisles it hid, and every item that named it.
    @Test func uBringsBackADeletedShopWithItsOrderHiddenAislesAndItems() {
        var (s, store) = shops()
        let before = store.catalog
        store.drive(&s, [.char("d"), .char("y")])
        #expect(store.catalog.shops.map(\.name) == ["Super"])
        store.drive(&s, [.char("u")])
        #expect(status(s) == "Undid: delete Market.")
        #expect(store.catalog.shops == before.shops)
        #expect(store.catalog.itemShops == before.itemShops)
        #expect(rows(s) == ["   Market  (2 items)", "   Super  (2 items)"])
        #expect(s.selected?.name == "Market")
        store.drive(&s, [.enter])
        #expect(rows(s) == ["   1. Produce", "   2. Dairy", "      Baking (not in this shop)"])
        store.drive(&s, [.escape, .char("u")])
        #expect(status(s) == "Nothing to undo.")
    }

    @Test func anUndoneShopDeleteLeavesAShopOfThatNameMadeSince() {
        var (s, store) = shops()
        store.drive(&s, [.char("d"), .char("y"), .char("a")] + typed("Market") + [.enter])
        store.drive(&s, [.char("u")])
        #expect(status(s) == "Not undone: a shop called Market was made since.")
        #expect(store.catalog.shops.map(\.name) == ["Super", "Market"])
    }

    @Test func aShopNoItemNamesSaysSo() {
        var (s, store) = shops()
        store.drive(&s, [.char("a")] + typed("Corner") + [.enter, .end, .char("d")])
        #expect(screenLines(s)[1] == " Delete “Corner”? No item names it. (y/n)")
        store.drive(&s, [.char("y")])
        #expect(status(s) == "Deleted Corner (u undoes)")
    }

    @Test func enterOpensAShopsAislesInItsOrderWithTheHiddenOnesLast() {
        var (s, store) = shops()
        store.drive(&s, [.enter])
        #expect(s.openShop == 1)
        #expect(screenLines(s)[1] == " Market: its aisles in the order you walk them")
        #expect(rows(s) == ["   1. Produce", "   2. Dairy", "      Baking (not in this shop)"])
        var canvas = Canvas(width: 80, height: 23)
        s.render(into: &canvas)
        #expect(canvas[5, 6].style == .dim)
        store.drive(&s, [.escape])
        #expect(s.openShop == nil && s.onShops && s.selected?.name == "Market")
        var context = testContext()
        #expect(s.handle(.escape, &context) == .go(.groceries))
    }

    @Test func kAndJOrderTheShopsAislesAndTheMovedOneStaysSelected() {
        var (s, store) = shops()
        store.drive(&s, [.enter, .down, .char("K")])
        #expect(store.catalog.shops[0].aisleOrder == [Kitchen.dairy.id, Kitchen.produce.id])
        #expect(rows(s) == ["   1. Dairy", "   2. Produce", "      Baking (not in this shop)"])
        #expect(s.selected?.name == "Dairy")
        #expect(s.handle(.char("K")) == .none)
        store.drive(&s, [.char("J")])
        #expect(rows(s)[0...1] == ["   1. Produce", "   2. Dairy"])
        // The default order (Aisles) is left as it was.
        #expect(store.catalog.aisles.map(\.name) == ["Baking", "Dairy", "Produce"])
        // Another shop's order is its own.
        #expect(store.catalog.shops[1].aisleOrder == [])
        // A hidden aisle has no place in the order.
        store.drive(&s, [.end])
        #expect(s.handle(.char("K")) == .reject)
        #expect(status(s) == "A hidden aisle has no place in the order: h shows it.")
    }

    @Test func hHidesAnAisleTheShopDoesNotHaveAndShowsItAgain() {
        var (s, store) = shops()
        store.drive(&s, [.enter, .down, .char("h")])
        #expect(store.catalog.shops[0].hidden == [Kitchen.baking.id, Kitchen.dairy.id])
        #expect(status(s) == "Market has no Dairy (h shows it)")
        #expect(rows(s) == ["   1. Produce", "      Baking (not in this shop)", "      Dairy (not in this shop)"])
        #expect(s.selected?.name == "Dairy")
        store.drive(&s, [.up, .char("h")])
        #expect(status(s) == "Market has Baking again")
        #expect(rows(s) == ["   1. Produce", "   2. Baking", "      Dairy (not in this shop)"])
    }

    @Test func aShopDeletedByAnotherGrocerClosesItsAisles() {
        var (s, store) = shops()
        store.drive(&s, [.enter])
        store.catalog.shops.removeFirst()
        var context = testContext()
        _ = s.receive(store.perform(.load), &context)
        #expect(s.openShop == nil && s.onShops)
        #expect(status(s) == "That shop was deleted by another grocer.")
    }

    @Test func theBarAt80OffersTheShopsKeys() {
        var app = AppModel(context: testContext())
        app.resize(Size(width: 80, height: 24))
        _ = app.start(at: .groceriesManage)
        _ = app.receive(.groceries(.loaded(items: Kitchen.items, catalog: Self.catalog)))
        _ = app.handle(.tab)
        var canvas = Canvas(width: 80, height: 24)
        app.render(into: &canvas)
        #expect(canvas.lines[23].hasPrefix("Tab Next list  a Add  Enter Aisles  r Rename  d Delete  F1 Help  F10 Quit"))
        _ = app.handle(.enter)
        app.render(into: &canvas)
        #expect(canvas.lines[23].hasPrefix("K J Move  h Hide  Esc Shops  F1 Help"))
        _ = app.handle(.down)
        _ = app.handle(.down)
        app.render(into: &canvas)
        #expect(canvas.lines[23].hasPrefix("K J Move  h Show  Esc Shops"))
    }
}
