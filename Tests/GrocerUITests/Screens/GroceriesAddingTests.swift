import Foundation
import GrocerCore
import Testing

@testable import GrocerUI

/// The add line says what Enter will do to an item already on the list
/// (issue 33): amounts add up; `u` undoes the sum; a note shows.
@Suite struct GroceriesAddingTests {
    static let flour = Kitchen.item(2, "flour", 2, unit: Kitchen.kg, aisle: Kitchen.baking, listed: true)
    static let gram = GroceryUnit(id: 3, name: "g")
    static let catalog = GroceryCatalog(aisles: Kitchen.catalog.aisles, units: [Kitchen.kg, gram])

    @Test func theLineSaysTheSumBeforeEnter() {
        let s = groceries([Self.flour], catalog: Self.catalog, keys: [.char("a")] + typed("500 g flour"))
        let lines = screenLines(s, width: 60, height: 8)
        #expect(
            lines == [
                " Groceries    Prepare   Shop             1 of 1 on the list",
                " Add: 500 g flour",
                " Enter adds 500 g: 2.5 kg · flour in Baking",
                " No place at home",
                "   [x] flour                                          2 kg",
                "", "", "",
            ])
    }

    @Test func enterAddsTheSumAndUUndoesIt() {
        var store = FakeGroceryStore(items: [Self.flour], catalog: Self.catalog)
        var s = groceries([Self.flour], catalog: Self.catalog)
        store.drive(&s, [.char("a")] + typed("500 g flour") + [.enter])
        #expect(store.items.map { $0.amountText(locale: Locale(identifier: "en_US")) } == ["2.5 kg"])
        store.drive(&s, [.escape, .char("u")])
        #expect(store.items.map { $0.amountText(locale: Locale(identifier: "en_US")) } == ["2 kg"])
    }

    @Test func aNoteShowsDimAfterTheName() {
        let eggs = GroceryItem(
            id: 7, name: "eggs", quantity: 6, unit: nil, listed: true, collected: false, amount: try! GroceryQuantity(canonical: "6"),
            note: "the organic ones")
        let s = groceries([eggs], catalog: GroceryCatalog())
        #expect(
            screenLines(s, width: 40, height: 8) == [
                " Groceries    Prepare   Shop", "", "", " No place at home", "   [x] eggs  the organic ones        6", "", "", "",
            ])
        var canvas = Canvas(width: 40, height: 8)
        s.render(into: &canvas)
        #expect(canvas[4, 13].style.contains(.dim))
        #expect(!canvas[4, 7].style.contains(.dim))
    }

    @Test func theFormEditsTheNote() {
        var store = FakeGroceryStore(items: Kitchen.items, catalog: Kitchen.catalog)
        var s = groceries()
        store.drive(&s, [.char("e"), .backTab] + typed(" the salted one ") + [.enter])
        #expect(store.items.first { $0.id == 6 }?.note == "the salted one")
        // The form opens with the note the item has.
        store.drive(&s, [.char("e")])
        #expect(s.form?.note.text == "the salted one")
    }
}
