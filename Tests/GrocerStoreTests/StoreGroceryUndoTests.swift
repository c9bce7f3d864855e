import Foundation
import GrocerCore
import Testing

@testable import GrocerStore

/// Undo in one grocer while another changes the same items: the undo
/// never overwrites, brings back or deletes what the other one changed.
@Suite struct StoreGroceryUndoTests {
    /// A second grocer on the same file.
    func other(_ f: GroceryFixture) throws -> Store {
        try Store.open(at: f.dir.url.appendingPathComponent("grocer.sqlite").path, mode: .create, zone: .current, stop: StopFlag())
    }

    /// The item `line` adds, deleted here (and the delete, for undo); then
    /// the other grocer adds `added`.
    func deleted(_ line: String, thenTheyAdd added: String, _ f: GroceryFixture) throws -> (GroceryItem, GroceryItemChange) {
        let item = try #require(f.add(line).edits.first?.after)
        let delete = GroceryItemChange.deleted(item)
        try f.store.groceries.apply(delete)
        try other(f).groceries.add(f.entry(added), aisle: nil, storedIn: nil, locale: f.en)
        return (item, delete)
    }

    @Test func anUndoLeavesAnItemAnotherGrocerChangedSince() throws {
        let f = try GroceryFixture()
        try f.add("3 apples")
        let tick = GroceryItemChange.toggleCollected(try f.named("apples"))
        try f.store.groceries.apply(tick)
        // The other grocer unticks and takes it off the list.
        let theirs = try f.named("apples").with(listed: false, collected: false)
        try other(f).groceries.apply(GroceryItemChange.edited(from: try f.named("apples"), to: theirs))
        let undone = try f.store.groceries.undo(tick.reversed)
        #expect(undone.applied.edits.isEmpty)
        #expect(undone.skipped == tick.reversed.edits)
        #expect(try f.named("apples") == theirs)
    }

    @Test func anUndoOfAnAddLeavesAnItemAnotherGrocerTickedSince() throws {
        let f = try GroceryFixture()
        let add = try f.add("eggs")
        try other(f).groceries.apply(.toggleCollected(try f.named("eggs")))
        let undone = try f.store.groceries.undo(add.reversed)
        #expect(!undone.skipped.isEmpty)
        #expect(try f.named("eggs").collected)
    }

    @Test func anUndoNeverBringsBackAnItemDeletedElsewhere() throws {
        let f = try GroceryFixture()
        try f.add("milk")
        let tick = GroceryItemChange.toggleCollected(try f.named("milk"))
        try f.store.groceries.apply(tick)
        try other(f).groceries.apply(.deleted(try f.named("milk")))
        let undone = try f.store.groceries.undo(tick.reversed)
        #expect(undone.applied.edits.isEmpty)
        #expect(try f.store.groceries.items().isEmpty)
    }

    /// Ids are never given twice (format version 6): another grocer's new
    /// item gets a new id, never the deleted one's, and the undo puts the
    /// deleted item back under its own id, the other's untouched.
    @Test func aDeletedItemComesBackUnderItsOwnIdAfterAnotherGrocerAddedOne() throws {
        let f = try GroceryFixture()
        let (milk, delete) = try deleted("milk", thenTheyAdd: "bread", f)
        let bread = try f.named("bread")
        #expect(bread.id != milk.id)
        let undone = try f.store.groceries.undo(delete.reversed)
        #expect(undone.skipped.isEmpty)
        #expect(try f.named("milk") == milk)
        #expect(undone.applied.edits.map(\.id) == [milk.id])
        #expect(try f.named("bread") == bread)
    }

    /// Deleted here, added again by the other grocer (under a new id): the
    /// undo leaves the other's item alone and makes no second item of that
    /// name (issue 31).
    @Test func anUndoOfADeleteNeverMakesASecondItemOfANameAddedElsewhere() throws {
        let f = try GroceryFixture()
        let (_, delete) = try deleted("2 l milk", thenTheyAdd: "Milk", f)
        let theirs = try f.named("Milk")
        let undone = try f.store.groceries.undo(delete.reversed)
        #expect(undone.applied.edits.isEmpty)
        #expect(undone.skipped == delete.reversed.edits)
        #expect(try f.store.groceries.items().map(\.id) == [theirs.id])
    }

    @Test func anUndoOfWhatNoOneElseTouchedIsMadeWhole() throws {
        let f = try GroceryFixture()
        try f.add("2 kg flour")
        try f.add("sugar")
        for name in ["flour", "sugar"] { try f.store.groceries.apply(.toggleCollected(try f.named(name))) }
        let clear = try #require(try f.store.groceries.clearTicked())
        let undone = try f.store.groceries.undo(clear.reversed)
        #expect(undone.skipped.isEmpty)
        #expect(try f.named("flour").collected && f.named("sugar").collected)
    }
}
