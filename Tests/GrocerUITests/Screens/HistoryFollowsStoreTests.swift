import Foundation
import GrocerCore
import Testing

@testable import GrocerUI

/// Another process (a second grocer, a script, a sync) changes the
/// entries while the history is open: the screen reads them again on the
/// loop's tick and keeps its selection where it still exists.
@Suite struct HistoryFollowsStoreTests {
    func history(_ count: Int) -> HistoryFixture {
        HistoryFixture(entries: HistoryFixture.daily(count))
    }

    @Test func anEntryDeletedElsewhereLeavesTheListAndTheSelectionStays() {
        var f = history(10)
        f.press(.down)
        f.press(.down)
        #expect(f.selected?.id == 8)
        f.entries.removeAll { $0.id == 10 }
        f.storeChanged()
        #expect(!f.screen.window.rows.contains { $0.id == 10 })
        #expect(f.selected?.id == 8)
        #expect(f.whereShown == "2 of 9")
    }

    @Test func theSelectedEntryDeletedElsewhereSelectsTheNextOlder() {
        var f = history(10)
        f.press(.down)
        #expect(f.selected?.id == 9)
        f.entries.removeAll { $0.id == 9 }
        f.storeChanged()
        #expect(f.selected?.id == 8)
        #expect(f.whereShown == "2 of 9")
    }

    @Test func anEntryAddedElsewhereShowsAndTheSelectionStaysDeepInTheHistory() {
        var f = history(2_000)
        for _ in 0..<(EntryWindow.pageSize + 50) { f.press(.down) }
        let selected = f.selected
        #expect(f.whereShown == "251 of 2,000")
        let newest = f.entries.last!
        f.entries.append(WeightEntry(id: 5_000, weight: newest.weight, recordedAt: newest.recordedAt.addingTimeInterval(60)))
        f.storeChanged()
        #expect(f.selected == selected)
        #expect(f.performed.contains(.history(.loadWeightPage(.around(selected!, limit: EntryWindow.pageSize)))))
        #expect(f.screen.window.count == 2_001)
        // The total is read again; the position is the one counted.
        #expect(f.whereShown == "251 of 2,001")
    }

    @Test func theFormOnAnEntryDeletedElsewhereClosesAndSaysWhy() {
        var f = history(5)
        f.press(.char("e"))
        #expect(f.screen.form != nil)
        f.entries.removeAll { $0.id == 5 }
        f.storeChanged()
        #expect(f.screen.form == nil)
        #expect(f.screen.notice == "That entry was deleted by another grocer; nothing to edit.")
    }

    @Test func anEmptyHistoryOpensAfreshWhenEntriesCome() {
        var f = history(0)
        f.entries = HistoryFixture.daily(3)
        f.storeChanged()
        #expect(f.screen.window.count == 3)
        #expect(f.selected?.id == 3)
    }

    @Test func undoingAnEditAnotherGrocerChangedSinceLeavesTheirsAndSaysSo() {
        var f = history(5)
        f.press(.char("e"))
        for _ in 0..<8 { f.press(.backspace) }
        f.type("90")
        f.press(.enter)
        #expect(f.entries.last?.weight.digits == "90")
        // Another grocer changes it again.
        let theirs = WeightEntry(id: 5, weight: Weight(digits: "88", unit: .kg)!, recordedAt: f.entries.last!.recordedAt)
        f.entries[f.entries.count - 1] = theirs
        f.press(.char("u"))
        #expect(f.entries.last == theirs)
        #expect(f.screen.notice == "Could not undo the edit.")
        #expect(!f.screen.undo.canUndo)
        #expect(f.screen.window.rows.first == theirs)
    }
}
