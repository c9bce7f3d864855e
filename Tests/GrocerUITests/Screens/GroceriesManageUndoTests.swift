import Foundation
import GrocerCore
import Testing

@testable import GrocerUI

/// `u` on the manage screen: renames and deletes undone, several levels,
/// guarded as the store guards them, each said on the status line.
@Suite struct GroceriesManageUndoTests {
    /// The manage screen on the aisles (Baking, Dairy, Produce), and its store.
    func manage() -> (GroceriesManageScreen, FakeGroceryStore) {
        var store = FakeGroceryStore(items: Kitchen.items, catalog: Kitchen.catalog)
        var context = testContext()
        var s = GroceriesManageScreen(locales: context.locales)
        _ = s.appear(&context)
        _ = s.receive(store.perform(.load), &context)
        return (s, store)
    }

    func status(_ s: GroceriesManageScreen) -> String { screenLines(s)[2].trimmingCharacters(in: .whitespaces) }

    @Test func uUndoesARename() {
        var (s, store) = manage()
        store.drive(&s, [.char("r"), .ctrl("u")] + typed("Bread") + [.enter])
        #expect(status(s) == "Renamed Baking to Bread")
        var canvas = Canvas(width: 80, height: 23)
        s.render(into: &canvas)
        #expect(canvas[2, 1].style == .accent)
        #expect(store.catalog.aisles.map(\.name) == ["Bread", "Dairy", "Produce"])
        store.drive(&s, [.end, .char("u")])
        #expect(status(s) == "Undid: rename Baking to Bread.")
        #expect(store.catalog.aisles.map(\.name) == ["Baking", "Dairy", "Produce"])
        #expect(s.selected?.name == "Baking")
    }

    @Test func uUndoesADeleteAndItsItemsGetItBack() {
        var (s, store) = manage()
        store.drive(&s, [.down, .char("d"), .char("y")])
        #expect(status(s) == "Deleted Dairy (u undoes)")
        #expect(store.catalog.aisles.map(\.name) == ["Baking", "Produce"])
        #expect(store.items.allSatisfy { $0.aisle != Kitchen.dairy })
        store.drive(&s, [.char("u")])
        #expect(status(s) == "Undid: delete Dairy.")
        #expect(store.catalog.aisles.map(\.name) == ["Baking", "Dairy", "Produce"])
        #expect(store.items == Kitchen.items)
        #expect(s.selected?.name == "Dairy")
    }

    @Test func undoGoesBackSeveralLevelsOnTheListOfTheChange() {
        var (s, store) = manage()
        store.drive(&s, [.char("d"), .char("y"), .tab, .tab, .tab] + [.char("r")] + typed("s") + [.enter])
        #expect(s.kind == .place)
        #expect(status(s) == "Renamed Fridge to Fridges")
        store.drive(&s, [.tab, .char("u")])
        #expect(s.kind == .place)
        #expect(store.catalog.places.map(\.name) == ["Fridge", "Pantry"])
        store.drive(&s, [.char("u")])
        #expect(s.kind == .aisle)
        #expect(s.selected?.name == "Baking")
        #expect(store.catalog.aisles.map(\.name) == ["Baking", "Dairy", "Produce"])
        #expect(s.handle(.char("u")) == .reject)
        #expect(status(s) == "Nothing to undo.")
    }

    @Test func whatAnotherGrocerChangedSinceIsLeftAndSaid() {
        var (s, store) = manage()
        store.drive(&s, [.char("r"), .ctrl("u")] + typed("Bread") + [.enter])
        store.setName(.aisle, Kitchen.baking.id, "Bakery")
        store.drive(&s, [.char("u")])
        #expect(status(s) == "Not undone: another grocer changed Bread since.")
        #expect(store.catalog.aisles.map(\.name) == ["Bakery", "Dairy", "Produce"])
        #expect(s.entries.map(\.name) == ["Bakery", "Dairy", "Produce"])

        store.drive(&s, [.down, .char("d"), .char("y")])
        // The other grocer puts milk in Baking meanwhile.
        let milk = store.items[0]
        store.items[0] = GroceryItem(
            id: milk.id, name: milk.name, quantity: milk.quantity, unit: milk.unit, listed: milk.listed, collected: milk.collected,
            place: milk.place, aisle: Kitchen.baking, amount: milk.amount)
        store.drive(&s, [.char("u")])
        #expect(status(s) == "Undid delete Dairy, except Milk another grocer changed since.")
        #expect(store.items[0].aisle == Kitchen.baking)
        #expect(store.items.first { $0.name == "butter" }?.aisle == Kitchen.dairy)
    }

    /// A failure of another request (a rename) leaves an undone change undone.
    @Test func anotherRequestsFailureDoesNotPutBackAnUndo() {
        var (s, store) = manage()
        store.drive(&s, [.char("d"), .char("y"), .char("u")])
        #expect(status(s) == "Undid: delete Baking.")
        var context = testContext()
        #expect(s.receive(.failed(.groceries(.rename(.aisle, id: 1, to: "x")), "The store is busy."), &context) == .reject)
        store.drive(&s, [.char("u")])
        #expect(status(s) == "Nothing to undo.")
    }

    @Test func anUndoThatFailsCanBeTriedAgain() {
        var (s, store) = manage()
        store.drive(&s, [.char("d"), .char("y")])
        var context = testContext()
        #expect(s.handle(.char("u"), &context) == .perform(.groceries(s.undo.redoable[0].undoRequest)))
        #expect(s.receive(.failed(.groceries(s.undo.redoable[0].undoRequest), "The store is busy."), &context) == .reject)
        #expect(status(s) == "The store is busy.")
        store.drive(&s, [.char("u")])
        #expect(status(s) == "Undid: delete Baking.")
    }

    @Test func theBarAt80OffersUndo() {
        var app = AppModel(context: testContext())
        app.resize(Size(width: 80, height: 24))
        _ = app.start(at: .groceriesManage)
        _ = app.receive(.groceries(.loaded(items: Kitchen.items, catalog: Kitchen.catalog)))
        var canvas = Canvas(width: 80, height: 24)
        app.render(into: &canvas)
        #expect(canvas.lines[23].hasPrefix("Tab Next list  a Add  r Rename  d Delete  u Undo  K J Move  F1 Help  F10 Quit"))
    }
}
