import Foundation
import GrocerCore
import Testing

@testable import GrocerUI

/// The rows of the list area (from row 3), without trailing blank rows.
private func listLines(_ s: GroceriesScreen) -> [String] {
    var lines = Array(screenLines(s).dropFirst(GroceriesScreen.listTop))
    while lines.last == "" { lines.removeLast() }
    return lines
}

@Suite struct GroceriesListingTests {
    @Test func prepareGroupsEveryItemByPlaceWithNoPlaceLastAndNamesInOrder() {
        let s = groceries()
        #expect(screenLines(s)[0] == " Groceries    Prepare   Shop                                 5 of 6 on the list")
        #expect(
            listLines(s) == [
                " Fridge",
                "   [x] butter                                                                1",
                "   [ ] Crème fraîche                                                         1",
                "   [x] Milk                                                                2 l",
                " Pantry",
                "   [x] flour                                                              1 kg",
                "   [x] Yeast                                                                 1",
                " No place at home",
                "   [x] apples                                                                3",
            ])
    }

    @Test func shopListsTheListedItemsByAisleInThePersonsOrderWithNoAisleLast() {
        let s = groceries(keys: [.tab])
        #expect(screenLines(s)[0] == " Groceries    Prepare   Shop                                      1 of 5 ticked")
        #expect(
            listLines(s) == [
                " Baking",
                "   [ ] flour                                                              1 kg",
                " Dairy",
                "   [ ] butter                                                                1",
                "   [ ] Milk                                                                2 l",
                " Produce",
                "   [ ] apples                                                                3",
                " No aisle",
                "   [x] Yeast                                                                 1",
            ])
    }

    @Test func aPrefetchedListShowsAsALoadedOne() {
        var context = testContext()
        var s = GroceriesScreen(locales: context.locales)
        _ = s.appear(&context)
        let prepare = GroceriesTabList(items: Kitchen.items, tab: .prepare, locale: context.locales.numeric)
        _ = s.receive(.groceries(.prefetched(items: Kitchen.items, catalog: Kitchen.catalog, prepare: prepare)), &context)
        #expect(screenLines(s) == screenLines(groceries()))
        _ = s.handle(.tab, &context)
        #expect(screenLines(s) == screenLines(groceries(keys: [.tab])))
    }

    @Test func theSelectedRowIsReversedAndATickedOneDimmed() {
        var canvas = Canvas(width: 80, height: 23)
        groceries(keys: [.tab]).render(into: &canvas)
        #expect(canvas[4, 7].style == .reverse)
        #expect(canvas[11, 7].style == .dim)
    }

    @Test func spaceInShopTicksTheItemAndItSinksToTheBottomOfItsAisle() {
        var store = FakeGroceryStore(items: Kitchen.items, catalog: Kitchen.catalog)
        var s = groceries(keys: [.tab])
        store.drive(&s, [.down, .char(" ")])
        #expect(
            listLines(s)[2...4] == [
                " Dairy",
                "   [ ] Milk                                                                2 l",
                "   [x] butter                                                                1",
            ])
        #expect(s.selectedItem?.name == "Milk")
    }

    @Test func tickingTheLastUntickedItemOfAnAisleMovesToTheNextUnticked() {
        var store = FakeGroceryStore(items: Kitchen.items, catalog: Kitchen.catalog)
        var s = groceries(keys: [.tab])
        store.drive(&s, [.down, .char(" ")])
        #expect(s.selectedItem?.name == "Milk")
        // Milk is the last unticked in Dairy: the cursor goes on to apples,
        // not to the ticked butter below it.
        store.drive(&s, [.char(" ")])
        #expect(store.items.first { $0.name == "Milk" }?.collected == true)
        #expect(s.selectedItem?.name == "apples")
        #expect(screenLines(s)[2] == " Ticked Milk")
    }

    @Test func spaceInPrepareTakesAnItemOffTheList() {
        var store = FakeGroceryStore(items: Kitchen.items, catalog: Kitchen.catalog)
        var s = groceries()
        store.drive(&s, [.char(" ")])
        #expect(listLines(s)[1] == "   [ ] butter                                                                1")
        #expect(store.items.first { $0.name == "butter" }?.listed == false)
        #expect(screenLines(s)[2] == " Took butter off the list")
    }

    @Test func clearAsksThenTakesTickedItemsOffAndUndoPutsThemBack() {
        var store = FakeGroceryStore(items: Kitchen.items, catalog: Kitchen.catalog)
        var s = groceries(keys: [.tab])
        store.drive(&s, [.char("C")])
        #expect(screenLines(s)[1] == " Take the 1 ticked item off the list? (y/n)")
        #expect(s.mode == .confirmClear)
        store.drive(&s, [.char("n")])
        #expect(listLines(s).contains("   [x] Yeast                                                                 1"))
        store.drive(&s, [.char("C"), .char("y")])
        #expect(!listLines(s).contains { $0.contains("Yeast") })
        #expect(screenLines(s)[2] == " Cleared 1 item (u undoes)")
        store.drive(&s, [.char("u")])
        #expect(listLines(s).last == "   [x] Yeast                                                                 1")
        #expect(screenLines(s)[2] == " Undid: clear 1 item.")
        #expect(store.items == Kitchen.items)
    }

    @Test func clearWithNothingTickedIsRefused() {
        let untick = Kitchen.items.map { $0.with(collected: false) }
        var s = groceries(untick, keys: [.tab])
        #expect(s.handle(.char("C")) == .reject)
        #expect(s.mode == .list)
    }

    @Test func undoGoesBackSeveralLevels() {
        var store = FakeGroceryStore(items: Kitchen.items, catalog: Kitchen.catalog)
        var s = groceries()
        store.drive(&s, [.char(" "), .down, .char(" "), .char("d")])
        #expect(store.items.count == 5)
        store.drive(&s, [.char("u"), .char("u"), .char("u")])
        #expect(store.items.sorted { $0.id < $1.id } == Kitchen.items)
        #expect(s.handle(.char("u")) == .reject)
        #expect(screenLines(s)[2] == " Nothing to undo.")
    }

    @Test func undoLeavesWhatAnotherGrocerChangedSinceAndSaysSo() {
        var store = FakeGroceryStore(items: Kitchen.items, catalog: Kitchen.catalog)
        var s = groceries()
        store.drive(&s, [.char(" ")])
        // Another grocer puts butter back on the list with another quantity.
        let index = store.items.firstIndex { $0.name == "butter" }!
        let theirs = GroceryItem(
            id: store.items[index].id, name: "butter", quantity: 4, unit: nil, listed: true, collected: false)
        store.items[index] = theirs
        store.drive(&s, [.char("u")])
        #expect(screenLines(s)[2] == " Not undone: another grocer changed butter since.")
        #expect(store.items[index] == theirs)
        // The list shows the store as it is now.
        #expect(s.items.first { $0.name == "butter" } == theirs)
    }

    @Test func deleteRemovesTheItem() {
        var store = FakeGroceryStore(items: Kitchen.items, catalog: Kitchen.catalog)
        var s = groceries()
        store.drive(&s, [.delete])
        #expect(!store.items.contains { $0.name == "butter" })
        #expect(screenLines(s)[2] == " Deleted butter (u undoes)")
        #expect(listLines(s)[1] == "   [ ] Crème fraîche                                                         1")
    }
}

@Suite struct GroceriesFilterTests {
    @Test(arguments: ["creme", "CRÈME", "fraiche"])
    func filterIgnoresCaseAndAccents(text: String) {
        let s = groceries(keys: [.char("/")] + typed(text))
        #expect(screenLines(s)[1] == " / " + text)
        #expect(listLines(s) == [" Fridge", "   [ ] Crème fraîche                                                         1"])
    }

    @Test func escapeClearsTheFilter() {
        let s = groceries(keys: [.char("/")] + typed("mi") + [.escape])
        #expect(s.filter.text.isEmpty)
        #expect(listLines(s).count == 9)
    }

    @Test func enterKeepsTheFilterAndTheListKeysActAgain() {
        let s = groceries(keys: [.char("/")] + typed("l") + [.enter])
        #expect(s.mode == .list)
        #expect(
            listLines(s) == [
                " Fridge",
                "   [x] Milk                                                                2 l",
                " Pantry",
                "   [x] flour                                                              1 kg",
                " No place at home",
                "   [x] apples                                                                3",
            ])
    }

    @Test func qAndQuestionMarkAreTypedIntoTheFilter() {
        var app = AppModel(context: testContext())
        app.resize(Size(width: 80, height: 24))
        _ = app.start(at: .groceries)
        _ = app.receive(.groceries(.loaded(items: Kitchen.items, catalog: Kitchen.catalog)))
        _ = app.handle(.char("/"))
        #expect(app.handle(.char("q")) == .redraw)
        _ = app.handle(.char("?"))
        #expect(app.top == .groceries)
        #expect(app.screen(.groceries, as: GroceriesScreen.self)?.filter.text == "q?")
    }

    /// k and j are letters in the filter (Up and Down move), as q and ?.
    @Test func kAndJAreTypedIntoTheFilter() {
        let s = groceries(keys: [.char("/")] + typed("milk") + [.char("j")])
        #expect(s.filter.text == "milkj")
        let t = groceries(keys: [.char("/")] + typed("mil") + [.char("k"), .down, .up])
        #expect(t.filter.text == "milk")
        #expect(t.selectedItem?.name == "Milk")
    }

    /// The bar in each mode: the list's own keys (a kept filter's Esc
    /// first), then each mode's.
    @Test(
        arguments: [
            ([], "Tab Shop  Space List  a Add  / Find  e Edit  d Delete  u Undo  m Manage"),
            ([.tab], "Tab Prepare  Space Tick  C Clear  a Add  / Find  e Edit  d Delete  u Undo  m Manage"),
            ([.char("/")] + typed("l") + [.enter], "Esc Clear  Tab Shop  Space List  a Add  / Find  e Edit  d Delete  u Undo  m Manage"),
            ([.char("a")], "Enter Add  Esc Done"),
            ([.char("a")] + typed("fl"), "Tab Complete  Enter Add  Esc Done"),
            ([.char("/")], "Enter Keep  Esc Clear"),
            ([.char("e")], "Tab Next field  Enter Save  Esc Cancel"),
            ([.tab, .char("C")], "y Clear them  n Keep them"),
        ] as [([Key], String)])
    func theHintsOfEachMode(keys: [Key], bar: String) {
        #expect(groceries(keys: keys).hints.map { "\($0.key) \($0.action)" }.joined(separator: "  ") == bar)
    }

    /// Left and Right move the cursor in the filter; the selection stays.
    @Test func movingTheCursorInTheFilterKeepsTheSelection() {
        var s = groceries(keys: [.char("/")] + typed("l") + [.down, .down])
        let selected = s.selectedItem
        #expect(selected?.name == "apples")
        _ = s.handle(.left)
        #expect(s.selectedItem == selected)
        _ = s.handle(.right)
        #expect(s.filter.atEnd)
        #expect(s.selectedItem == selected)
    }

    /// "/99" finds "item 99" before "item 1099": first under its heading,
    /// and selected wherever its heading is.
    @Test func wholeWordMatchesComeFirstAndTheFirstIsSelected() {
        let items = [
            Kitchen.item(1, "item 1099", place: Kitchen.fridge), Kitchen.item(2, "item 99", place: Kitchen.pantry),
            Kitchen.item(3, "item 990"), Kitchen.item(4, "kit 99"),
        ]
        let s = groceries(items, keys: [.char("/")] + typed("99"))
        let rows = s.rows.map { row -> String in
            if case .heading(let heading) = row { return "# " + heading.title }
            return row.item!.name
        }
        #expect(rows == ["# Fridge", "item 1099", "# Pantry", "item 99", "# No place at home", "kit 99", "item 990"])
        #expect(s.selectedItem?.name == "item 99")
    }

    @Test func noMatchSaysSo() {
        let s = groceries(keys: [.char("/")] + typed("zz"))
        #expect(screenLines(s)[4] == "                  No item matches “zz”. Esc clears the filter.")
    }
}
