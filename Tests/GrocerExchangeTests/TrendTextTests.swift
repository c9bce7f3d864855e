import Foundation
import GrocerCore
import Testing

@testable import GrocerExchange

@Suite struct TrendTextTests {
    static func day(_ d: Int) -> CivilDay { CivilDay(year: 2026, month: 1, day: d) }

    /// Nine days weighed (the least a rate is shown from: 9 of 14), from
    /// `start` lbs, `step` a day.
    static func nineDays(from start: Decimal, step: Decimal) -> WeightTrend {
        WeightTrend(days: (1...9).map { DayFigure(day: day($0), sum: start + step * Decimal($0 - 1), count: 1) }, unit: .lbs)
    }

    @Test func printsTheSameFiguresAsTheJSON() throws {
        let two = WeightTrend(
            days: [DayFigure(day: Self.day(1), sum: 80, count: 1), DayFigure(day: Self.day(2), sum: 70, count: 1)], unit: .lbs)
        #expect(
            TrendText.render(two, range: .all, goal: 75) == """
                date            weight       trend
                2026-01-01   80.00 lbs   80.00 lbs
                2026-01-02   70.00 lbs   79.00 lbs

                Trend: 79.00 lbs on 2026-01-02.
                Change per week: not yet (fewer than 9 of the last 14 days have entries).
                Goal: 75.00 lbs.

                """)
        #expect(TrendText.render(WeightTrend(days: [], unit: .kg), range: .all, goal: nil) == "No weights yet.\n")
        // Nine days: the rate and the goal's date, as the JSON gives them.
        let nine = Self.nineDays(from: 180, step: -1)
        let rate = try #require(nine.changePerWeek)
        let date = try #require(nine.forecastDay(goal: 160))
        let text = TrendText.render(nine, range: .all, goal: 160)
        #expect(text.contains("Change per week: \(TrendJSON.fixed2(rate)) lbs.\nGoal: 160.00 lbs, by \(date) at this rate.\n"))
        let json = TrendJSON.render(nine, range: .all, goal: 160)
        #expect(json.contains("\"ratePerWeek\": \(TrendJSON.fixed2(rate)),") && json.contains("\"forecastDate\": \"\(date)\""))
    }

    @Test func saysWhenTheRateIsNotKnownOrLeadsAway() {
        let one = WeightTrend(days: [DayFigure(day: Self.day(1), sum: 80, count: 1)], unit: .kg)
        let text = TrendText.render(one, range: .week, goal: 70)
        #expect(text.contains("Change per week: not yet (fewer than 9 of the last 14 days have entries).\nGoal: 70.00 kg.\n"))
        let up = Self.nineDays(from: 170, step: 1)
        #expect(TrendText.render(up, range: .all, goal: 160).hasSuffix("Goal: 160.00 lbs; the trend is not moving towards it.\n"))
    }

    /// A goal the trend went past: reached, on the day it crossed, and
    /// how to set the next (issue 34), never "not moving towards it".
    @Test func aGoalPassedSaysWhenItWasReached() throws {
        let down = Self.nineDays(from: 180, step: -1)
        let goal = try #require(down.points.dropFirst(3).first).trend + Decimal(string: "0.01")!
        guard case .passed(let day) = down.forecast(goal: goal) else {
            Issue.record("not passed: \(down.forecast(goal: goal))")
            return
        }
        let text = TrendText.render(down, range: .all, goal: goal)
        #expect(text.hasSuffix("Goal: \(TrendJSON.fixed2(goal)) lbs, reached on \(day); `grocer weight goal` sets the next.\n"), "\(text)")
    }
}
