import Foundation
import Testing

@testable import GrocerCore

@Suite struct UndoStackTests {
    typealias F = Fixture

    @Test func undoesNewestFirstThroughSeveralLevels() {
        var stack = UndoStack<Int>(limit: 10)
        for n in 1...3 { stack.record(n) }
        #expect(stack.undo() == 3)
        #expect(stack.undo() == 2)
        #expect(stack.redo() == 2)
        #expect(stack.undo() == 2)
        #expect(stack.undo() == 1)
        #expect(stack.undo() == nil)
        #expect(!stack.canUndo && stack.canRedo)
    }

    @Test func forgetsTheOldestPastTheLimit() {
        var stack = UndoStack<Int>(limit: 3)
        for n in 1...5 { stack.record(n) }
        #expect(stack.undoable == [3, 4, 5])
    }

    @Test func recordingAfterAnUndoForgetsWhatCouldBeRedone() {
        var stack = UndoStack<Int>()
        stack.record(1)
        _ = stack.undo()
        stack.record(2)
        #expect(stack.redo() == nil)
        #expect(stack.undoable == [2])
    }

    @Test func clearTakesTickedItemsOffTheListAndUndoPutsThemBack() throws {
        let before = [
            F.item(1, "milk", collected: true), F.item(2, "flour"),
            F.item(3, "eggs", collected: true), F.item(4, "salt", listed: false),
            F.item(5, "ticked but off the list (an old store's row)", listed: false, collected: true),
        ]
        let clear = try #require(GroceryItemChange.clear(before))
        #expect(clear.label == "clear 2 items")
        #expect(clear.edits.map(\.id) == [1, 3])
        let after = clear.apply(to: before)
        #expect(after.map { "\($0.id)\($0.listed ? "L" : "-")\($0.collected ? "C" : "-")" } == ["1--", "2L-", "3--", "4--", "5-C"])
        var stack = UndoStack<GroceryItemChange>()
        stack.record(clear)
        let undone = stack.undo()
        #expect(undone == clear)
        #expect(clear.undo(on: after) == before)
        #expect(GroceryItemChange.clear(after) == nil)
    }

    @Test func undoingAnAddRemovesTheItemAndUndoingADeleteRestoresIt() {
        let milk = F.item(1, "milk")
        let flour = F.item(2, "flour", place: F.pantry)
        let added = GroceryItemChange.added(flour)
        #expect(added.apply(to: [milk]) == [milk, flour])
        #expect(added.undo(on: [milk, flour]) == [milk])
        let deleted = GroceryItemChange.deleted(flour)
        #expect(deleted.apply(to: [milk, flour]) == [milk])
        #expect(deleted.undo(on: [milk]) == [milk, flour])
    }

    @Test func anEditHoldsBothValuesAndUndoingItRestoresEveryField() {
        let before = F.item(1, "milk", quantity: 1, listed: false, place: F.fridge, aisle: F.dairy)
        let after = F.item(1, "oat milk", quantity: 2, unit: F.kg, listed: true, aisle: F.baking, amount: "2")
        let change = GroceryItemChange.edited(from: before, to: after)
        #expect(change.edits == [.init(before: before, after: after)])
        #expect(change.apply(to: [before]) == [after])
        #expect(change.undo(on: [after]) == [before])
    }

    @Test func ticksAndListingsAreChangesToo() {
        let milk = F.item(1, "milk", collected: true)
        let off = GroceryItemChange.toggleListed(milk)
        #expect(off.edits[0].after == milk.with(listed: false, collected: false))
        #expect(off.label == "take milk off the list")
        let untick = GroceryItemChange.toggleCollected(milk)
        #expect(untick.edits[0].after?.collected == false)
        #expect(untick.undo(on: [untick.edits[0].after!]) == [milk])
    }
}

@Suite struct QuickEntryOnExistingItemsTests {
    typealias F = Fixture
    static let en = Locale(identifier: "en_US")
    static let items = [
        F.item(4, "Milk", listed: false, collected: true), F.item(2, "milk"), F.item(3, "pâte"), F.item(5, "Ｆｌｏｕｒ"),
    ]

    @Test(arguments: [("MILK", 2), ("milk", 2), ("pâte", 3), ("PÂTE", 3), ("pate", nil), ("flour", 5), ("oat milk", nil)] as [(String, Int64?)])
    func findsTheItemANameMeansIgnoringCaseAndWidthButNotAccents(name: String, id: Int64?) {
        #expect(GroceryItem.existing(named: name, in: Self.items, locale: Self.en)?.id == id)
    }

    @Test func relistingPutsItBackUntickedWithTheTypedQuantityAndUnit() throws {
        let milk = F.item(4, "Milk", quantity: 3, unit: F.kg, listed: false, collected: true, place: F.fridge)
        let change = GroceryItemChange.relisted(milk, quantity: try GroceryQuantity(canonical: "2.5"), unit: nil)
        let after = try #require(change.edits[0].after)
        #expect(after.listed && !after.collected)
        #expect(after.amount?.canonical == "2.5" && after.quantity == 3 && after.unit == F.kg && after.place == F.fridge)
        #expect(milk.relisted(quantity: .one, unit: GroceryUnit(id: 2, name: "l")).unit?.name == "l")
        #expect(milk.relisted(quantity: try GroceryQuantity(canonical: "0.2"), unit: nil).quantity == 1)
        #expect(change.undo(on: [after]) == [milk])
    }
}
