import Foundation
import GrocerCore
import Testing

@testable import GrocerUI

/// Many items at once on the grocery screen (issue 33): a paste of several
/// lines or `R` and a recipe file open the review; Space skips, Enter adds
/// the rest as one change (one `u`), Esc adds nothing.
@Suite struct GroceriesReviewTests {
    static let gram = GroceryUnit(id: 3, name: "g")
    static let catalog = GroceryCatalog(aisles: Kitchen.catalog.aisles, units: [Kitchen.kg, Kitchen.litre, gram])
    /// flour 2 kg on the list; Yeast at home (off the list).
    static let items = [
        Kitchen.item(2, "flour", 2, unit: Kitchen.kg, aisle: Kitchen.baking, listed: true),
        Kitchen.item(5, "Yeast", place: Kitchen.pantry),
    ]
    static let pasted = Key.paste("500 g flour\n3 eggs\nYeast\nsalt")
    static let en = Locale(identifier: "en_US")

    @Test func aPasteOfSeveralLinesOpensTheReview() {
        let s = groceries(Self.items, catalog: Self.catalog, keys: [Self.pasted])
        #expect(s.mode == .reviewing)
        #expect(
            screenLines(s, width: 72, height: 9) == [
                " Groceries    Prepare   Shop                         1 of 2 on the list",
                " Review: 4 lines pasted",
                " Space skips · Enter adds 4 of 4 · Esc adds nothing",
                " [x] 500 g flour  adds to the list: 2 kg + 500 g = 2.5 kg",
                " [x] 3 eggs       new: 3",
                " [x] Yeast        already at home: back on the list, 1",
                " [x] salt         new",
                "", "",
            ])
    }

    @Test func spaceSkipsALineAndEnterAddsTheRestAsOneUndo() {
        var store = FakeGroceryStore(items: Self.items, catalog: Self.catalog)
        var s = groceries(Self.items, catalog: Self.catalog)
        store.drive(&s, [Self.pasted, .down, .down, .char(" ")])
        #expect(
            Array(screenLines(s, width: 72, height: 9)[2...5]) == [
                " Space skips · Enter adds 3 of 4 · Esc adds nothing",
                " [x] 500 g flour  adds to the list: 2 kg + 500 g = 2.5 kg",
                " [x] 3 eggs       new: 3",
                " [ ] Yeast        skipped",
            ])
        store.drive(&s, [.enter])
        #expect(s.mode == .list)
        #expect(s.message == "Added 3 items (u takes it back)")
        let amounts = store.items.map { "\($0.name) \($0.amountText(locale: Self.en)) \($0.listed)" }
        #expect(amounts == ["flour 2.5 kg true", "Yeast 1 false", "eggs 3 true", "salt 1 true"])
        // One undo takes the whole batch back.
        store.drive(&s, [.char("u")])
        #expect(store.items.map { "\($0.name) \($0.amountText(locale: Self.en)) \($0.listed)" } == ["flour 2 kg true", "Yeast 1 false"])
    }

    @Test func escAddsNothing() {
        var store = FakeGroceryStore(items: Self.items, catalog: Self.catalog)
        var s = groceries(Self.items, catalog: Self.catalog)
        store.drive(&s, [Self.pasted, .escape])
        #expect(s.mode == .list)
        #expect(s.review == nil)
        #expect(s.message == "Nothing was added.")
        #expect(store.items == Self.items)
    }

    /// Lines before a line count: "2 eggs" then "3 eggs" are 5 eggs.
    @Test func eachLineSeesTheListAsTheLinesBeforeLeaveIt() {
        let s = groceries(Self.items, catalog: Self.catalog, keys: [.paste("2 eggs\n3 eggs\n500 g flour\n1 kg flour")])
        #expect(
            Array(screenLines(s, width: 72, height: 9)[3...6]) == [
                " [x] 2 eggs       new: 2",
                " [x] 3 eggs       adds to the list: 2 + 3 = 5",
                " [x] 500 g flour  adds to the list: 2 kg + 500 g = 2.5 kg",
                " [x] 1 kg flour   adds to the list: 2.5 kg + 1 kg = 3.5 kg",
            ])
    }

    /// One line goes into the add line as if typed, controls dropped.
    @Test func aPasteOfOneLineIsTyped() {
        let s = groceries(Self.items, catalog: Self.catalog, keys: [.paste("2 kg\tfl\u{1B}our\u{7}\n")])
        #expect(s.mode == .adding)
        #expect(s.addLine.text == "2 kgflour")
        let filtered = groceries(Self.items, catalog: Self.catalog, keys: [.char("/"), .paste("fl\u{9B}our")])
        #expect(filtered.mode == .filtering)
        #expect(filtered.filter.text == "flour")
    }

    /// Nothing pasted reaches the terminal as a control: the rows show
    /// what `PlainText` makes of it.
    @Test func controlCharactersNeverReachTheScreen() {
        let s = groceries(Self.items, catalog: Self.catalog, keys: [.paste("2 \u{202E}eggs\nmilk\u{1B}[2J")])
        let lines = screenLines(s, width: 72, height: 9)
        #expect(!lines.joined().unicodeScalars.contains { PlainText.isControl($0) })
    }

    static let quiche = GroceryBatch.Recipe(
        name: "Quiche", servings: 4, ingredients: ["200 g flour", "3 large eggs", "salt to taste", "2 cups"])

    @Test func rReadsARecipeIntoTheReviewAndPlusScalesIt() {
        var store = FakeGroceryStore(items: Self.items, catalog: Self.catalog)
        store.recipes["~/quiche.json"] = Self.quiche
        var s = groceries(Self.items, catalog: Self.catalog)
        store.drive(&s, [.char("R")] + typed("~/quiche.json"))
        #expect(screenLines(s, width: 72, height: 4)[1] == " Recipe file: ~/quiche.json")
        store.drive(&s, [.enter])
        #expect(s.mode == .reviewing)
        #expect(
            screenLines(s, width: 72, height: 9) == [
                " Groceries    Prepare   Shop                         1 of 2 on the list",
                " Review: Quiche, 4 lines, for 4 (it serves 4)",
                " Space skips · Enter adds 4 of 4 · Esc adds nothing · + - servings",
                " [x] 200 g flour    adds to the list: 2 kg + 200 g = 2.2 kg",
                " [x] 3 large eggs   new: 3",
                " [x] salt to taste  new",
                " [x] 2 cups         could not read: kept as a note",
                "", "",
            ])
        store.drive(&s, [.char("+"), .char("+")])
        #expect(
            Array(screenLines(s, width: 72, height: 9)[1...4]) == [
                " Review: Quiche, 4 lines, for 6 (it serves 4)",
                " Space skips · Enter adds 4 of 4 · Esc adds nothing · + - servings",
                " [x] 200 g flour    adds to the list: 2 kg + 300 g = 2.3 kg",
                " [x] 3 large eggs   new: 5",
            ])
        store.drive(&s, [.enter])
        let eggs = store.items.first { $0.name == "eggs" }
        #expect(eggs?.amountText(locale: Self.en) == "5")
    }

    @Test func aFileThatCannotBeReadIsOneLineAndNothingElse() {
        var store = FakeGroceryStore(items: Self.items, catalog: Self.catalog)
        var s = groceries(Self.items, catalog: Self.catalog)
        store.drive(&s, [.char("R")] + typed("/nowhere.json") + [.enter])
        #expect(s.mode == .list)
        #expect(s.review == nil)
        #expect(screenLines(s, width: 72, height: 4)[2] == " Cannot read /nowhere.json: there is no such file. Check the path.")
        #expect(store.items == Self.items)
    }

    @Test func helpListsRAndTheReview() {
        let entries = GroceriesScreen.helpSections.flatMap(\.entries)
        #expect(entries.contains { $0.keys == "R" })
        #expect(entries.contains { $0.keys == "paste" })
        #expect(entries.contains { $0.keys == "Space" && $0.text == "skip the line, or take it again" })
    }
}
