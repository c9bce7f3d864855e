import Foundation
import GrocerCore
import Testing

@testable import GrocerUI

/// The history from the recent days and the trend's start (what a long
/// history's store gives) draws what it draws from every day: the graph,
/// the figures line and the list, in every range; `all` and the weeks and
/// months read every day first.
@Suite struct HistoryRecentDaysTests {
    /// 1,200 days, a weigh-in on most, kg and lbs, some days twice.
    static let entries: [WeightEntry] = (0..<1_200).flatMap { i -> [WeightEntry] in
        guard i % 6 != 2 else { return [] }
        let at = HistoryFixture.noon.addingTimeInterval(Double(i - 1_199) * 86_400)
        let kg = 7_000 + (i * 37) % 900 - i / 3
        var day = [
            WeightEntry(
                id: Int64(2 * i + 1), weight: Weight(digits: "\(kg / 100).\(kg % 100 / 10)\(kg % 10)", unit: i % 4 == 0 ? .lbs : .kg)!,
                recordedAt: at)
        ]
        if i % 5 == 0 {
            day.append(WeightEntry(id: Int64(2 * i + 2), weight: Weight(digits: "71.35", unit: .kg)!, recordedAt: at.addingTimeInterval(600)))
        }
        return day
    }

    @Test(arguments: [WeightUnit.kg, .lbs])
    func everyRangeDrawsAsFromEveryDay(unit: WeightUnit) {
        let goal = Weight(digits: "60", unit: .kg)!
        var every = HistoryFixture(entries: Self.entries, unit: unit, goal: goal)
        var recent = HistoryFixture(entries: Self.entries, unit: unit, goal: goal, recent: true)
        #expect(recent.screen.start != nil)
        #expect(every.screen.start == nil)
        #expect(recent.frame() == every.frame())
        for key in ["1", "2", "3", "4", "5", "[", "]"] {
            every.press(.char(Character(key)))
            recent.press(.char(Character(key)))
            #expect(recent.frame() == every.frame(), "range key \(key)")
            #expect(recent.screen.figuresLine == every.screen.figuresLine)
        }
    }

    /// `all` asks the store for its blocks of days (issue 35); over 1,200
    /// days at 80 columns the store has none to give and answers every day.
    @Test func allOverTooFewDaysForBlocksReadsEveryDayFirst() {
        var every = HistoryFixture(entries: Self.entries)
        var recent = HistoryFixture(entries: Self.entries, recent: true)
        every.press(.char("6"))
        recent.press(.char("6"))
        #expect(recent.performed.last == .history(.loadGraphBlocks(GraphBlocksRequest(unit: .kg, dots: 160))))
        #expect(recent.screen.start == nil)
        #expect(recent.frame() == every.frame())
        // Back to a year: the days in hand serve.
        every.press(.char("5"))
        recent.press(.char("5"))
        #expect(recent.frame() == every.frame())
    }

    /// The weeks and months are read by pages from the newest (issue 35),
    /// never every day: from a trend's start they show what every day shows.
    @Test func theWeeksAndMonthsFromATrendsStartAreThoseOfEveryDay() {
        var every = HistoryFixture(entries: Self.entries)
        var recent = HistoryFixture(entries: Self.entries, recent: true)
        for _ in 0..<2 {
            every.press(.char("w"))
            recent.press(.char("w"))
            #expect(recent.screen.start != nil)
            #expect(!recent.performed.contains(.history(.loadWeightDays(unit: .kg))))
            #expect(recent.frame() == every.frame())
            every.press(.end)
            recent.press(.end)
            #expect(recent.frame() == every.frame())
        }
    }
}
