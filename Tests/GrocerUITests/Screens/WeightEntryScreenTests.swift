import Foundation
import GrocerCore
import Testing

@testable import GrocerUI

@Suite struct WeightEntryScreenTests {
    static let noon = Date(timeIntervalSince1970: 1_795_262_400)

    /// The weight screen on its own, as the app shows it (appeared at noon).
    struct Fixture {
        var screen: WeightEntryScreen
        var context: AppContext

        init(_ locale: String = "en_US", unit: WeightUnit = .lbs) {
            context = AppContext(locales: .fixed(locale), defaultUnit: unit, now: WeightEntryScreenTests.noon)
            screen = WeightEntryScreen(context)
            _ = screen.appear(&context)
        }

        mutating func handle(_ key: Key) -> Outcome { screen.handle(key, &context) }

        var field: WeightField { screen.field }
        var message: String? { screen.message }
    }

    func screen(_ locale: String = "en_US", unit: WeightUnit = .lbs) -> Fixture {
        Fixture(locale, unit: unit)
    }

    func rendered(_ s: Fixture, _ width: Int = 80, _ height: Int = 23) -> Canvas {
        var canvas = Canvas(width: width, height: height)
        s.screen.render(into: &canvas, s.context)
        return canvas
    }

    @discardableResult
    func type(_ text: String, into screen: inout Fixture) -> [Outcome] {
        text.map { screen.handle(.char($0)) }
    }

    /// The first frame takes the separator and the date from the launch's
    /// hints, where they are for the screen's locales; ICU's otherwise.
    @Test func theSeparatorAndTheDateComeFromTheHintsForTheirLocales() throws {
        var context = AppContext(locales: .fixed("en_US"), defaultUnit: .lbs, now: Self.noon)
        let real = try #require(LongDatePattern.capture(locale: Locale(identifier: "en_US"), timeZone: context.locales.timeZone))
        let fake = LongDatePattern(
            localeIdentifier: "en_US", pattern: "'kept' y", months: real.months, shortMonths: real.shortMonths,
            standaloneMonths: real.standaloneMonths, weekdays: real.weekdays, shortWeekdays: real.shortWeekdays, am: "AM", pm: "PM")
        context.hints = LaunchHints(date: fake, numeric: .init(identifier: "en_US", separator: ","))
        var screen = WeightEntryScreen(context)
        _ = screen.appear(&context)
        #expect(screen.field.filter.decimalSeparator == ",")
        var canvas = Canvas(width: 80, height: 23)
        screen.render(into: &canvas, context)
        #expect(canvas.lines[3].trimmingCharacters(in: .whitespaces) == "kept 2026")
        // Hints for other locales are not used.
        context.hints = LaunchHints(
            date: LongDatePattern(
                localeIdentifier: "de_DE", pattern: "'kept' y", months: real.months, shortMonths: real.shortMonths,
                standaloneMonths: real.standaloneMonths, weekdays: real.weekdays, shortWeekdays: real.shortWeekdays, am: "AM",
                pm: "PM"),
            numeric: .init(identifier: "de_DE", separator: ","))
        screen = WeightEntryScreen(context)
        _ = screen.appear(&context)
        #expect(screen.field.filter.decimalSeparator == ".")
        canvas = Canvas(width: 80, height: 23)
        screen.render(into: &canvas, context)
        #expect(canvas.lines[3].replacingOccurrences(of: "\u{202F}", with: " ").contains("November 21, 2026 at 12:00 PM"))
    }

    @Test func rendersTitleDateFieldAndUnitButtonAt80x24() {
        var s = screen()
        type("180.4", into: &s)
        let canvas = rendered(s)
        let lines = canvas.lines.map { $0.replacingOccurrences(of: "\u{202F}", with: " ") }
        #expect(
            Array(lines.prefix(10)) == [
                "",
                "                              Enter Today's Weight",
                "",
                "                         November 21, 2026 at 12:00 PM",
                "",
                "                       ┌─ Weight ───────────────────────┐",
                "                       │ 180.4               [ lbs ^U ] │",
                "                       └────────────────────────────────┘",
                "                        Body fat: optional, Tab",
                "                        Note: Tab adds one",
            ])
        #expect(canvas.cursor! == (6, 30))
    }

    /// Tab goes to the note (past the body fat) and back; there every
    /// character is text (q and ? too), Enter saves the weight with it, and
    /// the cursor is there.
    @Test func aNoteIsTypedAfterTabAndSavedWithTheWeight() {
        var s = screen()
        type("180.4", into: &s)
        #expect(s.handle(.tab) == .redraw)
        #expect(s.handle(.tab) == .redraw)
        #expect(s.screen.takesText)
        type("after a run? q", into: &s)
        #expect(s.screen.note.text == "after a run? q")
        #expect(s.handle(.left) == .redraw && s.handle(.backspace) == .redraw)
        #expect(s.screen.note.text == "after a run?q")
        let canvas = rendered(s)
        #expect(canvas.lines[9] == "                        Note: after a run?q")
        #expect(canvas.cursor! == (9, 42))
        // Back past the body fat to the weight: digits are the weight's again.
        #expect(s.handle(.backTab) == .redraw)
        #expect(s.screen.focus == .fat)
        #expect(s.handle(.backTab) == .redraw)
        #expect(!s.screen.takesText)
        type("5", into: &s)
        #expect(s.screen.field.text == "180.45")
        #expect(s.handle(.enter) == .perform(.saveWeight(Weight(digits: "180.45", unit: .lbs)!, at: Self.noon, note: "after a run?q")))
    }

    /// The help screen names the picker's three units (issue 34).
    @Test func theHelpNamesEveryUnitThePickerOffers() throws {
        let ctrlU = try #require(WeightEntryScreen.bindings.first { $0.keys == [.ctrl("u")] })
        for unit in DisplayUnit.allCases { #expect(ctrlU.help.contains(unit.rawValue)) }
    }

    /// Ctrl-U in the note clears it (the unit picker is the weight's);
    /// Esc clears both and goes back to the weight; a note alone is not saved.
    @Test func ctrlUClearsTheNoteAndEscClearsBoth() {
        var s = screen()
        #expect(s.handle(.backTab) == .redraw)
        type("holiday", into: &s)
        #expect(s.handle(.enter) == .reject)
        #expect(rendered(s).lines[10].contains("Type the weight first"))
        #expect(s.handle(.ctrl("u")) == .redraw)
        #expect(s.screen.note.text.isEmpty && s.screen.focus == .note)
        type("x", into: &s)
        #expect(s.handle(.escape) == .redraw)
        #expect(s.screen.note.text.isEmpty && s.screen.focus == .weight)
        #expect(s.handle(.ctrl("u")) == .present(.unitPicker))
    }

    @Test func filtersEveryKeystrokeAndSaysWhy() {
        var s = screen()
        let outcomes = type("1a8-0..45", into: &s)
        #expect(s.field.text == "180.45")
        #expect(outcomes == [.redraw, .reject, .redraw, .reject, .redraw, .redraw, .reject, .redraw, .redraw])
        #expect(s.handle(.char("6")) == .reject)
        #expect(s.field.text == "180.45")
        #expect(rendered(s).lines[10].contains("At most 2 digits after “.”."))
    }

    /// In a `.` locale "72,5" is not 725: the comma stays as typed, and the
    /// message line and Enter refuse it in the command line's words
    /// (`grocer weight add 72,5`).
    @Test func aCommaWhereTheSeparatorIsADotIsRefusedInTheCommandsWords() {
        var s = screen()
        let outcomes = type("72,5", into: &s)
        #expect(outcomes == [.redraw, .redraw, .reject, .reject])
        #expect(s.field.text == "72,5")
        let line = "'72,5' is not a weight: give a decimal above 0 with at most 2 decimals, e.g. 72.5."
        #expect(s.message == line)
        let canvas = rendered(s)
        #expect(canvas.lines[6].contains("72,5"))
        #expect((canvas.lines[10] + canvas.lines[11]).contains("'72,5' is not a weight: give a decimal above 0"))
        #expect(s.handle(.enter) == .reject)
        #expect(s.message == line)
        #expect(s.field.text == "72,5")
        // Deleting the comma and what followed it: a weight again.
        #expect(s.handle(.backspace) == .redraw)
        #expect(s.handle(.backspace) == .redraw)
        #expect(s.handle(.enter) == .perform(.saveWeight(Weight(digits: "72", unit: .lbs)!, at: Self.noon, note: "")))
    }

    @Test func usesTheGermanSeparator() {
        var s = screen("de_DE", unit: .kg)
        type("72.,5", into: &s)
        #expect(s.field.text == "72,5")
        #expect(s.handle(.enter) == .perform(.saveWeight(Weight(digits: "72.5", unit: .kg)!, at: Self.noon, note: "")))
    }

    @Test func backspaceReachesAnEmptyFieldAndEnterThereDoesNothing() {
        var s = screen()
        type("72.5", into: &s)
        for _ in 0..<4 { #expect(s.handle(.backspace) == .redraw) }
        #expect(s.field.text.isEmpty)
        #expect(s.handle(.backspace) == .none)
        #expect(s.handle(.enter) == .none)
    }

    @Test func zeroIsRejectedWithAMessageAndNothingSaved() {
        var s = screen()
        type("0.00", into: &s)
        #expect(s.handle(.enter) == .reject)
        #expect(s.message?.contains("more than 0") == true)
    }

    @Test func overTheMaximumAfterASwitchToKgIsRefusedOnEnter() {
        var s = screen()
        type("1000", into: &s)
        s.context.defaultUnit = .kg
        #expect(s.handle(.enter) == .reject)
        #expect(s.message == "That is over 680 kg, the most grocer takes.")
    }

    @Test func ctrlUPresentsTheUnitPicker() {
        var s = screen()
        #expect(s.handle(.ctrl("u")) == .present(.unitPicker))
    }

    @Test func appearingClearsTheFieldAndRefreshesTheTime() {
        var s = screen()
        type("99", into: &s)
        let later = Self.noon.addingTimeInterval(3600)
        s.context.now = later
        _ = s.screen.appear(&s.context)
        #expect(s.field.text.isEmpty)
        #expect(s.screen.appearedAt == later)
    }

    /// The screen's text, as drawn at 80x23.
    func shown(_ s: Fixture) -> String {
        var canvas = Canvas(width: 80, height: 23)
        s.screen.render(into: &canvas, s.context)
        return canvas.lines.joined(separator: "\n")
    }

    @Test func theTimeShownMovesOnAtEachMinuteAndKeepsWhatIsTyped() {
        // 11:49:30 in UTC (the fixed locales' zone).
        let start = Date(timeIntervalSince1970: 1_795_262_400 - 630)
        var s = screen()
        s.context.now = start
        _ = s.screen.appear(&s.context)
        type("72", into: &s)
        #expect(shown(s).contains("11:49"))
        // Asks to be woken when the minute ends: 30 seconds on.
        #expect(s.screen.wakeAt == s.context.uptime + .seconds(30))
        s.context.now = start.addingTimeInterval(30)
        s.context.uptime += .seconds(30)
        #expect(s.screen.wake(&s.context) == .redraw)
        #expect(shown(s).contains("11:50"))
        #expect(!shown(s).contains("11:49"))
        #expect(s.field.text == "72")
        #expect(s.screen.wakeAt == s.context.uptime + .seconds(60))
    }

    @Test func theDateMovesOnAtMidnight() {
        // 23:59:59 UTC on Nov 21, 2026.
        let late = Date(timeIntervalSince1970: 1_795_305_599)
        var s = screen()
        s.context.now = late
        _ = s.screen.appear(&s.context)
        #expect(shown(s).contains("November 21, 2026"))
        #expect(s.screen.wakeAt == s.context.uptime + .seconds(1))
        s.context.now = late.addingTimeInterval(1)
        _ = s.screen.wake(&s.context)
        #expect(shown(s).contains("November 22, 2026"))
    }

    @Test func enterSavesAtTheTimeOfTheKey() {
        var s = screen()
        type("72.5", into: &s)
        let later = Self.noon.addingTimeInterval(125)
        s.context.now = later
        #expect(s.handle(.enter) == .perform(.saveWeight(Weight(digits: "72.5", unit: .lbs)!, at: later, note: "")))
    }

    @Test func aSavedWeightGoesToTheHistoryWithANotice() {
        var s = screen()
        let entry = WeightEntry(id: 1, weight: Weight(digits: "72.5", unit: .kg)!, recordedAt: Self.noon)
        #expect(s.screen.receive(.weightSaved(entry), &s.context) == .go(.history))
        #expect(s.context.notice == "Saved 72.5 kg")
    }

    /// Backfilling: Up goes a day back (Down forward, never past today),
    /// the date shown says which day, and Enter saves at that day's same
    /// time; the next appearance is today again.
    @Test func upAndDownChooseTheDayTheWeightIsFor() {
        var s = screen()
        #expect(s.handle(.down) == .reject)
        _ = s.handle(.up)
        _ = s.handle(.up)
        // (ICU puts a narrow no-break space before PM.)
        #expect(rendered(s).lines.contains { $0.contains("November 19, 2026 at 12:00") && $0.hasSuffix("PM (2 days ago)") })
        _ = s.handle(.down)
        #expect(rendered(s).lines.contains { $0.contains("November 20, 2026 at 12:00") && $0.hasSuffix("PM (yesterday)") })
        type("160.5", into: &s)
        #expect(s.handle(.enter) == .perform(.saveWeight(Weight(digits: "160.5", unit: .lbs)!, at: Self.noon.addingTimeInterval(-86_400), note: "")))
        _ = s.screen.receive(
            .failed(.saveWeight(Weight(digits: "160.5", unit: .lbs)!, at: Self.noon.addingTimeInterval(-86_400), note: ""), "x"), &s.context)
        _ = s.screen.appear(&s.context)
        #expect(s.screen.daysBack == 0)
        #expect(!rendered(s).lines.contains { $0.contains("yesterday") })
    }

}

/// Stones and pounds on today's weight: typed as whole stones, a space and
/// the pounds, shown as "11 st 4.5 lb", saved in pounds exactly.
@Suite struct WeightEntryStonesTests {
    typealias Tests = WeightEntryScreenTests

    func stones(_ locale: String = "en_US") -> Tests.Fixture {
        var f = Tests.Fixture(locale, unit: .lbs)
        f.context.displayUnit = .st
        return f
    }

    @Test func elevenStonesFourAndAHalfIsSavedAs158AndAHalfPounds() {
        var f = stones()
        for ch in "11 4.5" { #expect(f.handle(.char(ch)) == .redraw, "\(ch)") }
        let line = WeightEntryScreenTests().rendered(f).lines[6]
        #expect(line.contains("│ 11 st 4.5 lb") && line.contains("[ st ^U ]"))
        #expect(f.handle(.enter) == .perform(.saveWeight(Weight(digits: "158.5", unit: .lbs)!, at: Tests.noon, note: "")))
    }

    @Test func whatCannotBeStonesAndPoundsIsRefusedAndSaysHow() {
        var f = stones("de_DE")
        for ch in "11 1" { _ = f.handle(.char(ch)) }
        #expect(f.handle(.char("4")) == .reject)  // 14 pounds is a stone
        #expect(f.message?.contains("11 4,5 is 11 st 4,5 lb") == true)
        #expect(f.handle(.char(",")) == .redraw && f.handle(.char("5")) == .redraw)
        #expect(f.field.text == "11 1,5")
        #expect(f.handle(.enter) == .perform(.saveWeight(Weight(digits: "155.5", unit: .lbs)!, at: Tests.noon, note: "")))
    }

    @Test func theExampleAndTheNoticeSpeakStones() {
        var f = stones()
        #expect(WeightEntryScreenTests().rendered(f).lines[6].contains("e.g. 11 4.5"))
        _ = f.screen.receive(.weightSaved(WeightEntry(id: 1, weight: Weight(digits: "158.5", unit: .lbs)!, recordedAt: Tests.noon)), &f.context)
        #expect(f.context.notice == "Saved 11 st 4.5 lb (158.5 lbs)")
    }
}
