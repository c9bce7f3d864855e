import Foundation
import GrocerCore
import Testing

@testable import GrocerExchange

@Suite struct TrendJSONTests {
    static func day(_ d: Int) -> CivilDay { CivilDay(year: 2026, month: 1, day: d) }

    @Test func rendersTheDaysInTheRangeAndTheFiguresWithTwoDecimals() {
        let trend = WeightTrend(
            days: [
                DayFigure(day: Self.day(1), sum: 80, count: 1), DayFigure(day: Self.day(2), sum: 140, count: 2),
                DayFigure(day: Self.day(20), sum: Decimal(string: "70.333")!, count: 1),
            ], unit: .kg)  // trends 80, 79, 78.1333: one day in the last 14, so no rate
        #expect(
            TrendJSON.render(trend, range: .week, goal: 75) == """
                {
                  "unit": "kg",
                  "days": [
                    {"date": "2026-01-20", "weight": 70.33, "trend": 78.13}
                  ],
                  "trend": 78.13,
                  "ratePerWeek": null,
                  "goal": 75.00,
                  "forecastDate": null
                }

                """)
    }

    @Test func givesTheBodyMassIndexOfTheTrendOnlyWithAHeight() throws {
        let trend = WeightTrend(
            days: [
                DayFigure(day: Self.day(1), sum: 80, count: 1), DayFigure(day: Self.day(2), sum: 140, count: 2),
                DayFigure(day: Self.day(20), sum: Decimal(string: "70.333")!, count: 1),
            ], unit: .kg)  // trend 78.1333 kg
        // 78.1333 / 1.80² = 24.115...; / 1.8034² (5 ft 11 in) = 24.024...
        let metric = TrendJSON.render(trend, range: .week, goal: nil, height: Height(value: 180, unit: .cm))
        #expect(metric.contains("\"trend\": 78.13,\n  \"bmi\": 24.1,\n  \"ratePerWeek\": null,"))
        let imperial = TrendJSON.render(trend, range: .week, goal: nil, height: Height(value: 71, unit: .inches))
        #expect(imperial.contains("\"bmi\": 24.0,"))
        #expect(!TrendJSON.render(trend, range: .week, goal: nil).contains("bmi"))
        let none = TrendJSON.render(WeightTrend(days: [], unit: .kg), range: .all, goal: nil, height: Height(value: 180, unit: .cm))
        #expect(none.contains("\"trend\": null,\n  \"bmi\": null,"))
    }

    /// As on the screen, a rate (and a goal's date from it) only from 9 of
    /// the last 14 days: two days weighed give neither.
    @Test func givesTheRateAndTheForecastDateOnlyFromEnoughDays() {
        let two = WeightTrend(
            days: [DayFigure(day: Self.day(1), sum: 80, count: 1), DayFigure(day: Self.day(2), sum: 70, count: 1)],
            unit: .lbs)
        #expect(two.changePerWeek != nil && two.forecastDay(goal: 75) != nil)
        let json = TrendJSON.render(two, range: .all, goal: 75)
        #expect(json.contains("\"ratePerWeek\": null,"))
        #expect(json.contains("\"forecastDate\": null"))
        #expect(TrendJSON.render(WeightTrend(days: [], unit: .kg), range: .all, goal: nil).contains("\"days\": [],\n  \"trend\": null"))
    }

    @Test(arguments: [("72.345", "72.35"), ("-0.7", "-0.70"), ("80", "80.00"), ("0.004", "0.00"), ("-0.004", "0.00"), ("1234.5", "1234.50")])
    func fixedTwoDecimals(value: String, text: String) {
        #expect(TrendJSON.fixed2(Decimal(string: value)!) == text)
    }
}
