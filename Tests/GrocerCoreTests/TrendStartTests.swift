import Foundation
import TestSupport
import Testing

@testable import GrocerCore

/// A trend made from the recent days and where it stood before them
/// (`TrendStart`) is the trend made from every day, exactly: every point,
/// every shown figure, to the last digit.
@Suite struct TrendStartTests {
    /// A history of `length` calendar days from day 19,000: a random walk,
    /// some days skipped, some with several entries in both units.
    static func history(_ random: inout SplitMix, length: Int, unit: WeightUnit) -> [DayFigure] {
        var hundredths = Int.random(in: 4_000...15_000, using: &random)
        var days: [DayFigure] = []
        for n in 0..<length {
            hundredths = max(2_000, min(30_000, hundredths + Int.random(in: -150...150, using: &random)))
            if Int.random(in: 0..<5, using: &random) == 0 { continue }
            var kg = 0
            var lbs = 0
            let count = Int.random(in: 1...3, using: &random)
            for _ in 0..<count {
                if Bool.random(using: &random) { kg += hundredths } else { lbs += hundredths * 22 / 10 }
            }
            days.append(DayFigure(day: CivilDay(number: 19_000 + n), kgHundredths: kg, lbsHundredths: lbs, count: count, unit: unit))
        }
        return days
    }

    /// Every figure the history, its graph and `weight trend` show that a
    /// trend from the recent days can give (every range but `all`).
    static func shown(_ trend: WeightTrend, goals: [Decimal]) -> [String] {
        guard let last = trend.latest?.day else { return [] }
        var lines = ["latest \(String(describing: trend.latest)) first \(String(describing: trend.first))"]
        lines.append("rate \(String(describing: trend.changePerWeek)) \(trend.rateIsReliable) \(trend.daysInRateWindow) \(trend.hasSeveralDays)")
        for range in TrendRange.allCases where range != .all {
            let start = range.firstDay(endingAt: last)!
            lines.append("\(range) \(String(describing: trend.change(over: range))) \(trend.points(in: range).map { "\($0)" })")
            lines.append("before \(String(describing: trend.trend(on: start.adding(days: -1))))")
        }
        for day in last.number - 370...last.number {
            lines.append("\(day) \(String(describing: trend.trend(on: CivilDay(number: day))))")
        }
        for goal in goals {
            lines.append("goal \(goal) \(trend.reliableForecast(goal: goal)) \(String(describing: trend.reliableForecastDay(goal: goal)))")
        }
        return lines
    }

    @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6, 7, 8])
    func aTrendFromItsStartIsTheTrendFromEveryDay(seed: UInt64) {
        var random = SplitMix(state: seed)
        for unit in WeightUnit.allCases {
            let days = Self.history(&random, length: Int.random(in: 500...1_500, using: &random), unit: unit)
            let full = WeightTrend(days: days, unit: unit)
            let last = full.latest!.day
            let goals = [full.latest!.trend - 5, full.latest!.trend + 5, full.latest!.trend.rounded(scale: 2)]
            for lead in [TrendStart.leads.lowerBound, TrendStart.lead, TrendStart.leads.upperBound] {
                let (start, recent) = TrendStart.split(days, unit: unit, after: last.adding(days: -lead))
                // The start kept as text (as the store keeps it) and read back.
                let kept = start.map {
                    TrendStart(day: $0.day, trend: Decimal(string: $0.trend.description)!, first: $0.first, entries: $0.entries)
                }
                let partial = WeightTrend(days: recent, unit: unit, start: kept)
                #expect(partial.points.count < full.points.count)
                #expect(partial.points == Array(full.points.suffix(partial.points.count)))
                #expect(Self.shown(partial, goals: goals) == Self.shown(full, goals: goals))
                #expect(WeightTrend.entries(recent, start: kept) == days.reduce(0) { $0 + $1.count })
            }
        }
    }

    @Test func withoutDaysBeforeItThereIsNoStart() {
        let days = [DayFigure(day: CivilDay(number: 20_000), sum: 80, count: 1)]
        let (start, recent) = TrendStart.split(days, unit: .kg, after: CivilDay(number: 19_999))
        #expect(start == nil)
        #expect(recent == days)
    }
}
