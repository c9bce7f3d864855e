import Foundation
import Testing

@testable import GrocerCore

/// Every expected figure below is worked by hand from the rule in issue 9.
@Suite struct WeightTrendTests {
    static let utc = TimeZone(identifier: "UTC")!
    static let newYork = TimeZone(identifier: "America/New_York")!

    func entry(_ iso: String, _ digits: String, _ unit: WeightUnit = .kg) -> WeightEntry {
        let date = try! Date(iso, strategy: .iso8601)
        return WeightEntry(id: 0, weight: Weight(digits: digits, unit: unit)!, recordedAt: date)
    }

    func day(_ y: Int, _ m: Int, _ d: Int) -> CivilDay { CivilDay(year: y, month: m, day: d) }

    func kg(_ text: String) -> Decimal { Decimal(string: text)! }

    @Test func startsAtTheFirstDayAndMovesATenthOfTheWayCarryingOverGaps() {
        let trend = WeightTrend(
            entries: [
                entry("2026-01-01T08:00:00Z", "80"), entry("2026-01-02T08:00:00Z", "81"), entry("2026-01-04T08:00:00Z", "79"),
            ], unit: .kg, timeZone: Self.utc)
        #expect(trend.points.map(\.trend) == [kg("80"), kg("80.1"), kg("79.99")])
        #expect(trend.trend(on: day(2026, 1, 3)) == kg("80.1"))
        #expect(trend.trend(on: day(2025, 12, 31)) == nil)
        #expect(trend.trend(on: day(2026, 2, 1)) == kg("79.99"))
    }

    @Test func aDaysWeightIsTheMeanOfItsEntries() {
        let trend = WeightTrend(
            entries: [
                entry("2026-01-01T07:00:00Z", "80"), entry("2026-01-01T20:00:00Z", "82"),
                entry("2026-01-02T07:00:00Z", "70"), entry("2026-01-02T12:00:00Z", "71"), entry("2026-01-02T20:00:00Z", "72"),
            ], unit: .kg, timeZone: Self.utc)
        #expect(trend.points.map(\.weight) == [kg("81"), kg("71")])
        #expect(trend.points.map(\.trend) == [kg("81"), kg("80")])
    }

    @Test func mixedUnitsAreConvertedExactlyToTheDefaultUnit() {
        let trend = WeightTrend(
            entries: [
                entry("2026-01-01T07:00:00Z", "100", .lbs), entry("2026-01-01T08:00:00Z", "45"),
                entry("2026-01-02T07:00:00Z", "200", .lbs),
            ], unit: .kg, timeZone: Self.utc)
        // 100 lbs = 45.359237 kg; mean with 45 kg = 45.1796185; 200 lbs = 90.718474 kg.
        #expect(trend.points.map(\.weight) == [kg("45.1796185"), kg("90.718474")])
        #expect(trend.points.last?.trend == kg("49.73350405"))
    }

    @Test func daysAreCalendarDaysInThePersonsZoneAcrossADaylightSavingChange() {
        // America/New_York falls back on 2026-11-01 at 02:00 EDT; 04:30Z on
        // Nov 2 is 23:30 EST on Nov 1, and 04:30Z on Nov 1 is 00:30 EDT on Nov 1.
        let entries = [
            entry("2026-10-31T23:00:00Z", "80"), entry("2026-11-01T04:30:00Z", "81"), entry("2026-11-02T04:30:00Z", "83"),
        ]
        let figures = WeightTrend.dailyFigures(entries, unit: .kg, timeZone: Self.newYork)
        #expect(figures == [DayFigure(day: day(2026, 10, 31), sum: 80, count: 1), DayFigure(day: day(2026, 11, 1), sum: 164, count: 2)])
        #expect(WeightTrend.dailyFigures(entries, unit: .kg, timeZone: Self.utc).count == 3)
        // Springing forward on 2026-03-08: 00:30 EST and 23:30 EDT are the same day.
        let spring = WeightTrend.dailyFigures(
            [entry("2026-03-08T05:30:00Z", "80"), entry("2026-03-09T03:30:00Z", "82")],
            unit: .kg, timeZone: Self.newYork)
        #expect(spring == [DayFigure(day: day(2026, 3, 8), sum: 162, count: 2)])
    }

    @Test func figuresForTheSameDayAreAddedAndOrderDoesNotMatter() {
        let trend = WeightTrend(
            days: [
                DayFigure(day: day(2026, 1, 2), sum: 70, count: 1), DayFigure(day: day(2026, 1, 1), sum: 80, count: 1),
                DayFigure(day: day(2026, 1, 2), sum: 72, count: 1),
            ], unit: .kg)
        #expect(trend.points.map(\.weight) == [kg("80"), kg("71")])
    }

    @Test func changePerWeekIsSevenTimesTheLeastSquaresSlopeOverTheLastFourteenDays() {
        // Trends 80, 79, 80.1 at x = 0, 1, 3: slope = (3*319.3 - 4*239.1) / (3*10 - 16) = 1.5/14.
        let three = WeightTrend(
            days: [
                DayFigure(day: day(2026, 1, 1), sum: 80, count: 1), DayFigure(day: day(2026, 1, 2), sum: 70, count: 1),
                DayFigure(day: day(2026, 1, 4), sum: 90, count: 1),
            ], unit: .kg)
        #expect(three.changePerWeek == Decimal(string: "1.5")! / 14 * 7)
        // A day 21 days before the last is outside the window: only 99 -> 98.1 counts.
        let old = WeightTrend(
            days: [
                DayFigure(day: day(2026, 1, 1), sum: 100, count: 1), DayFigure(day: day(2026, 1, 21), sum: 90, count: 1),
                DayFigure(day: day(2026, 1, 22), sum: 90, count: 1),
            ], unit: .kg)
        #expect(old.changePerWeek == kg("-6.3"))
    }

    @Test func changePerWeekNeedsTwoDaysInTheWindow() {
        #expect(WeightTrend(days: [], unit: .kg).changePerWeek == nil)
        let one = WeightTrend(days: [DayFigure(day: day(2026, 1, 1), sum: 80, count: 1)], unit: .kg)
        #expect(one.changePerWeek == nil)
        let apart = WeightTrend(
            days: [
                DayFigure(day: day(2026, 1, 1), sum: 80, count: 1), DayFigure(day: day(2026, 1, 15), sum: 79, count: 1),
            ], unit: .kg)
        #expect(apart.changePerWeek == nil)
    }

    /// TrendWeight's rule for the 14-day rate: 9 of the 14 calendar days
    /// ending at the last day with entries weighed; a day just before the
    /// window does not count.
    @Test(arguments: [(8, false), (9, true), (14, true)])
    func aRateIsReliableWithNineOfTheLastFourteenDaysWeighed(days: Int, reliable: Bool) {
        let start = day(2026, 1, 1)
        // The day before the window, then `days` days at the window's end.
        let figures =
            [DayFigure(day: start, sum: 80, count: 1)]
            + (0..<days).map { DayFigure(day: start.adding(days: 14 + 1 - days + $0), sum: 80, count: 2) }
        let trend = WeightTrend(days: figures, unit: .kg)
        #expect(trend.daysInRateWindow == days)
        #expect(trend.rateIsReliable == reliable)
        #expect(trend.changePerWeek != nil)
    }

    static let falling = WeightTrend(
        days: [
            DayFigure(day: CivilDay(year: 2026, month: 1, day: 1), sum: 80, count: 1),
            DayFigure(day: CivilDay(year: 2026, month: 1, day: 2), sum: 70, count: 1),
        ], unit: .kg)  // trends 80, 79: -1 a day

    @Test(arguments: [
        ("75", WeightTrend.Forecast.inDays(4)), ("75.5", .inDays(4)), ("79", .reached), ("79.004", .reached),
        // 85: never crossed, moving away; 79.5: crossed on the 2nd
        // (passed, issue 34: reached, not "moving away").
        ("85", .movingAway), ("79.5", .passed(on: CivilDay(year: 2026, month: 1, day: 2))),
    ])
    func forecastsTheDaysUntilTheTrendReachesTheGoal(goal: String, expected: WeightTrend.Forecast) {
        #expect(Self.falling.forecast(goal: kg(goal)) == expected)
    }

    /// A goal the trend went past and stayed past: reached, on the first
    /// day past it, with or without a rate.
    @Test func aGoalTheTrendWentPastWasReachedOnTheDayItCrossed() {
        let days = [80, 70, 70, 70, 70].enumerated().map { i, kg in DayFigure(day: day(2026, 1, 1 + i), sum: Decimal(kg), count: 1) }
        let trend = WeightTrend(days: days, unit: .kg)  // trends 80, 79, 78.1, 77.29, 76.561
        let goal = kg("78.4")
        #expect(trend.forecast(goal: goal) == .passed(on: trend.points[2].day))
        #expect(trend.reliableForecast(goal: goal) == .passed(on: trend.points[2].day))
        #expect(trend.forecastDay(goal: goal) == trend.points[2].day)
        // A goal it never crossed stays "moving away".
        #expect(trend.forecast(goal: trend.points[0].trend + 1) == .movingAway)
    }

    @Test func forecastDayIsCountedFromTheLastDayWithEntries() {
        #expect(Self.falling.forecastDay(goal: 75) == day(2026, 1, 6))
        #expect(Self.falling.forecastDay(goal: 85) == nil)
    }

    @Test func noForecastMoreThanThreeYearsOutOrWithoutARate() {
        let slow = WeightTrend(
            days: [
                DayFigure(day: day(2026, 1, 1), sum: 80, count: 1), DayFigure(day: day(2026, 1, 2), sum: kg("79.99"), count: 1),
            ], unit: .kg)  // -0.001 a day: 70 is 9,999 days away
        #expect(slow.forecast(goal: 70) == .tooFar)
        #expect(slow.forecast(goal: kg("78.903")) == .inDays(1096))
        #expect(slow.forecast(goal: kg("78.902")) == .tooFar)
        let one = WeightTrend(days: [DayFigure(day: day(2026, 1, 1), sum: 80, count: 1)], unit: .kg)
        #expect(one.forecast(goal: 70) == .noRate)
    }

    static let sparse = WeightTrend(
        days: [
            DayFigure(day: CivilDay(year: 2026, month: 1, day: 1), sum: 80, count: 1),
            DayFigure(day: CivilDay(year: 2026, month: 1, day: 10), sum: 90, count: 1),
            DayFigure(day: CivilDay(year: 2026, month: 1, day: 20), sum: 70, count: 1),
        ], unit: .kg)  // trends 80, 81, 79.9

    @Test(arguments: [
        (TrendRange.week, "-1.1", 1), (.month, "-0.1", 3), (.all, "-0.1", 3),
    ])
    func changeOverARangeIsTheTrendAtTheEndLessTheTrendAtItsStart(range: TrendRange, change: String, days: Int) {
        #expect(Self.sparse.change(over: range) == kg(change))
        #expect(Self.sparse.points(in: range).count == days)
    }

    @Test func rangesStepWithBracketsAndStopAtTheEnds() {
        #expect(TrendRange.week.shorter == .week)
        #expect(TrendRange.week.longer == .month)
        #expect(TrendRange.all.longer == .all)
        #expect(TrendRange.threeMonths.firstDay(endingAt: day(2026, 5, 31)) == day(2026, 2, 28))
        #expect(TrendRange.year.firstDay(endingAt: day(2024, 2, 29)) == day(2023, 2, 28))
    }
}

@Suite struct CivilDayTests {
    @Test(arguments: [
        (1970, 1, 1, 0), (1969, 12, 31, -1), (2000, 3, 1, 11_017), (2026, 11, 20, 20_777), (1900, 1, 1, -25_567),
    ])
    func convertsBetweenDatesAndDayNumbers(year: Int, month: Int, day: Int, number: Int) {
        let civil = CivilDay(year: year, month: month, day: day)
        #expect(civil.number == number)
        #expect(CivilDay.civilFromDays(number) == (year, month, day))
    }

    @Test func printsAsISODate() {
        #expect(CivilDay(year: 2026, month: 3, day: 8).description == "2026-03-08")
    }
}

@Suite struct DaySummaryTests {
    @Test(arguments: [("72.5", 7250), ("72.50", 7250), ("72.05", 7205), ("180", 18000), ("0.5", 50), ("1500", 150_000)])
    func weightsAddUpInHundredths(digits: String, hundredths: Int) {
        #expect(Weight(digits: digits, unit: .kg)!.hundredths == hundredths)
    }

    @Test func aDayKeptPerUnitGivesTheSameFigureAsItsEntries() {
        let day = CivilDay(year: 2026, month: 1, day: 1)
        // 100 lbs and 45 kg: 45 + 45.359237 kg, or 100 + 45 / 0.45359237 lbs.
        let kg = DayFigure(day: day, kgHundredths: 4500, lbsHundredths: 10_000, count: 2, unit: .kg)
        #expect(kg == DayFigure(day: day, sum: Decimal(string: "90.359237")!, count: 2))
        let lbs = DayFigure(day: day, kgHundredths: 4500, lbsHundredths: 10_000, count: 2, unit: .lbs)
        #expect(lbs.sum == 100 + Decimal(45) / WeightUnit.kilogramsPerPound)
    }
}
