import Foundation
import GrocerCore
import Testing

@testable import GrocerUI

/// The history inside the app: its hint bar at 80x24, `?` and `q` while
/// browsing, and typed text while its form is open.
@Suite struct HistoryInAppTests {
    func app() -> AppModel {
        var app = AppModel(context: testContext(unit: .kg))
        app.resize(Size(width: 80, height: 24))
        _ = app.start(at: .weight)
        _ = app.handle(.function(3))
        let entries = HistoryFixture.daily(3)
        _ = app.receive(.historyOpened(HistoryOpening(count: 3, newest: entries.reversed(), days: [], goal: nil)))
        return app
    }

    func bottomRow(_ app: AppModel) -> String {
        var canvas = Canvas(width: 80, height: 24)
        app.render(into: &canvas)
        return canvas.lines[23]
    }

    @Test func theBarAt80ShowsTheHistorysKeysThenHelpAndQuit() {
        #expect(bottomRow(app()) == "d Delete  u Undo  e Edit  t Goal  w Weeks  F1 Help  F2 Weight  F4 Tip  F10 Quit")
    }

    /// After a save (issue 34) the bar names what `u` undoes; at 80 columns
    /// the screen switches give way first, then `w` (help lists it), never
    /// help and quit.
    @Test func afterASaveTheBarNamesWhatUUndoes() {
        var app = AppModel(context: testContext(unit: .kg))
        app.resize(Size(width: 80, height: 24))
        _ = app.start(at: .weight)
        let entries = HistoryFixture.daily(3)
        _ = app.receive(.weightSaved(entries[2]))
        _ = app.receive(.historyOpened(HistoryOpening(count: 3, newest: entries.reversed(), days: [], goal: nil)))
        #expect(bottomRow(app) == "d Delete  u undoes: add 80.00 kg Nov 21  e Edit  t Goal  F1 Help  F10 Quit")
    }

    /// `w` names what it shows next; over the weeks and months d, u and e
    /// (which act on an entry) leave the bar.
    @Test func overTheWeeksAndMonthsTheBarNamesWhatWShowsNext() {
        var app = app()
        _ = app.handle(.char("w"))
        #expect(bottomRow(app).hasPrefix("t Goal  w Months  F1 Help"))
        _ = app.handle(.char("w"))
        #expect(bottomRow(app).hasPrefix("t Goal  w Entries  F1 Help"))
    }

    @Test func inTheFormTheBarSaysSaveAndCancelAndKeepsHelpAndQuit() {
        var app = app()
        _ = app.handle(.char("e"))
        #expect(bottomRow(app) == "Enter Save  Esc Cancel  F1 Help  F2 Weight  F4 Tip  F5 Groceries  F10 Quit")
    }

    @Test func questionMarkAndQActWhileBrowsingNotWhileTyping() {
        var app = app()
        _ = app.handle(.char("e"))
        #expect(app.handle(.char("q")) == .reject)
        #expect(app.handle(.char("?")) == .reject)
        #expect(app.top == .history)
        _ = app.handle(.escape)
        _ = app.handle(.char("?"))
        #expect(app.top == .help)
        _ = app.handle(.escape)
        #expect(app.handle(.char("q")) == .quit())
    }
}
