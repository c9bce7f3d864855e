import Foundation
import Testing

@testable import GrocerCore

/// The history's weeks and months from the per-day figures: the same count
/// and mean as from the entries, the change from the period before, the
/// trend at the period's end; extremes folded from both units.
@Suite struct WeightAveragesDaysTests {
    func day(_ y: Int, _ m: Int, _ d: Int) -> CivilDay { CivilDay(year: y, month: m, day: d) }

    @Test func periodsFromDaysHaveCountMeanChangeAndTrendAtTheirEnd() {
        let days = [
            DayFigure(day: day(2026, 1, 5), sum: 160, count: 2),  // Monday: two weigh-ins, 80 each
            DayFigure(day: day(2026, 1, 11), sum: 79, count: 1),  // Sunday, same week
            DayFigure(day: day(2026, 1, 20), sum: Decimal(string: "78.555")!, count: 1),  // a week skipped
        ]
        let trend = WeightTrend(days: days, unit: .kg)
        let rows = WeightAverages.rows(days: days, trend: trend, period: .week)
        #expect(rows.map(\.firstDay) == [day(2026, 1, 5), day(2026, 1, 19)])
        #expect(rows.map(\.lastDay) == [day(2026, 1, 11), day(2026, 1, 25)])
        #expect(rows.map(\.count) == [3, 1])
        #expect(rows.map(\.mean) == [Decimal(string: "79.67")!, Decimal(string: "78.56")!])
        // From the previous period with weigh-ins, as shown (to the hundredth).
        #expect(rows.map(\.change) == [nil, Decimal(string: "-1.11")!])
        // Trends 80, 79.9, then 79.9 + 0.1 x (78.555 - 79.9) = 79.7655.
        #expect(rows.map(\.trend) == [Decimal(string: "79.9")!, Decimal(string: "79.77")!])
        let months = WeightAverages.rows(days: days, trend: trend, period: .month)
        #expect(months.map(\.firstDay) == [day(2026, 1, 1)])
        #expect(months.map(\.lastDay) == [day(2026, 1, 31)])
        #expect(months.map(\.count) == [4])
    }

    /// 100 lbs = 45.359237 kg exactly: it is the lowest, rounded once.
    @Test func extremesOfBothUnitsAreConvertedExactlyThenRounded() {
        let kg = WeightAverages.extremes(kg: (4600, 8000), lbs: (10_000, 10_000), unit: .kg)
        #expect(kg == WeightAverages.Extremes(lowest: Decimal(string: "45.36")!, highest: 80))
        let lbs = WeightAverages.extremes(kg: (4600, 8000), lbs: nil, unit: .lbs)
        #expect(lbs == WeightAverages.Extremes(lowest: Decimal(string: "101.41")!, highest: Decimal(string: "176.37")!))
        #expect(WeightAverages.extremes(kg: nil, lbs: nil, unit: .kg) == nil)
    }
}
