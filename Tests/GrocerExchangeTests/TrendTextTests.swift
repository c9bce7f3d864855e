import Foundation
import GrocerCore
import Testing

@testable import GrocerExchange

@Suite struct TrendTextTests {
    static func day(_ d: Int) -> CivilDay { CivilDay(year: 2026, month: 1, day: d) }

    @Test func printsTheSameFiguresAsTheJSON() {
        let trend = WeightTrend(
            days: [DayFigure(day: Self.day(1), sum: 80, count: 1), DayFigure(day: Self.day(2), sum: 70, count: 1)], unit: .lbs)
        #expect(
            TrendText.render(trend, range: .all, goal: 75) == """
                date            weight       trend
                2026-01-01   80.00 lbs   80.00 lbs
                2026-01-02   70.00 lbs   79.00 lbs

                Trend: 79.00 lbs on 2026-01-02.
                Change per week: -7.00 lbs.
                Goal: 75.00 lbs, by 2026-01-06 at this rate.

                """)
        #expect(TrendText.render(WeightTrend(days: [], unit: .kg), range: .all, goal: nil) == "No weights yet.\n")
    }

    @Test func saysWhenTheRateIsNotKnownOrLeadsAway() {
        let one = WeightTrend(days: [DayFigure(day: Self.day(1), sum: 80, count: 1)], unit: .kg)
        let text = TrendText.render(one, range: .week, goal: 70)
        #expect(text.contains("Change per week: not yet (fewer than 2 days with entries in the last 14).\nGoal: 70.00 kg.\n"))
        let up = WeightTrend(
            days: [DayFigure(day: Self.day(1), sum: 70, count: 1), DayFigure(day: Self.day(2), sum: 80, count: 1)], unit: .kg)
        #expect(TrendText.render(up, range: .all, goal: 60).hasSuffix("Goal: 60.00 kg; the trend is not moving towards it.\n"))
    }
}
