import Foundation
import GrocerCore
import TestSupport
import Testing

@testable import GrocerUI

/// The `all` graph from blocks of days (issue 35): blocks of one day draw
/// exactly what the days draw, whatever the data and the width.
@Suite struct TrendGraphBlocksTests {
    static let label: @Sendable (CivilDay) -> String = { "\($0.month)/\($0.day)/\($0.year)" }

    func draw(_ graph: TrendGraph, width: Int, height: Int) -> Canvas {
        var canvas = Canvas(width: width, height: height)
        graph.render(into: &canvas, top: 0, left: 0, width: width, height: height)
        return canvas
    }

    /// Random days (gaps, runs, both units), any span from a day to years.
    static func randomDays(_ random: inout SplitMix) -> [DayFigure] {
        let span = [1, 3, 40, 400, 5_000].randomElement(using: &random)!
        let start = 19_000 - Int.random(in: 0...20_000, using: &random)
        var days: [DayFigure] = []
        for day in start..<(start + span) where Int.random(in: 0..<4, using: &random) > 0 {
            let kg = Int.random(in: 5_000...12_000, using: &random)
            let lbs = Bool.random(using: &random) ? Int.random(in: 10_000...25_000, using: &random) : 0
            days.append(
                DayFigure(
                    day: CivilDay(number: day), kgHundredths: kg, lbsHundredths: lbs, count: lbs == 0 ? 1 : 2,
                    unit: Bool.random(using: &random) ? .kg : .lbs))
        }
        return days.isEmpty ? [DayFigure(day: CivilDay(number: start), sum: 80, count: 1)] : days
    }

    @Test(arguments: [UInt64(1), 2, 3, 4, 5, 6])
    func blocksOfOneDayDrawWhatTheDaysDraw(seed: UInt64) {
        var random = SplitMix(state: seed)
        for _ in 0..<6 {
            let days = Self.randomDays(&random)
            let trend = WeightTrend(days: days, unit: .kg)
            let goal: Decimal? = [nil, 60, 75, 200].randomElement(using: &random)!
            let fromDays = TrendGraph(trend: trend, range: .all, goal: goal, separator: ".", dayLabel: Self.label)
            let fromBlocks = TrendGraph(
                blocks: WeightBlock.blocks(trend.points, size: 1), goal: goal, separator: ".", dayLabel: Self.label)
            for (width, height) in [(30, 8), (80, 12), (200, 26)] {
                let a = draw(fromDays, width: width, height: height)
                let b = draw(fromBlocks, width: width, height: height)
                #expect(a.lines == b.lines, "seed \(seed), \(days.count) days, \(width)x\(height)")
                #expect(a == b, "seed \(seed) styles")
            }
        }
    }

    /// A long history's blocks draw the same span, axis and extremes as
    /// its days: the top and bottom labels (the lowest and highest value)
    /// and the first and last day under the axis are the same.
    @Test func blocksOfALongHistoryKeepItsExtremesAndSpan() {
        var random = SplitMix(state: 9)
        let days = (0..<20_000).map { i in
            DayFigure(
                day: CivilDay(number: i), kgHundredths: 7_000 + Int.random(in: 0...2_000, using: &random), lbsHundredths: 0, count: 1,
                unit: .kg)
        }
        let trend = WeightTrend(days: days, unit: .kg)
        let fromDays = draw(TrendGraph(trend: trend, range: .all, goal: nil, separator: ".", dayLabel: Self.label), width: 100, height: 12)
        let size = WeightBlock.size(span: 19_999, dots: 200)
        #expect(size == 16)
        let blocks = WeightBlock.blocks(everyDay: days, unit: .kg, size: size!)
        let fromBlocks = draw(TrendGraph(blocks: blocks, goal: nil, separator: ".", dayLabel: Self.label), width: 100, height: 12)
        #expect(fromBlocks.lines.first?.prefix(6) == fromDays.lines.first?.prefix(6))
        #expect(fromBlocks.lines[9].prefix(6) == fromDays.lines[9].prefix(6))
        #expect(fromBlocks.lines.last == fromDays.lines.last)
    }
}
