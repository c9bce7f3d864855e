import Foundation
import GrocerCore
import Testing

@testable import GrocerStore

/// The grocery screen's review adds many lines at once (issue 33): each as
/// quick entry adds one, in one transaction, as one change that one undo
/// takes back; a line the rule refuses is named and the rest added.
/// (The suite's store and entries: StoreGroceriesAddingTests.)
extension StoreGroceriesAddingTests {
    static func amounts(_ store: Store) throws -> [String] {
        try store.groceries.items().map { "\($0.name) \($0.amountText(locale: Self.locale)) \($0.note)" }
    }

    @Test func linesAreAddedAsQuickEntryAddsThemAndOneUndoTakesThemBack() throws {
        let store = try Self.store()
        try store.groceries.add(try Self.entry("2 kg flour"), locale: Self.locale)
        let batch = [
            GroceryBatch.Entry(try Self.entry("500 g flour"), newItemNote: "for Quiche"),
            GroceryBatch.Entry(try Self.entry("3 eggs"), newItemNote: "for Quiche; large"),
            GroceryBatch.Entry(try Self.entry("2 eggs")),
        ]
        let added = try store.groceries.add(batch: batch, locale: Self.locale)
        #expect(added.refused.isEmpty)
        // A known item keeps its own note; eggs added twice are one edit.
        #expect(try Self.amounts(store) == ["flour 2.5 kg ", "eggs 5 for Quiche; large"])
        let change = try #require(added.change)
        #expect(change.label == "add 2 items")
        #expect(change.edits.count == 2)
        let undone = try store.groceries.undo(change.reversed)
        #expect(undone.skipped.isEmpty)
        #expect(try Self.amounts(store) == ["flour 2 kg "])
    }

    @Test func aRefusedLineIsNamedAndTheOthersAdded() throws {
        let store = try Self.store()
        try store.groceries.add(try Self.entry("2 cans tomatoes"), locale: Self.locale)
        try store.groceries.add(try Self.entry("400 g tomatoes"), locale: Self.locale)
        let added = try store.groceries.add(
            batch: [GroceryBatch.Entry(try Self.entry("1 jar tomatoes")), GroceryBatch.Entry(try Self.entry("milk"))], locale: Self.locale)
        #expect(added.refused.map(\.line) == [0])
        #expect(added.change?.label == "add milk")
        #expect(try !store.groceries.unitNames().contains("jar"))
    }
}
