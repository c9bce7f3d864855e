import Foundation
import GrocerCore
import Testing

@testable import GrocerUI

@Suite struct HistoryScreenTests {
    static let noon = HistoryFixture.noon

    func entry(_ id: Int64, _ digits: String, _ unit: WeightUnit, daysAgo: Double) -> WeightEntry {
        WeightEntry(id: id, weight: Weight(digits: digits, unit: unit)!, recordedAt: Self.noon.addingTimeInterval(-daysAgo * 86_400))
    }

    var three: [WeightEntry] {
        [entry(1, "82", .kg, daysAgo: 6), entry(2, "180", .lbs, daysAgo: 3), entry(3, "81.5", .kg, daysAgo: 0)]
    }

    /// Three days weighed of the last 14: no rate ("--"), so no goal date;
    /// the goal, far below, is a marker and the data keeps the rows.
    @Test func theGraphTheFiguresAndTheEntriesNewestFirst() {
        let f = HistoryFixture(entries: three, goal: Weight(digits: "75", unit: .kg))
        #expect(
            f.frame() == [
                " Weight History                                        1w  1m [3m] 6m  1y  all",
                " 82.3┤",
                "     │",
                "     │⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠉⠙⠒⠒⠒⠒⠒⠒⠒⠒⠒⠒⠒⠒⠒⠒⠒⠒⠒⠒⠒⠒⠒⠒⠒⠒⠒⠒⠒⠒⠒⠒⠒⠒⠒⠒⠒⢲",
                "     │",
                " 81.7┤                                    ⠠",
                "     │                                                                        ⢀",
                "     │",
                " 81.2┤                                                              ▼ goal 75.0",
                "     └─────────────────────────────────────────────────────────────────────────",
                "      Nov 15   Nov 16      Nov 17      Nov 18      Nov 19      Nov 20    Nov 21",
                " Trend 81.9 kg   -- kg/week   −0.1 kg over 6d   Goal 75.0 kg by --",
                "",
                " Entries, newest first                                                   1 of 3",
                "  Nov 21, 2026 at 12:00 PM                                             81.5 kg",
                "  Nov 18, 2026 at 12:00 PM                                   81.6 kg (180 lbs)",
                "  Nov 15, 2026 at 12:00 PM                                               82 kg",
                "", "", "", "", "", "",
            ])
    }

    /// The change is never claimed over more than the data: a range the
    /// entries fill is named ("3m"), else the days they span ("200d"); a
    /// single day has no change to tell.
    @Test func theFiguresLineNamesNoSpanLongerThanTheData() {
        var f = HistoryFixture(entries: [entry(1, "90", .kg, daysAgo: 200), entry(2, "85", .kg, daysAgo: 0)])
        #expect(f.frame().contains { $0.hasSuffix(" kg over 3m") })
        f.press(.char("6"))
        #expect(f.frame().contains { $0.hasSuffix(" kg over 200d") })
        let one = HistoryFixture(entries: [entry(1, "90", .kg, daysAgo: 0)])
        #expect(!one.frame().contains { $0.contains(" over ") })
    }

    @Test func theSelectedEntryIsShownReversed() {
        var f = HistoryFixture(entries: three)
        f.press(.down)
        var canvas = Canvas(width: 80, height: 23)
        f.screen.render(into: &canvas, f.context)
        #expect(canvas[15, 2].style == .reverse)
        #expect(canvas[14, 2].style == [])
    }

    @Test func inPoundsKilogramEntriesShowTheirTypedValue() {
        let f = HistoryFixture(entries: three, unit: .lbs)
        let lines = f.frame()
        #expect(lines.contains { $0.hasSuffix("179.7 lbs (81.5 kg)") })
        #expect(lines.contains { $0.hasSuffix(" 180 lbs") })
    }

    // MARK: The figures line and the forecast

    /// Two weeks going down 0.1 kg a day from `start`.
    func losing(from start: Int, perDay: Int = 10) -> [WeightEntry] {
        (0..<14).map { i in
            let v = start - i * perDay
            return entry(Int64(i + 1), "\(v / 100).\(v % 100)", .kg, daysAgo: Double(13 - i))
        }
    }

    @Test(arguments: [
        ("78", true, "inDays"),  // going down towards it: a date
        ("90", false, "movingAway"),  // moving away: no date
        ("10", false, "tooFar"),  // more than 3 years out at this rate: no date
    ])
    func theForecastDateShowsOnlyWhenComingCloserWithinThreeYears(goal: String, dated: Bool, forecast: String) {
        let f = HistoryFixture(entries: losing(from: 8050), goal: Weight(digits: goal, unit: .kg))
        let figures = f.frame()[11]
        #expect(f.screen.trend.map { "\($0.forecast(goal: Decimal(string: goal)!))".hasPrefix(forecast) } == true)
        #expect(figures.contains("Goal \(goal).0 kg"))
        #expect(figures.contains(" by ") == dated, "\(figures)")
    }

    @Test func theForecastNamesTheDayInTheLocale() {
        let f = HistoryFixture(entries: losing(from: 8050), goal: Weight(digits: "78", unit: .kg))
        // The trend lags the weights; at its rate it reaches 78 kg on this day.
        guard let trend = f.screen.trend, let day = trend.forecastDay(goal: 78) else {
            Issue.record("no forecast")
            return
        }
        #expect(f.frame()[11].hasSuffix("Goal 78.0 kg by \(DayFormats(locales: .fixed()).dayWithYear(day))"))
        #expect(DayFormats(locales: .fixed()).dayWithYear(CivilDay(year: 2027, month: 3, day: 12)) == "Mar 12, 2027")
    }

    /// A goal the trend went past: "reached" on its day, and `t` for the
    /// next (issue 34).
    @Test func aGoalPassedIsReachedOnItsDay() throws {
        let f = HistoryFixture(entries: losing(from: 8050), goal: Weight(digits: "80", unit: .kg))
        let trend = try #require(f.screen.trend)
        guard case .passed(let day) = trend.forecast(goal: 80) else {
            Issue.record("not passed: \(trend.forecast(goal: 80))")
            return
        }
        #expect(f.frame()[11].hasSuffix("Goal 80.0 kg reached \(DayFormats(locales: .fixed()).dayWithYear(day)) (t: next)"), "\(f.frame()[11])")
    }

    /// With a height set, the BMI of the trend follows it (81.918 kg: 25.28
    /// at 180 cm, 25.19 at 5 ft 11 in); without one, no BMI anywhere.
    @Test func withAHeightTheFiguresShowTheTrendsBMI() {
        let metric = HistoryFixture(entries: three, goal: Weight(digits: "75", unit: .kg), height: Height(value: 180, unit: .cm))
        #expect(Array(metric.screen.figures(withRangeChange: true).prefix(2)) == ["Trend 81.9 kg", "BMI 25.3"])
        // Three days weighed: too few for a rate (9 of 14), so "--".
        #expect(metric.frame()[11].hasPrefix(" Trend 81.9 kg   BMI 25.3   -- kg/week"))
        let imperial = HistoryFixture(entries: three, height: Height(value: 71, unit: .inches), locale: "de_DE")
        #expect(imperial.screen.figures(withRangeChange: true).contains("BMI 25,2"))
        let none = HistoryFixture(entries: three, goal: Weight(digits: "75", unit: .kg))
        #expect(!none.frame().joined().contains("BMI"))
    }

    /// In pounds the line is longer; at 80 columns the gaps narrow and then
    /// the change over the range gives way, never the goal's date.
    @Test func inPoundsAt80ColumnsTheGoalsDateIsWhole() {
        let f = HistoryFixture(entries: losing(from: 8050), unit: .lbs, goal: Weight(digits: "170", unit: .lbs))
        let line = f.screen.figuresLine(fitting: 78)
        #expect(f.screen.figuresLine.count > 78)
        #expect(line.count <= 78)
        #expect(line.hasPrefix("Trend ") && line.contains("lbs/week"))
        #expect(f.frame()[11] == " " + line)
        #expect(f.screen.figures(withRangeChange: true).contains { line.hasSuffix($0) && $0.hasPrefix("Goal 170.0 lbs by ") })
    }

    @Test func withoutAGoalTheFiguresAreTrendRateAndChange() {
        let f = HistoryFixture(entries: losing(from: 8050))
        #expect(f.frame()[11].hasPrefix(" Trend "))
        #expect(f.frame()[11].contains(" kg/week   "))
        #expect(!f.frame()[11].contains("Goal"))
    }

    // MARK: Ranges

    @Test func rangesChangeWithBracketsAndDigits() {
        var f = HistoryFixture(entries: HistoryFixture.daily(400))
        #expect(f.screen.range == .threeMonths)
        f.press(.char("]"))
        #expect(f.screen.range == .sixMonths)
        #expect(f.frame()[0].hasSuffix("[6m] 1y  all"))
        f.press(.char("1"))
        #expect(f.screen.range == .week)
        #expect(f.press(.char("[")) == .none)
        f.press(.char("6"))
        #expect(f.screen.range == .all)
        #expect(f.screen.graph?.first == f.entries.first.map { CivilDay($0.recordedAt, in: TimeZone(identifier: "UTC")!).number })
    }
}

/// The history in stones: each entry, the trend and the goal as "11 st 4.5
/// lb" (an entry typed in kg with its typed value after it), the graph's
/// axis as "11st4"; the figures are worked out in pounds, the rate in lbs.
@Suite struct HistoryInStonesTests {
    static let noon = HistoryFixture.noon

    func entry(_ id: Int64, _ digits: String, _ unit: WeightUnit, daysAgo: Double) -> WeightEntry {
        WeightEntry(id: id, weight: Weight(digits: digits, unit: unit)!, recordedAt: Self.noon.addingTimeInterval(-daysAgo * 86_400))
    }

    @Test func weightsShowAsStonesAndPounds() {
        let entries = [entry(1, "160", .lbs, daysAgo: 2), entry(2, "72", .kg, daysAgo: 1), entry(3, "158.5", .lbs, daysAgo: 0)]
        let f = HistoryFixture(entries: entries, unit: .lbs, display: .st, goal: Weight(digits: "150", unit: .lbs))
        let frame = f.frame()
        #expect(frame.contains { $0.contains("11 st 4.5 lb") })  // 158.5 lbs as typed
        // 72 kg = 158.73 lbs (rounded once, to the hundredth).
        #expect(frame.contains { $0.hasSuffix("11 st 4.73 lb (72 kg) │") || $0.contains("11 st 4.73 lb (72 kg)") })
        #expect(f.screen.figures(withRangeChange: false).first?.hasPrefix("Trend 11 st") == true)
        #expect(f.screen.figures(withRangeChange: false).contains { $0.hasPrefix("Goal 10 st 10 lb") })
        #expect(frame.contains { $0.range(of: #"^ *1[01]st[0-9]+┤"#, options: .regularExpression) != nil })
        #expect(!frame.contains { $0.contains(" kg ") && !$0.contains("(72 kg)") })
    }

    /// "11 7" typed as the goal in stones is 11 st 7 lb (161 lbs), not 117.
    @Test func theGoalIsTypedInStones() {
        let entries = [entry(1, "160", .lbs, daysAgo: 1), entry(2, "158.5", .lbs, daysAgo: 0)]
        var f = HistoryFixture(entries: entries, unit: .lbs, display: .st)
        f.press(.char("t"))
        f.type("11 7")
        #expect(f.screen.form?.value.text == "11 7" && f.screen.form?.unitName == "st")
        #expect(f.frame().contains { $0.contains("Goal: [11 7] st") })
        f.press(.enter)
        #expect(f.goal == Weight(digits: "161", unit: .lbs))
        #expect(f.screen.figures(withRangeChange: false).contains { $0.hasPrefix("Goal 11 st 7 lb") })
        // Shown again as it would be typed; 14 pounds and more are refused.
        f.press(.char("t"))
        #expect(f.screen.form?.value.text == "11 7")
        f.press(.backspace)
        f.type("14")
        #expect(f.screen.form?.value.text == "11 1")
        #expect(f.screen.form?.message == Stones.typingRule())
        // Ctrl-U: kg (what was typed in stones is not a weight there), and back.
        f.press(.ctrl("u"))
        #expect(f.screen.form?.unitName == "kg" && f.screen.form?.value.text == "")
        f.type("73")
        f.press(.ctrl("u"))
        #expect(f.screen.form?.unitName == "st" && f.screen.form?.value.text == "73")
        f.press(.enter)
        #expect(f.goal == Weight(digits: "1022", unit: .lbs))  // 73 st
    }

    /// An entry in pounds is edited in stones too; one in kg in kg.
    @Test func anEditOfPoundsIsTypedInStones() {
        let entries = [entry(1, "72", .kg, daysAgo: 1), entry(2, "158.5", .lbs, daysAgo: 0)]
        var f = HistoryFixture(entries: entries, unit: .lbs, display: .st)
        f.press(.char("e"))
        #expect(f.screen.form?.value.text == "11 4.5" && f.screen.form?.unitName == "st")
        f.press(.backspace)
        f.press(.backspace)
        f.press(.backspace)
        f.type("6")
        f.press(.enter)
        #expect(f.entries.last?.weight == Weight(digits: "160", unit: .lbs))
    }
}
