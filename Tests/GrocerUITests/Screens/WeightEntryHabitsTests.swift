import Foundation
import GrocerCore
import Testing

@testable import GrocerUI

/// Issue 34 on the weight screen: a weight far from the trend is asked
/// about before it is saved; an earlier day takes the usual weigh-in time,
/// shown in the date line and in a time field Tab reaches; the title names
/// the day. Noon is Saturday, November 21, 2026 (UTC).
@Suite struct WeightEntryHabitsTests {
    typealias Fixture = WeightEntryScreenTests.Fixture
    static let noon = WeightEntryScreenTests.noon
    static let today = CivilDay(noon, in: TimeZone(identifier: "UTC")!)

    static func date(_ iso: String) -> Date { try! Date(iso, strategy: .iso8601) }

    /// A trend of 78.5 kg (yesterday) and weigh-ins at about 7:00.
    static var habits: WeighInHabits {
        WeighInHabits(
            days: [DayFigure(day: today.adding(days: -1), sum: Decimal(string: "78.5")!, count: 1)], start: nil, unit: .kg,
            recent: ["2026-11-20T07:00:00Z", "2026-11-19T06:55:00Z", "2026-11-18T07:10:00Z"].map(date))
    }

    static func screen(habits: WeighInHabits? = habits) -> Fixture {
        var f = Fixture(unit: .kg)
        if let habits { _ = f.screen.receive(.weighInHabits(habits), &f.context) }
        return f
    }

    static func type(_ text: String, into f: inout Fixture) {
        for ch in text { _ = f.handle(.char(ch)) }
    }

    static func lines(_ f: Fixture) -> [String] {
        var canvas = Canvas(width: 80, height: 23)
        f.screen.render(into: &canvas, f.context)
        return canvas.lines.map { $0.replacingOccurrences(of: "\u{202F}", with: " ") }
    }

    static func kg(_ digits: String) -> Weight { Weight(digits: digits, unit: .kg)! }

    @Test func theScreenAsksForItsHabitsOnceTheStoreIsOpen() {
        var f = Fixture(unit: .kg)
        #expect(f.screen.appear(&f.context) == .redraw)
        f.context.storeReady = true
        #expect(f.screen.appear(&f.context) == .perform(.loadWeighInHabits(unit: .kg)))
    }

    @Test func aTypoIsAskedAboutThenEnterSavesItAsTyped() {
        var f = Self.screen()
        Self.type("7.87", into: &f)
        #expect(f.handle(.enter) == .reject)
        #expect(f.message == "78.7? You typed 7.87 kg; your trend is 78.5 kg. Enter saves, Esc edits.")
        #expect(Self.lines(f)[10].contains("78.7? You typed 7.87 kg; your trend is 78.5 kg. Enter saves, Esc edits."))
        #expect(f.handle(.enter) == .perform(.saveWeight(Self.kg("7.87"), at: Self.noon, note: "")))
    }

    @Test func escGoesBackToEditWithTheTextKeptAndAnEditAsksAgain() {
        var f = Self.screen()
        Self.type("7.87", into: &f)
        _ = f.handle(.enter)
        #expect(f.handle(.escape) == .redraw)
        #expect(f.field.text == "7.87")
        #expect(f.message == nil)
        _ = f.handle(.backspace)
        _ = f.handle(.backspace)
        Self.type("9", into: &f)
        #expect(f.handle(.enter) == .reject)
        #expect(f.message == "79? You typed 7.9 kg; your trend is 78.5 kg. Enter saves, Esc edits.")
        // No shift of the point lands near: no guess.
        _ = f.handle(.escape)
        for _ in 0..<3 { _ = f.handle(.backspace) }
        Self.type("50", into: &f)
        #expect(f.handle(.enter) == .reject)
        #expect(f.message == "Far from your trend: You typed 50 kg; your trend is 78.5 kg. Enter saves, Esc edits.")
        // Typed again as meant: saved at once.
        _ = f.handle(.escape)
        for _ in 0..<2 { _ = f.handle(.backspace) }
        Self.type("78.7", into: &f)
        #expect(f.handle(.enter) == .perform(.saveWeight(Self.kg("78.7"), at: Self.noon, note: "")))
    }

    @Test func withoutATrendNothingIsAsked() {
        var f = Self.screen(habits: nil)
        Self.type("7.87", into: &f)
        #expect(f.handle(.enter) == .perform(.saveWeight(Self.kg("7.87"), at: Self.noon, note: "")))
        var first = Self.screen(habits: WeighInHabits(days: [], start: nil, unit: .kg, recent: []))
        Self.type("7.87", into: &first)
        #expect(first.handle(.enter) == .perform(.saveWeight(Self.kg("7.87"), at: Self.noon, note: "")))
    }

    @Test func aSaveIsNotedForTheHistorysUndo() {
        var f = Self.screen()
        let entry = WeightEntry(id: 7, weight: Self.kg("78.7"), recordedAt: Self.noon)
        #expect(f.screen.receive(.weightSaved(entry), &f.context) == .go(.history))
        #expect(f.context.saved == entry)
    }

    /// Yesterday at the usual time (the median of 7:00, 6:55, 7:10), in
    /// the title, the date line and the time field.
    @Test func yesterdayTakesTheUsualTime() {
        var f = Self.screen()
        #expect(f.handle(.up) == .redraw)
        #expect(
            Array(Self.lines(f).prefix(11)) == [
                "",
                "                            Enter Weight for Friday",
                "",
                "                    November 20, 2026 at 7:00 AM (yesterday)",
                "",
                "                       ┌─ Weight ───────────────────────┐",
                "                       │ e.g. 72.5            [ kg ^U ] │",
                "                       └────────────────────────────────┘",
                "                        Body fat: optional, Tab",
                "                        Time: 07:00  (Tab changes it)",
                "                        Note: Tab adds one",
            ])
        Self.type("78.6", into: &f)
        #expect(f.handle(.enter) == .perform(.saveWeight(Self.kg("78.6"), at: Self.date("2026-11-20T07:00:00Z"), note: "")))
    }

    @Test func tabReachesTheTimeFieldWhichTakesOnlyATime() {
        var f = Self.screen()
        _ = f.handle(.up)
        Self.type("78.6", into: &f)
        // Past the body fat (issue 34) to the time.
        #expect(f.handle(.tab) == .redraw)
        #expect(f.screen.focus == .fat)
        #expect(f.handle(.tab) == .redraw)
        #expect(f.screen.focus == .time)
        for _ in 0..<5 { _ = f.handle(.backspace) }
        #expect(f.screen.time.text.isEmpty)
        #expect(f.handle(.char("x")) == .reject)
        #expect(f.message == WeightEntryScreen.timeRule)
        #expect(f.handle(.char("7\u{301}")) == .reject)
        Self.type("19:3", into: &f)
        #expect(f.handle(.char("7")) == .redraw)
        #expect(f.screen.time.text == "19:37")
        #expect(f.handle(.char("1")) == .reject)
        #expect(Self.lines(f)[3].contains("at 7:37 PM (yesterday)"))
        #expect(Self.lines(f)[9].hasPrefix("                        Time: 19:37"))
        var canvas = Canvas(width: 80, height: 23)
        f.screen.render(into: &canvas, f.context)
        #expect(canvas.cursor! == (9, 35))
        // Tab goes on to the note, then back to the weight.
        _ = f.handle(.tab)
        #expect(f.screen.focus == .note)
        _ = f.handle(.tab)
        #expect(f.screen.focus == .weight)
        #expect(f.handle(.enter) == .perform(.saveWeight(Self.kg("78.6"), at: Self.date("2026-11-20T19:37:00Z"), note: "")))
    }

    @Test func anUnfinishedTimeIsNotSaved() {
        var f = Self.screen()
        _ = f.handle(.up)
        Self.type("78.6", into: &f)
        _ = f.handle(.tab)
        _ = f.handle(.tab)
        _ = f.handle(.backspace)
        #expect(f.screen.time.text == "07:0")
        #expect(f.handle(.enter) == .reject)
        #expect(f.message == WeightEntryScreen.timeRule)
    }

    @Test func aWeekOrMoreBackNamesTheDate() {
        var f = Self.screen()
        for _ in 0..<6 { _ = f.handle(.up) }
        #expect(Self.lines(f)[1].trimmingCharacters(in: .whitespaces) == "Enter Weight for Sunday")
        _ = f.handle(.up)
        #expect(Self.lines(f)[1].trimmingCharacters(in: .whitespaces) == "Enter Weight for Nov 14")
        for _ in 0..<7 { _ = f.handle(.down) }
        #expect(Self.lines(f)[1].trimmingCharacters(in: .whitespaces) == "Enter Today's Weight")
        #expect(!Self.lines(f).contains { $0.contains("Time:") })
    }

    /// No weigh-ins yet: an earlier day takes the current time of day.
    @Test func withNoWeighInsAnEarlierDayTakesTheCurrentTime() {
        var f = Self.screen(habits: WeighInHabits(days: [], start: nil, unit: .kg, recent: []))
        _ = f.handle(.up)
        #expect(f.screen.time.text == "12:00")
    }

    /// The habits answer after Up was pressed: the usual time replaces the
    /// current one, unless the person changed it.
    @Test func theUsualTimeArrivingLateFillsAnUntouchedField() {
        var f = Self.screen(habits: nil)
        _ = f.handle(.up)
        #expect(f.screen.time.text == "12:00")
        _ = f.screen.receive(.weighInHabits(Self.habits), &f.context)
        #expect(f.screen.time.text == "07:00")
    }
}
