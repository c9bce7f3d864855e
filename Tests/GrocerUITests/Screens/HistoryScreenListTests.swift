import Foundation
import GrocerCore
import Testing

@testable import GrocerUI

/// The list over all entries: keyset pages, both ends, the position; and
/// the changes made from it: delete, undo, edit, the goal.
@Suite struct HistoryScreenListTests {
    func history(_ count: Int = 2_000) -> HistoryFixture {
        HistoryFixture(entries: HistoryFixture.daily(count))
    }

    /// Entry ids run 1 (oldest) to count (newest).
    @Test func downUpAndPagesMoveTheSelectionAndTheCount() {
        var f = history()
        #expect(f.whereShown == "1 of 2,000")
        f.press(.down)
        f.press(.char("j"))
        #expect(f.selected?.id == 1_998)
        #expect(f.whereShown == "3 of 2,000")
        f.press(.char("k"))
        #expect(f.whereShown == "2 of 2,000")
        f.press(.pageDown)
        #expect(f.whereShown == "10 of 2,000")
        f.press(.pageUp)
        f.press(.up)
        #expect(f.whereShown == "1 of 2,000")
        #expect(f.press(.up) == .none)
    }

    @Test func movingPastTheLoadedRowsReadsTheNextPageByKey() {
        var f = history()
        for _ in 0..<EntryWindow.pageSize { f.press(.down) }
        #expect(f.performed.last == .history(.loadWeightPage(.olderThan(f.entries[2_000 - EntryWindow.pageSize], limit: EntryWindow.pageSize))))
        #expect(f.selected?.id == Int64(2_000 - EntryWindow.pageSize))
        #expect(f.whereShown == "201 of 2,000")
        // The selected row is on screen.
        #expect(f.frame().last?.contains(f.shownDate(f.selected)) == true)
    }

    /// The move that asked for a page is made when the page comes, and
    /// only then: a change from elsewhere meanwhile reads nothing again
    /// (it would land the move elsewhere); a page that cannot come drops
    /// the move, and the next change is read again.
    @Test func aMoveWaitsForItsPageAndAFailedPageDropsIt() {
        var f = history()
        for _ in 0..<(EntryWindow.pageSize - 1) { f.press(.down) }
        let asked = f.screen.handle(.down, &f.context)
        guard case .perform(let effect) = asked else {
            Issue.record("no page asked for: \(asked)")
            return
        }
        #expect(f.screen.receive(.storeChanged, &f.context) == .none)
        f.carry(.perform(effect))
        #expect(f.whereShown == "201 of 2,000")
        #expect(f.screen.window.awaitedMove == nil)

        for _ in 0..<(EntryWindow.pageSize - 1) { f.press(.down) }
        let second = f.screen.handle(.down, &f.context)
        guard case .perform(let again) = second else {
            Issue.record("no page asked for: \(second)")
            return
        }
        _ = f.screen.receive(.failed(again, "The store is busy."), &f.context)
        #expect(f.screen.window.awaitedMove == nil)
        #expect(f.whereShown == "400 of 2,000")
        if case .perform(.history(.loadWeightPage(.around))) = f.screen.receive(.storeChanged, &f.context) {
        } else {
            Issue.record("a change after the failed page is not read again")
        }
    }

    @Test func endReachesTheVeryOldestAndHomeTheNewest() {
        var f = history()
        f.press(.end)
        #expect(f.performed.last == .history(.loadWeightPage(.oldest(limit: EntryWindow.pageSize))))
        #expect(f.selected?.id == 1)
        #expect(f.whereShown == "2,000 of 2,000")
        #expect(f.frame().last?.contains(f.shownDate(f.entries.first)) == true)
        #expect(f.press(.down) == .none)
        // Up from the oldest page into newer pages, counting all the way.
        for _ in 0..<450 { f.press(.up) }
        #expect(f.whereShown == "1,550 of 2,000")
        #expect(f.selected?.id == 451)
        #expect(f.performed.filter { if case .history(.loadWeightPage(.newerThan)) = $0 { return true } else { return false } }.count >= 2)
        f.press(.home)
        #expect(f.selected?.id == 2_000)
        #expect(f.whereShown == "1 of 2,000")
    }

    /// g and G jump as Home and End do, as on every list (not the goal).
    @Test func gAndGJumpToTheNewestAndTheVeryOldest() {
        var f = history()
        f.press(.char("G"))
        #expect(f.screen.form == nil)
        #expect(f.selected?.id == 1)
        #expect(f.whereShown == "2,000 of 2,000")
        f.press(.char("g"))
        #expect(f.screen.form == nil)
        #expect(f.selected?.id == 2_000)
        #expect(f.whereShown == "1 of 2,000")
    }

    @Test func theWindowKeepsAtMostThreePagesAndStillCountsRight() {
        var f = history()
        for _ in 0..<(4 * EntryWindow.pageSize + 10) { f.press(.pageDown) }
        #expect(f.screen.window.rows.count <= EntryWindow.keep)
        #expect(f.selected?.id == 1)
        #expect(f.whereShown == "2,000 of 2,000")
        for _ in 0..<2_000 { f.press(.pageUp) }
        #expect(f.selected?.id == 2_000)
        #expect(f.whereShown == "1 of 2,000")
    }

    // MARK: Delete and undo

    @Test func dDeletesAtOnceAndSaysHowToUndo() {
        var f = history(5)
        f.press(.down)
        f.press(.char("d"))
        #expect(f.performed.contains(.history(.deleteWeights([4]))))
        #expect(!f.entries.contains { $0.id == 4 })
        #expect(f.whereShown == "2 of 4")
        #expect(f.selected?.id == 3)
        #expect(f.frame()[12].contains("Deleted 79.99 kg of Nov 20, 2026 at 12:00 PM. Press u to undo."))
        // The days are read again: the graph follows.
        #expect(f.performed.last == .history(.loadRecentWeightDays(unit: .kg)))
    }

    @Test func uUndoesSeveralDeletesAndEditsLastFirst() {
        var f = history(5)
        f.press(.delete)  // id 5
        f.press(.char("d"))  // id 4
        f.press(.char("e"))
        f.press(.backspace)
        f.type("5")
        f.press(.enter)  // id 3: 79.98 -> 79.95
        #expect(f.entries.map(\.id) == [1, 2, 3])
        #expect(f.entries.last?.weight.digits == "79.95")
        f.press(.char("u"))
        #expect(f.entries.last?.weight.digits == "79.98")
        f.press(.char("u"))
        #expect(f.entries.map(\.id) == [1, 2, 3, 4])
        #expect(f.selected?.id == 4)
        f.press(.char("u"))
        #expect(f.entries.map(\.id) == [1, 2, 3, 4, 5])
        #expect(f.whereShown == "1 of 5")
        #expect(f.press(.char("u")) == .reject)
        #expect(f.frame()[12].contains("Nothing to undo."))
    }

    @Test func aDeleteOnTheLastRowLeavesTheRowBeforeSelected() {
        var f = history(3)
        f.press(.end)
        f.press(.char("d"))
        #expect(f.selected?.id == 2)
        #expect(f.whereShown == "2 of 2")
    }

    // MARK: Edit

    @Test func editChangesValueUnitDateAndTime() {
        var f = history(3)
        f.press(.enter)
        #expect(f.screen.form?.value.text == "80.00")
        #expect(f.screen.form?.when == "2026-11-21 12:00")
        for _ in 0..<5 { f.press(.backspace) }
        f.type("180.5")
        f.press(.ctrl("u"))
        f.press(.tab)
        for _ in 0..<5 { f.press(.backspace) }
        f.type("07:30")
        #expect(f.frame()[12].contains("Edit: [180.5] lbs  at [2026-11-21 07:30]  note []  Tab next  ^U unit"))
        f.press(.enter)
        let edited = f.entries.last
        #expect(edited?.weight == Weight(digits: "180.5", unit: .lbs))
        #expect(edited?.recordedAt == HistoryFixture.noon.addingTimeInterval(-4.5 * 3_600))
        #expect(f.screen.form == nil)
        #expect(f.frame()[14].hasSuffix("81.9 kg (180.5 lbs)"))
        #expect(f.frame()[12].contains("Press u to undo."))
    }

    /// Ctrl-U in the date field clears the date, as in a shell; the unit
    /// stays (it flipped, unseen, while the date was being typed).
    @Test func ctrlUInTheDateFieldClearsItAndKeepsTheUnit() {
        var f = history(3)
        f.press(.enter)
        let unit = f.screen.form?.unit
        f.press(.tab)
        f.press(.ctrl("u"))
        #expect(f.screen.form?.when == "")
        #expect(f.screen.form?.unit == unit)
        f.type("2026-11-20 07:30")
        #expect(f.screen.form?.when == "2026-11-20 07:30")
        f.press(.backTab)
        f.press(.ctrl("u"))
        #expect(f.screen.form?.unit != unit)
    }

    @Test func anEditToAnotherDayMovesTheEntry() {
        var f = history(3)
        f.press(.char("e"))
        f.press(.tab)
        for _ in 0..<16 { f.press(.backspace) }
        f.type("2026-11-01 08:00")
        f.press(.enter)
        #expect(f.entries.first?.id == 3)
        #expect(f.whereShown == "3 of 3")
        #expect(f.selected?.id == 3)
    }

    @Test func theFormRefusesWhatIsNotAWeightOrADate() {
        var f = history(3)
        f.press(.char("e"))
        #expect(f.press(.char("q")) == .reject)  // typed into the form, not quit
        f.press(.tab)
        for _ in 0..<16 { f.press(.backspace) }
        f.type("9")
        #expect(f.press(.enter) == .reject)
        #expect(f.frame()[12].contains("Type the date and time as 2026-11-21 07:30."))
        f.press(.escape)
        #expect(f.screen.form == nil)
        #expect(f.entries.last?.weight.digits == "80.00")
    }

    @Test func theFormRefusesATimeInTheFutureOrBefore1900() {
        var f = history(3)
        f.press(.char("e"))
        f.press(.tab)
        for _ in 0..<16 { f.press(.backspace) }
        f.type("2030-01-05 07:30")
        #expect(f.press(.enter) == .reject)
        #expect(f.frame()[12].contains("In the future (5 min at most)."))
        for _ in 0..<16 { f.press(.backspace) }
        f.type("1899-12-31 07:30")
        #expect(f.press(.enter) == .reject)
        #expect(f.frame()[12].contains("That is before 1900."))
        // Four minutes from now (the fixture's noon, UTC) is taken.
        for _ in 0..<16 { f.press(.backspace) }
        f.type("2026-11-21 12:04")
        f.press(.enter)
        #expect(f.screen.form == nil)
        #expect(f.entries.last?.recordedAt == HistoryFixture.noon.addingTimeInterval(240))
    }

    // MARK: Goal

    @Test func tSetsTheGoalAndAnEmptyGoalClearsIt() {
        var f = history(20)
        f.press(.char("t"))
        f.type("75")
        f.press(.enter)
        #expect(f.goal == Weight(digits: "75", unit: .kg))
        #expect(f.frame()[11].contains("Goal 75.0 kg"))
        #expect(f.frame()[12].contains("Goal set: 75 kg."))
        f.press(.char("t"))
        #expect(f.screen.form?.value.text == "75")
        f.press(.backspace)
        f.press(.backspace)
        f.press(.enter)
        #expect(f.goal == nil)
        #expect(!f.frame()[11].contains("Goal"))
    }
}

extension HistoryScreenListTests {
    @Test func anUndoThatFailsCanBeTriedAgain() {
        var f = history(3)
        f.press(.char("d"))
        let outcome = f.screen.handle(.char("u"), &f.context)
        #expect(outcome == .perform(.history(.restoreWeights([HistoryFixture.daily(3)[2]]))))
        _ = f.screen.receive(
            .failed(.history(.restoreWeights([HistoryFixture.daily(3)[2]])), "Could not write to /x: disk full. Nothing was lost; try again."),
            &f.context)
        #expect(f.frame()[12].contains("Could not write to /x"))
        f.press(.char("u"))
        #expect(f.entries.count == 3)
    }

    /// Each failure names its request: a page read that fails does not
    /// put back a change already undone (once every failure did).
    @Test func aFailedReadDoesNotPutBackAnUndoneChange() {
        var f = history(3)
        f.press(.char("d"))
        f.press(.char("u"))
        #expect(f.entries.count == 3)
        _ = f.screen.receive(
            .failed(.history(.loadWeightPage(.newest(limit: EntryWindow.pageSize))), "Could not read /x: disk I/O error."), &f.context)
        #expect(f.frame()[12].contains("Could not read /x"))
        f.press(.char("u"))
        #expect(f.frame()[12].contains("Nothing to undo."))
        #expect(f.entries.count == 3)
    }

    @Test func aResizeKeepsTheSelectionInView() {
        var f = history(50)
        for _ in 0..<8 { f.press(.down) }
        let small = f.frame(80, 16)
        #expect(small.last?.contains(f.shownDate(f.selected)) == true)
    }
}
