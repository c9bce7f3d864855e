import Foundation
import TestSupport
import Testing

@testable import GrocerCore

/// The blocks of days the `all` graph draws (issue 35): the sizes a width
/// reads, and the same blocks however they are made (from the days at
/// once, a stretch at a time, or from smaller blocks).
@Suite struct WeightBlockTests {
    @Test func theSizeGivesEachDotColumnTwoToEightBlocks() {
        #expect(WeightBlock.size(span: 1_000, dots: 380) == nil)
        #expect(WeightBlock.size(span: 3_039, dots: 380) == nil)
        #expect(WeightBlock.size(span: 3_040, dots: 380) == 4)
        #expect(WeightBlock.size(span: 30_000, dots: 380) == 16)
        #expect(WeightBlock.size(span: 500_000, dots: 380) == 256)
        for span in [3_040, 10_000, 99_999, 730_000, 3_650_000] {
            let size = WeightBlock.size(span: span, dots: 380)!
            #expect(span / size >= 2 * 380 && span / (size * 4) < 2 * 380)
        }
    }

    @Test func aBlockStartsAtAMultipleOfItsSizeBeforeDayZeroToo() {
        #expect(WeightBlock.start(of: 17, size: 4) == 16)
        #expect(WeightBlock.start(of: 16, size: 4) == 16)
        #expect(WeightBlock.start(of: -1, size: 4) == -4)
        #expect(WeightBlock.start(of: -4, size: 4) == -4)
        #expect(WeightBlock.start(of: -5, size: 16) == -16)
    }

    static func days(_ seed: UInt64) -> [DayFigure] {
        var random = SplitMix(state: seed)
        return (-300..<900).compactMap { day in
            guard Int.random(in: 0..<3, using: &random) > 0 else { return nil }
            return DayFigure(
                day: CivilDay(number: day), kgHundredths: Int.random(in: 6_000...9_000, using: &random),
                lbsHundredths: Int.random(in: 0...1, using: &random) * 17_000, count: 1, unit: .kg)
        }
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func largerBlocksFromSmallerOnesEqualThoseFromTheDays(seed: UInt64) {
        let days = Self.days(seed)
        let points = WeightTrend(days: days, unit: .kg).points
        #expect(WeightBlock.merged(WeightBlock.blocks(points, size: 4), size: 16) == WeightBlock.blocks(points, size: 16))
        #expect(WeightBlock.blocks(everyDay: days, unit: .kg, size: 64) == WeightBlock.blocks(points, size: 64))
    }

    /// Folded a stretch at a time, the trend carried: the same blocks and
    /// the same trend as from every day at once.
    @Test(arguments: [UInt64(1), 2, 3])
    func foldedAStretchAtATimeTheBlocksAreThoseOfEveryDay(seed: UInt64) {
        let days = Self.days(seed)
        let whole = WeightBlock.fold(days, unit: .kg, trend: nil, size: 4, from: 100)
        let cut = days.count / 3
        let head = WeightBlock.fold(Array(days[..<cut]), unit: .kg, trend: nil, size: 4, from: 100)
        let tail = WeightBlock.fold(Array(days[cut...]), unit: .kg, trend: head.trend, size: 4, from: 100)
        #expect(tail.trend == whole.trend)
        #expect(WeightBlock.merged(head.blocks + tail.blocks, size: 4) == whole.blocks)
        #expect(whole.blocks.first.map { $0.start >= 100 } == true)
    }
}
