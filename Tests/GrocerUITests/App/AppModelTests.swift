import Foundation
import GrocerCore
import Testing

@testable import GrocerUI

@Suite struct AppModelTests {
    static let noon = Date(timeIntervalSince1970: 1_795_262_400)

    func model(unit: WeightUnit = .lbs, at route: Route = .weight, width: Int = 80, height: Int = 24) -> AppModel {
        var app = AppModel(context: testContext(unit: unit))
        app.resize(Size(width: width, height: height))
        _ = app.start(at: route)
        return app
    }

    func frame(_ app: AppModel, _ width: Int = 80, _ height: Int = 24) -> [String] {
        var canvas = Canvas(width: width, height: height)
        app.render(into: &canvas)
        return canvas.lines
    }

    /// The store's opening brings the checked hints: the model makes every
    /// screen again from them (no screen repairs its own separator or
    /// date), with the store's unit, and goes on at the weight screen, from
    /// the first frame's weight screen and from the migration's summary.
    @Test(arguments: [Route.weight, .migration])
    func theStoresOpeningRemakesTheScreensFromTheCheckedHints(from route: Route) throws {
        var context = testContext()
        context.hints = LaunchHints(numeric: .init(identifier: context.locales.numericIdentifier, separator: ","))
        var app = AppModel(context: context)
        app.resize(Size(width: 80, height: 24))
        _ = app.start(at: route)
        if route == .weight { #expect(app.screen(.weight, as: WeightEntryScreen.self)?.field.filter.decimalSeparator == ",") }
        let checked = LaunchHints(unit: .kg, numeric: .init(identifier: context.locales.numericIdentifier, separator: "."))
        _ = app.receive(.storeOpened(checked))
        #expect(app.top == .weight)
        #expect(app.context.hints == checked)
        #expect(app.context.displayUnit == .kg)
        let screen = try #require(app.screen(.weight, as: WeightEntryScreen.self))
        #expect(screen.field.filter.decimalSeparator == ".")
        #expect(frame(app).contains { $0.contains("[ kg ^U ]") })
    }

    @Test func theHintBarShowsTheScreensKeysThenTheGlobalOnes() {
        // The weight screen's own key (F2) is left out first.
        #expect(frame(model())[23] == "Enter Save  ^U Unit  F1 Help  F3 History  F4 Tip  F5 Groceries  F10 Quit")
    }

    @Test(arguments: [
        (60, "Enter Save  ^U Unit  F1 Help  F3 History  F4 Tip  F10 Quit"),
        (40, "Enter Save  ^U Unit  F1 Help  F10 Quit"),
        (36, "Enter Save  F1 Help  F10 Quit"),
    ])
    func whenTheBarIsNarrowHintsGiveWayAndHelpAndQuitStay(width: Int, bar: String) {
        let app = model(width: width)
        #expect(frame(app, width, 24)[23] == bar)
    }

    @Test func qWithAWeightTypedAsksFirstAndASecondQQuits() {
        var app = model()
        _ = app.handle(.char("7"))
        _ = app.handle(.char("2"))
        #expect(app.handle(.char("q")) == .reject)
        #expect(frame(app).contains { $0.contains("Not saved: q again quits and drops “72”; Enter saves it.") })
        #expect(app.handle(.char("q")) == .quit())
    }

    /// A save waiting for another grocer's write: the keys stay alive but
    /// nothing leaves the screen or changes the weight being saved; the
    /// wait is shown; Esc gives it up; a failure keeps the weight typed.
    @Test func aWaitingSaveHoldsTheScreenAndEscGivesUp() {
        var app = model()
        for ch in "72" { _ = app.handle(.char(ch)) }
        guard case .perform(.saveWeight) = app.handle(.enter) else {
            Issue.record("no save")
            return
        }
        #expect(app.handle(.enter) == .none)
        #expect(app.handle(.char("5")) == .reject)
        #expect(app.handle(.function(3)) == .none && app.top == .weight)
        #expect(app.handle(.ctrl("u")) == .reject && app.top == .weight)
        _ = app.receive(.saveWaiting)
        #expect(frame(app).contains { $0.contains("Waiting for another grocer to finish writing") })
        #expect(app.handle(.escape) == .perform(.giveUpSave))
        _ = app.receive(
            .failed(
                .saveWeight(Weight(digits: "72", unit: .lbs)!, at: Date(), note: ""),
                "Not saved: you stopped waiting for the other grocer. Your weight is still typed; Enter saves it."))
        #expect(frame(app).contains { $0.contains("72") })
        #expect(app.handle(.function(3)) != .none)
    }

    /// Each answer reaches the request that asked: another request's
    /// failure (a read of the history) does not end the save under way.
    @Test func anotherRequestsFailureLeavesTheSaveUnderWay() {
        var app = model()
        for ch in "72" { _ = app.handle(.char(ch)) }
        guard case .perform(.saveWeight) = app.handle(.enter) else {
            Issue.record("no save")
            return
        }
        _ = app.receive(.failed(.history(.openHistory(unit: .lbs, limit: 10)), "Could not read /x: disk I/O error."))
        #expect(app.screen(.weight, as: WeightEntryScreen.self)?.saving == true)
        #expect(app.handle(.function(3)) == .none && app.top == .weight)
        #expect(!frame(app).contains { $0.contains("Could not read /x") })
    }

    @Test func qAfterAnyOtherKeyAsksAgainAndWithNothingTypedQuitsAtOnce() {
        var app = model()
        _ = app.handle(.char("7"))
        _ = app.handle(.char("q"))
        _ = app.handle(.char("2"))
        #expect(app.handle(.char("q")) == .reject)
        _ = app.handle(.escape)
        #expect(app.handle(.char("q")) == .quit())
    }

    @Test func theTipScreensBarAt80KeepsHelpAndQuit() {
        var app = model()
        _ = app.handle(.function(4))
        #expect(frame(app)[23] == "0-9 bill  Bksp erase  ←→ tip %  < > split  Esc back  F1 Help  F10 Quit")
    }

    @Test func aTinyTerminalSaysHowBigItMustBe() {
        let app = model(width: 20, height: 6)
        #expect(
            frame(app, 20, 6) == [
                "Terminal too small:",
                "20x6. grocer needs",
                "36x14. Enlarge the",
                "window, or press F10",
                "to quit.",
                "",
            ])
    }

    @Test func atTooSmallOnlyHelpAndQuitAct() {
        var app = model(width: 20, height: 6)
        var outcomes = "99".map { app.handle(.char($0)) }
        outcomes += [app.handle(.enter), app.handle(.function(3)), app.handle(.ctrl("u")), app.handle(.function(4))]
        #expect(outcomes.allSatisfy { $0 == .none })
        #expect(app.screen(.weight, as: WeightEntryScreen.self)?.field.text == "")
        #expect(app.handle(.function(1)) == .redraw)
        #expect(app.top == .help)
        #expect(app.handle(.function(10)) == .quit())
    }

    @Test func rowsTheHistoryCouldNotReadAreNamedAboveTheList() {
        var app = model()
        _ = app.handle(.function(3))
        let entry = WeightEntry(id: 1, weight: Weight(digits: "72.5", unit: .kg)!, recordedAt: Self.noon)
        let opening = HistoryOpening(
            count: 1, newest: [entry], days: [], goal: nil, unreadable: "1 row could not be read (weight_entry id 7: unit is stone)")
        _ = app.receive(.historyOpened(opening))
        let lines = frame(app)
        #expect(lines.contains { $0.contains("1 row could not be read (weight_entry id 7: unit is stone)") })
        #expect(lines.contains { $0.contains("72.5 kg") })
    }

    @Test func savingShowsTheHistoryNewestFirst() {
        var app = model()
        for ch in "180.4" { _ = app.handle(.char(ch)) }
        let weight = Weight(digits: "180.4", unit: .lbs)!
        #expect(app.handle(.enter) == .perform(.saveWeight(weight, at: Self.noon, note: "")))
        let older = WeightEntry(id: 1, weight: Weight(digits: "72.5", unit: .kg)!, recordedAt: Self.noon.addingTimeInterval(-86_400))
        let saved = WeightEntry(id: 2, weight: weight, recordedAt: Self.noon)
        #expect(app.receive(.weightSaved(saved)) == .perform(.history(.openHistory(unit: .lbs, limit: EntryWindow.pageSize))))
        #expect(app.top == .history)
        _ = app.receive(.historyOpened(HistoryOpening(count: 2, newest: [saved, older], days: [], goal: nil)))
        let lines = frame(app).map { $0.replacingOccurrences(of: "\u{202F}", with: " ") }
        #expect(lines.contains(" Saved 180.4 lbs"))
        let first = lines.firstIndex { $0.contains("Nov 21, 2026 at 12:00 PM") } ?? 0
        #expect(lines[first].hasSuffix("180.4 lbs"))
        #expect(lines[first + 1].contains("Nov 20, 2026 at 12:00 PM") && lines[first + 1].hasSuffix("159.8 lbs (72.5 kg)"))
    }

    @Test(arguments: [
        (Key.function(1), Route.help), (.alt("1"), .help),
        (.function(3), .history), (.alt("3"), .history),
        (.function(4), .tip), (.alt("4"), .tip),
    ])
    func functionKeysAndAltDigitsSwitchScreens(key: Key, route: Route) {
        var app = model()
        _ = app.handle(key)
        #expect(app.top == route)
    }

    @Test func f2AndAlt2ShowAFreshWeightScreen() {
        var app = model()
        _ = app.handle(.char("7"))
        _ = app.handle(.function(3))
        let later = Self.noon.addingTimeInterval(60)
        app.setClock(now: later, uptime: .zero)
        _ = app.handle(.alt("2"))
        #expect(app.top == .weight)
        #expect(app.screen(.weight, as: WeightEntryScreen.self)?.field.text == "")
        #expect(app.screen(.weight, as: WeightEntryScreen.self)?.appearedAt == later)
    }

    @Test func helpListsEveryBindingAndEscGoesBack() {
        var app = model()
        _ = app.handle(.function(3))
        _ = app.handle(.function(1))
        // It opens at the keys of the screen it was opened from.
        #expect(frame(app, 80, 16)[2].trimmingCharacters(in: .whitespaces) == "Weight history")
        for _ in 0..<200 { _ = app.handle(.up) }
        #expect(frame(app, 80, 16)[2].trimmingCharacters(in: .whitespaces) == "Everywhere")
        // Every line help shows, scrolling to the end.
        var shown = Set<String>()
        for _ in 0..<200 {
            for line in frame(app, 80, 16) { shown.insert(line.trimmingCharacters(in: .whitespaces)) }
            _ = app.handle(.down)
        }
        let sections = ScreenRegistry.standard.helpSections
        #expect(
            sections.map(\.title) == [
                "Everywhere", "Today's weight", "Unit picker", "Weight history", "Tip calculator", "Groceries", "Groceries: Prepare",
                "Groceries: Shop", "Groceries: sync", "Groceries: adding (a)", "Groceries: filter (/)", "Groceries: edit form (e)",
                "Groceries: recipe file (R), paste", "Groceries: review", "Units, places, aisles and shops", "Sync conflicts", "Help",
            ])
        for section in sections {
            #expect(shown.contains(section.title))
            for entry in section.entries {
                let line = entry.keys + String(repeating: " ", count: max(1, 22 - entry.keys.count)) + entry.text
                #expect(shown.contains(line), "help lacks \(line)")
                // The keys help names are the keys the binding takes.
                let words = Set(entry.keys.split(separator: " ").map(String.init))
                for key in entry.bound { #expect(words.contains(key.name), "\(entry.keys) does not name \(key.name)") }
            }
        }
        _ = app.handle(.escape)
        #expect(app.top == .history)
    }

    @Test func gAndGOrHomeAndEndTakeHelpToTheTopAndTheBottom() {
        var app = model()
        _ = app.handle(.function(3))
        _ = app.handle(.function(1))
        let last = ScreenRegistry.standard.helpSections.last!
        for (top, bottom) in [(Key.char("g"), Key.char("G")), (.home, .end)] {
            _ = app.handle(bottom)
            #expect(frame(app, 80, 16).contains { $0.contains(last.entries.last!.text) })
            #expect(!frame(app, 80, 16).contains { $0.trimmingCharacters(in: .whitespaces) == "Weight history" })
            _ = app.handle(top)
            #expect(frame(app, 80, 16)[2].trimmingCharacters(in: .whitespaces) == "Everywhere")
        }
    }

    /// Every key a test can think of, typed characters included.
    static let everyKey: [Key] =
        [
            .enter, .escape, .backspace, .delete, .tab, .backTab, .up, .down, .left, .right,
            .home, .end, .pageUp, .pageDown, .unknown,
        ]
        + (1...12).map(Key.function) + "1234567890".map(Key.alt) + "abcdefghijklmnopqrstuvwxyz".map(Key.ctrl)
        + "a7.,- +<>[]qjkgGyn".map(Key.char)

    @Test(arguments: [Route.weight, .unitPicker, .history, .tip, .help])
    func keysNoBindingTakesDoNothing(route: Route) {
        var app = model()
        if route == .unitPicker {
            _ = app.handle(.ctrl("u"))
        } else if route != .weight {
            _ = app.handle(.function(route == .help ? 1 : route == .tip ? 4 : 3))
        }
        #expect(app.top == route)
        // Every key help lists for this screen (and the global ones) is taken.
        let titles = ["Everywhere"] + (ScreenRegistry.standard.entry(route)?.helpSections().map(\.title) ?? [])
        for section in ScreenRegistry.standard.helpSections where titles.contains(section.title) {
            for entry in section.entries {
                for key in entry.bound { #expect(app.takes(key), "help lists \(key.name) on \(route) but nothing takes it") }
            }
        }
        for key in Self.everyKey where !app.takes(key) {
            var copy = app
            let before = frame(copy)
            #expect(copy.handle(key) == .none, "\(key) on \(route)")
            #expect(frame(copy) == before, "\(key) changed \(route)")
        }
    }

    /// The launch's second phase ends the app through the loop (the store
    /// would not open after the first frame), whatever screen shows.
    @Test func aQuitResultEndsTheAppOnAnyScreen() {
        let exit = Exit(status: 2, message: "the store is not grocer's")
        for key in [Key.function(2), .function(3), .function(4), .function(1)] {
            var app = model()
            _ = app.handle(key)
            #expect(app.receive(.quit(exit)) == .quit(exit), "\(key)")
        }
    }

    /// In the weight's note `q` and `?` are text, not quit and help.
    @Test func inTheWeightsNoteQAndQuestionMarkAreText() {
        var app = model()
        #expect(app.top == .weight)
        // Shift-Tab: from the weight back to the note (Tab: the body fat).
        #expect(app.handle(.backTab) == .redraw)
        #expect(app.handle(.char("q")) == .redraw)
        #expect(app.handle(.char("?")) == .redraw)
        #expect(app.top == .weight)
        #expect(app.handle(.tab) == .redraw)
        #expect(app.handle(.char("q")) == .reject)  // the note is typed: q asks first
    }

    @Test(arguments: [Key.function(10), .ctrl("c")])
    func quitKeys(key: Key) {
        var app = model()
        #expect(app.handle(key) == .quit())
    }

    @Test func theUnitChosenInThePickerIsTheNewDefault() {
        var app = model()
        #expect(app.handle(.ctrl("u")) == .redraw)
        #expect(app.top == .unitPicker)
        #expect(app.handle(.down) == .perform(.setDefaultUnit(.kg)))
        #expect(app.context.defaultUnit == .kg)
        #expect(frame(app)[6].contains("[ kg ^U ]"))
        #expect(app.handle(.enter) == .redraw)
        #expect(app.top == .weight)
        _ = app.handle(.function(2))
        #expect(frame(app)[6].contains("[ kg ^U ]"))
    }

    @Test func aFailedSaveKeepsTheTextAndSaysSo() {
        var app = model()
        for ch in "72" { _ = app.handle(.char(ch)) }
        _ = app.receive(
            .failed(
                .saveWeight(Weight(digits: "72", unit: .lbs)!, at: Date(), note: ""), "Could not write to /x: disk full. Nothing was lost; try again."
            ))
        #expect(app.screen(.weight, as: WeightEntryScreen.self)?.field.text == "72")
        #expect(frame(app).contains { $0.contains("disk full") })
    }
}
