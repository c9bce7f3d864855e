import Foundation
import GrocerCore
import Testing

@testable import GrocerStore

/// `store.groceries` over an in-memory store: quick entry of a name the
/// list has puts that item back, and an undo brings back a delete.
@Suite struct StoreGroceriesViewTests {
    static let locale = Locale(identifier: "en_US")

    @Test func aNameTheListHasIsPutBackNotAddedTwice() throws {
        let store = try Store.open(at: ":memory:", mode: .memory, zone: .gmt, stop: StopFlag())
        try store.groceries.add(QuickEntry(name: "milk"), aisle: "Dairy", locale: Self.locale)
        try store.groceries.add(QuickEntry(name: "Milk"), locale: Self.locale)
        #expect(try store.groceries.items().map(\.name) == ["milk"])
        #expect(try store.groceries.items().map(\.aisle?.name) == ["Dairy"])
    }

    @Test func anUndoBringsBackADeletedItem() throws {
        let store = try Store.open(at: ":memory:", mode: .memory, zone: .gmt, stop: StopFlag())
        let added = try store.groceries.add(QuickEntry(name: "bread"), locale: Self.locale)
        let id = try #require(added.edits.first?.id)
        let deleted = try store.groceries.delete(id: id)
        #expect(try store.groceries.items().isEmpty)
        let undone = try store.groceries.undo(deleted.reversed)
        #expect(undone.skipped.isEmpty)
        #expect(try store.groceries.items().map(\.name) == ["bread"])
    }
}
