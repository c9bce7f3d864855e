import Foundation
import GrocerCore
import Testing

@testable import GrocerUI

@Suite struct GroceriesAddLineTests {
    @Test(arguments: [
        // On the list: the typed amount is added (issue 33), in the aisle
        // the item was filed in.
        ("2 kg flour", "adds 2 kg: 3 kg · flour in Baking"),
        ("3 apples", "adds 3: 6 · apples in Produce"),
        ("1.5 l milk", "adds 1.5 l: 3.5 l · milk in Dairy"),
        ("500 ml milk", "adds 500 ml: 2.5 l · milk in Dairy"),
        ("2 cans flour", "adds 2 can: 1 kg + 2 can · flour in Baking"),
        ("7up", "adds: 1 · 7up"),
        ("2 bottles water", "adds: 2 bottle · water"),
        ("3 pears", "adds: 3 · pears"),
        // A listed item with no quantity stays as it is; with one but no
        // unit, its unit.
        ("milk", "keeps: 2 l · milk in Dairy"),
        ("3 flour", "adds 3 kg: 4 kg · flour in Baking"),
        // Off the list, or ticked (bought): back on it, with the typed
        // quantity, or the one it had.
        ("2 crème fraîche", "puts back: 2 · crème fraîche in Dairy"),
        ("yeast", "puts back: 1 · yeast"),
        // An aisle after " @": the person's, or a new one, said so.
        ("6 eggs @dairy", "adds: 6 · eggs in Dairy"),
        ("6 eggs @Deli", "adds: 6 · eggs in Deli (a new aisle)"),
    ])
    func theAddLineShowsWhatEnterWouldDo(line: String, preview: String) {
        let s = groceries(keys: [.char("a")] + typed(line))
        #expect(screenLines(s)[1] == " Add: " + line)
        #expect(screenLines(s)[2].hasPrefix(" Enter " + preview))
    }

    /// The dim name offered after the cursor is not what Enter adds, and
    /// the line under it says so.
    @Test func theOfferedNameIsSaidToBeTabs() {
        let s = groceries(keys: [.char("a")] + typed("fl"))
        #expect(s.completion != nil)
        #expect(screenLines(s)[2] == " Enter adds: 1 · fl   Tab takes flour")
    }

    @Test func aQuantityAndAUnitAloneAreRefusedWithAHint() {
        var s = groceries(keys: [.char("a")] + typed("2 kg"))
        #expect(screenLines(s)[2] == " \u{201C}2 kg\u{201D} names no item; type the item after it, like 2 kg flour.")
        #expect(s.handle(.enter) == .reject)
        #expect(s.addLine.text == "2 kg")
    }

    @Test func aBadQuantityIsRefusedWithItsReason() {
        var s = groceries(keys: [.char("a")] + typed("0 eggs"))
        #expect(s.handle(.enter) == .reject)
        #expect(screenLines(s)[2] == " The quantity must be more than 0.")
        #expect(s.addLine.text == "0 eggs")
    }

    @Test func enterAddsANewItemOnTheListAndKeepsTheLineOpen() {
        var store = FakeGroceryStore(items: Kitchen.items, catalog: Kitchen.catalog)
        var s = groceries()
        store.drive(&s, [.char("a")] + typed("2 kg sugar") + [.enter])
        let sugar = store.items.first { $0.name == "sugar" }
        #expect(sugar?.amount?.canonical == "2")
        #expect(sugar?.unit == Kitchen.kg)
        #expect(sugar?.listed == true)
        #expect(s.mode == .adding)
        #expect(s.addLine.text == "")
        #expect(screenLines(s)[2] == " Added sugar")
        #expect(s.selectedItem?.name == "sugar")
    }

    @Test func addingAnExistingNamePutsItBackOnTheList() {
        var store = FakeGroceryStore(items: Kitchen.items, catalog: Kitchen.catalog)
        var s = groceries()
        store.drive(&s, [.char("a")] + typed("2 crème fraîche") + [.enter])
        #expect(store.items.count == Kitchen.items.count)
        let creme = store.items.first { $0.id == 3 }
        #expect(creme?.listed == true)
        #expect(creme?.amount?.canonical == "2")
    }

    @Test func pastNamesAreOfferedAndTabOrRightAccepts() {
        var s = groceries(keys: [.char("a")] + typed("2 kg fl"))
        #expect(s.completion?.text == "2 kg flour")
        #expect(screenLines(s)[1] == " Add: 2 kg flour")
        var canvas = Canvas(width: 80, height: 23)
        s.render(into: &canvas)
        #expect(canvas[1, 13].style == .dim)
        #expect(canvas.cursor?.column == 13)
        _ = s.handle(.tab)
        #expect(s.addLine.text == "2 kg flour")
        var t = groceries(keys: [.char("a")] + typed("bu") + [.right])
        #expect(t.addLine.text == "butter")
        _ = t.handle(.escape)
        #expect(t.mode == .list)
    }

    /// The bar offers Tab only when a name is offered: Tab then takes it.
    @Test func tabIsOnTheBarOnlyWhileANameIsOffered() {
        var s = groceries(keys: [.char("a")] + typed("2 kg fl"))
        #expect(s.hints.contains(Hint("Tab", "Complete")))
        s = groceries(keys: [.char("a")] + typed("zz"))
        #expect(s.completion == nil)
        #expect(!s.hints.contains { $0.key == "Tab" })
        #expect(s.hints.map(\.key) == ["Enter", "Esc"])
        #expect(s.handle(.tab) == .none)
        // Right still moves the cursor where nothing is offered.
        _ = s.handle(.left)
        #expect(s.handle(.right) == .redraw)
        #expect(s.addLine.atEnd)
    }

    @Test func anAccentlessPrefixOffersTheWholeName() {
        let s = groceries(keys: [.char("a")] + typed("creme"))
        #expect(s.completion?.text == "Crème fraîche")
        #expect(screenLines(s)[1] == " Add: creme  Tab: Crème fraîche")
    }

    @Test func qAndQuestionMarkAreTypedInTheAddLine() {
        var app = AppModel(context: testContext())
        app.resize(Size(width: 80, height: 24))
        _ = app.start(at: .groceries)
        _ = app.receive(.groceries(.loaded(items: Kitchen.items, catalog: Kitchen.catalog)))
        for key in [.char("a"), .char("q"), .char("?")] as [Key] { _ = app.handle(key) }
        #expect(app.top == .groceries)
        #expect(app.screen(.groceries, as: GroceriesScreen.self)?.addLine.text == "q?")
    }
}

@Suite struct GroceriesEditFormTests {
    @Test func theFormShowsEveryFieldOfTheItem() {
        let s = groceries(keys: [.enter])
        let lines = screenLines(s)
        #expect(lines[3] == "            ┌─ Edit butter ────────────────────────────────────────┐")
        #expect(lines[4] == "            │> Name      butter                                    │")
        #expect(lines[5] == "            │  Quantity  1                                         │")
        #expect(lines[6] == "            │  Unit      (none)                                    │")
        #expect(lines[7] == "            │  Place     Fridge                                    │")
        #expect(lines[8] == "            │  Aisle     Dairy                                     │")
        #expect(lines[9] == "            │  Note                                                │")
    }

    @Test func aPickerFiltersAsYouTypeAndOffersANewOne() {
        var s = groceries(keys: [.char("e"), .tab, .tab, .tab, .tab] + typed("a"))
        #expect(s.form?.field == .aisle)
        #expect(s.form?.aisle.options.map(\.label) == ["(none)", "Baking", "Dairy", "+ New “a”"])
        _ = s.handle(.down)
        #expect(s.form?.aisle.choice == .existing(Kitchen.dairy.id))
        s = groceries(keys: [.char("e"), .backTab, .backTab] + typed("frozen"))
        #expect(s.form?.aisle.options.map(\.label) == ["(none)", "+ New “frozen”"])
        #expect(s.form?.aisle.choice == .new("frozen"))
        #expect(screenLines(s)[8] == "            │> Aisle     frozen                                    │")
        #expect(
            screenLines(s)[10...11] == [
                "            │              (none)                                  │",
                "            │            > + New “frozen”                          │",
            ])
    }

    @Test func enterSavesTheEditAndUndoRestoresTheItem() {
        var store = FakeGroceryStore(items: Kitchen.items, catalog: Kitchen.catalog)
        var s = groceries()
        store.drive(&s, [.char("e")] + Array(repeating: .backspace, count: 6) + typed("Butter") + [.tab] + [.backspace] + typed("2,5"))
        #expect(s.handle(.enter) == .reject)
        #expect(s.form?.message == "\"2,5\" is not a quantity; type one like 2 or 1.5.")
        store.drive(&s, [.backspace, .backspace, .backspace] + typed("2.5") + [.tab] + typed("kg") + [.tab] + [.up, .enter])
        let butter = store.items.first { $0.id == 6 }
        #expect(butter?.name == "Butter")
        #expect(butter?.amount?.canonical == "2.5")
        #expect(butter?.unit == Kitchen.kg)
        #expect(butter?.place == nil)
        #expect(s.mode == .list)
        store.drive(&s, [.char("u")])
        #expect(store.items.first { $0.id == 6 } == Kitchen.items[5])
    }

    @Test func escapeClosesTheFormUnsaved() {
        let s = groceries(keys: [.char("e")] + typed("xx") + [.escape])
        #expect(s.mode == .list)
        #expect(s.form == nil)
    }
}

@Suite struct GroceriesManageTests {
    func manage(_ store: FakeGroceryStore) -> GroceriesManageScreen {
        var context = testContext()
        var s = GroceriesManageScreen(locales: context.locales)
        _ = s.appear(&context)
        var store = store
        _ = s.receive(store.perform(.load), &context)
        return s
    }

    @Test func aislesAreListedInTheShopsOrderAndMoveUpAndDown() {
        var store = FakeGroceryStore(items: Kitchen.items, catalog: Kitchen.catalog)
        var s = manage(store)
        #expect(screenLines(s)[0] == " Manage    Units   Places at home   Aisles   Shops")
        #expect(screenLines(s)[3...5] == ["   1. Baking", "   2. Dairy", "   3. Produce"])
        store.drive(&s, [.down, .char("J")])
        #expect(screenLines(s)[3...5] == ["   1. Baking", "   2. Produce", "   3. Dairy"])
        #expect(s.selected?.name == "Dairy")
        store.drive(&s, [.char("K"), .char("K")])
        #expect(screenLines(s)[3...5] == ["   1. Dairy", "   2. Baking", "   3. Produce"])
        #expect(s.handle(.char("K")) == .none)
    }

    @Test func homeEndAndGGGoToTheFirstAndLastRow() {
        var s = manage(FakeGroceryStore(items: Kitchen.items, catalog: Kitchen.catalog))
        #expect(s.handle(.end) == .redraw)
        #expect(s.selected?.name == "Produce")
        #expect(s.handle(.end) == .none)
        _ = s.handle(.home)
        #expect(s.selected?.name == "Baking")
        _ = s.handle(.char("G"))
        #expect(s.selected?.name == "Produce")
        _ = s.handle(.char("g"))
        #expect(s.selected?.name == "Baking")
    }

    @Test func addRenameAndDeleteAskTheStore() {
        var s = manage(FakeGroceryStore(items: Kitchen.items, catalog: Kitchen.catalog))
        _ = s.handle(.tab)
        #expect(s.onShops)
        _ = s.handle(.tab)
        #expect(s.kind == .unit && !s.onShops)
        _ = s.handle(.char("a"))
        for key in typed("  big   jar ") { _ = s.handle(key) }
        #expect(s.handle(.enter) == .perform(.groceries(.addName(.unit, "big jar"))))
        _ = s.handle(.char("r"))
        #expect(screenLines(s)[1] == " Rename to: kg")
        for key in [.backspace, .backspace] + typed("kilo") { _ = s.handle(key) }
        #expect(s.handle(.enter) == .perform(.groceries(.rename(.unit, id: 1, to: "kilo"))))
        _ = s.handle(.char("d"))
        #expect(screenLines(s)[1] == " Delete “kg”? Items keep working without it. (y/n)")
        #expect(s.handle(.char("y")) == .perform(.groceries(.delete(.unit, id: 1))))
    }
}

@Suite struct GroceriesScreenFitTests {
    static let modes: [[Key]] = [[], [.tab], [.char("a")], [.char("/")], [.char("e")], [.tab, .char("C")]]

    @Test(arguments: modes)
    func theBottomRowAt80ShowsHelpAndQuit(keys: [Key]) {
        var app = AppModel(context: testContext())
        app.resize(Size(width: 80, height: 24))
        _ = app.start(at: .groceries)
        _ = app.receive(.groceries(.loaded(items: Kitchen.items, catalog: Kitchen.catalog)))
        for key in keys { _ = app.handle(key) }
        var canvas = Canvas(width: 80, height: 24)
        app.render(into: &canvas)
        #expect(canvas.lines[23].contains("F1 Help"))
        #expect(canvas.lines[23].contains("F10 Quit"))
    }

    @Test(arguments: [Route.groceries, .groceriesManage])
    func inTheListsQuestionMarkIsHelpAndQQuits(route: Route) {
        var app = AppModel(context: testContext())
        app.resize(Size(width: 80, height: 24))
        _ = app.start(at: route)
        _ = app.receive(.groceries(.loaded(items: Kitchen.items, catalog: Kitchen.catalog)))
        #expect(app.handle(.char("q")) == .quit())
        _ = app.handle(.char("?"))
        #expect(app.top == .help)
    }

    @Test func f5AndAlt5OpenTheGroceries() {
        for key in [Key.function(5), .alt("5")] {
            var app = AppModel(context: testContext())
            _ = app.start(at: .weight)
            #expect(app.handle(key) == .perform(.groceries(.load)))
            #expect(app.top == .groceries)
        }
    }

    @Test func wideAndCombiningNamesKeepTheColumnsAndControlsShowVisibly() {
        let items = [
            Kitchen.item(1, "豆腐", 2, listed: true),
            Kitchen.item(2, "cafe\u{301} au lait", listed: true),
            Kitchen.item(3, "evil\u{1B}[31m red"),
        ]
        let lines = screenLines(groceries(items, catalog: GroceryCatalog()))
        #expect(lines[4] == "   [x] cafe\u{301} au lait                                                          1")
        #expect(lines[5] == "   [ ] evil␛[31m red                                                         1")
        #expect(lines[6] == "   [x] 豆腐                                                                  2")
    }

    @Test func theHelpScreenListsTheGroceryKeys() {
        let titles = ScreenRegistry.standard.helpSections.map(\.title)
        #expect(titles.contains("Groceries"))
        #expect(titles.contains("Units, places, aisles and shops"))
        let shop = ScreenRegistry.standard.helpSections.first { $0.title == "Groceries: Shop" }!
        #expect(shop.entries.contains { $0.keys == "C" && $0.text.contains("ticked") })
    }

    /// One section per mode, each naming a key once: the list (both tabs),
    /// Prepare, Shop, the add line, the filter, the form; every binding is
    /// in one of them.
    @Test func groceryHelpHasASectionPerModeAndEachKeyOnceInIt() {
        let sections = ScreenRegistry.standard.helpSections.filter { $0.route == .groceries }
        #expect(
            sections.map(\.title) == [
                "Groceries", "Groceries: Prepare", "Groceries: Shop", "Groceries: sync", "Groceries: adding (a)", "Groceries: filter (/)",
                "Groceries: edit form (e)", "Groceries: recipe file (R), paste", "Groceries: review",
            ])
        for section in sections {
            let keys = section.entries.flatMap(\.bound)
            #expect(keys.count == Set(keys).count, "\(section.title) names a key twice: \(keys.map(\.name))")
            let typing = section.entries.filter { $0.keys == "letters" }
            #expect(typing.count <= 1, "\(section.title) lists typing twice")
        }
        #expect(GroceriesScreen.helpParts.reduce(0) { $0 + $1.bindings.count } == GroceriesScreen.bindings.count)
        let shown = Set(sections.flatMap { $0.entries.map(\.text) })
        for binding in GroceriesScreen.bindings { #expect(shown.contains(binding.help), "help lacks \(binding.help)") }
    }

    @Test func tenThousandItemsScrollAndOnlyTheVisibleRowsAreDrawn() {
        let items = (1...10_000).map { Kitchen.item(Int64($0), String(format: "item %05d", $0), listed: $0 % 2 == 0) }
        var s = groceries(items, catalog: GroceryCatalog(), keys: [.pageDown, .pageDown, .end])
        #expect(s.selectedItem?.name == "item 10000")
        let lines = screenLines(s)
        #expect(lines[22] == "   [x] item 10000                                                            1")
        _ = s.handle(.char("/"))
        for key in typed("9999") { _ = s.handle(key) }
        #expect(screenLines(s)[4] == "   [ ] item 09999                                                            1")
    }
}
