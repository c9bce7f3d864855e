import Foundation
import GrocerCore
import Testing

@testable import GrocerUI

/// A save on the weight screen is a change like an edit or a delete (issue
/// 34): `u` on the history right after it takes it back, the hint bar names
/// what `u` will undo, `U` makes it again.
@Suite struct HistoryUndoSaveTests {
    static let noon = HistoryFixture.noon

    static func entry(_ id: Int64, _ digits: String, daysAgo: Double) -> WeightEntry {
        WeightEntry(id: id, weight: Weight(digits: digits, unit: .kg)!, recordedAt: noon.addingTimeInterval(-daysAgo * 86_400))
    }

    /// The history as the weight screen's save leaves it: the entry saved,
    /// and noted in the context for the history's undo.
    static func afterSave() -> (HistoryFixture, WeightEntry) {
        var f = HistoryFixture(entries: [entry(1, "78.5", daysAgo: 2), entry(2, "78.4", daysAgo: 1)])
        let saved = entry(3, "78.7", daysAgo: 0)
        f.entries.append(saved)
        f.context.saved = saved
        f.context.notice = "Saved 78.7 kg"
        f.carry(f.screen.appear(&f.context))
        return (f, saved)
    }

    @Test func uRightAfterASaveTakesItBack() {
        var (f, saved) = Self.afterSave()
        #expect(f.context.saved == nil)
        #expect(f.screen.hints.contains(Hint("u", "undoes: add 78.7 kg Nov 21")))
        f.press(.char("u"))
        #expect(f.performed.contains(.history(.undoAdd(saved))))
        #expect(!f.entries.contains(saved))
        #expect(f.screen.notice?.hasPrefix("Undid the save of 78.7 kg of Nov 21, 2026") == true)
        #expect(f.screen.notice?.hasSuffix("U makes it again.") == true)
        #expect(f.screen.window.count == 2)
        // Nothing left to undo: the bar says Undo again.
        #expect(f.screen.hints.contains(Hint("u", "Undo")))
    }

    @Test func bigURedoesTheSaveAndUUndoesItAgain() {
        var (f, saved) = Self.afterSave()
        f.press(.char("u"))
        f.press(.char("U"))
        #expect(f.performed.last(where: { if case .history(.redo) = $0 { return true } else { return false } }) == .history(.redo(.added(saved))))
        #expect(f.entries.contains(saved))
        #expect(f.screen.window.count == 3)
        #expect(f.screen.hints.contains(Hint("u", "undoes: add 78.7 kg Nov 21")))
        f.press(.char("u"))
        #expect(!f.entries.contains(saved))
        #expect(f.press(.char("u")) == .reject)
        #expect(f.screen.notice == "Nothing to undo.")
    }

    @Test func bigUWithNothingUndoneSaysSo() {
        var (f, _) = Self.afterSave()
        #expect(f.press(.char("U")) == .reject)
        #expect(f.screen.notice == "Nothing to redo.")
    }

    /// A delete undone and done again: `U` deletes the entry as it was put back.
    @Test func aDeleteUndoneIsDoneAgainByBigU() {
        var f = HistoryFixture(entries: [Self.entry(1, "78.5", daysAgo: 2), Self.entry(2, "78.4", daysAgo: 1)])
        f.press(.char("d"))
        #expect(f.screen.hints.contains(Hint("u", "undoes: delete 78.4 kg Nov 20")))
        f.press(.char("u"))
        #expect(f.entries.count == 2)
        f.press(.char("U"))
        #expect(f.entries.map(\.id) == [1])
        #expect(f.screen.notice?.hasPrefix("Deleted 78.4 kg") == true)
    }

    /// The answer that the save was changed elsewhere drops the change.
    @Test func aSaveChangedElsewhereIsNotUndoneAndIsForgotten() {
        var (f, saved) = Self.afterSave()
        f.entries.removeAll { $0 == saved }
        f.press(.char("u"))
        #expect(f.screen.notice == "Not undone: another grocer changed or deleted that entry since.")
        #expect(f.press(.char("U")) == .reject)
    }
}
