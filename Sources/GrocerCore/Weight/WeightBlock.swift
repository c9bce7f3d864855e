import Foundation

/// What the history graph's `all` range draws of a block of days (issue
/// 35), in one unit: the days `start ..< start + size` (`CivilDay.number`;
/// `start` a multiple of `size`, a power of 4), their first and last day
/// with entries, the lowest and highest day weight among them, and the
/// trend's lowest, highest and last value after those days. Each value is
/// the `Double` of the exact Decimal day weight or trend (`double`), as the
/// graph draws every day, so the lowest and highest of them are exactly the
/// ones the graph would draw from the days.
///
/// A graph over a long history reads a few hundred blocks instead of every
/// day (`size(span:dots:)`), and a store keeps them (`weight_block`), made
/// again from a changed day on, as the trend's checkpoints are.
public struct WeightBlock: Equatable, Sendable {
    public let size: Int
    public let start: Int
    /// The first and last day with entries in the block.
    public let first: Int
    public let last: Int
    /// The lowest and highest day weight.
    public let low: Double
    public let high: Double
    /// The trend's lowest and highest value over the block's days with
    /// entries, and its value after the last of them.
    public let trendLow: Double
    public let trendHigh: Double
    public let trendLast: Double

    public init(
        size: Int, start: Int, first: Int, last: Int, low: Double, high: Double, trendLow: Double, trendHigh: Double, trendLast: Double
    ) {
        self.size = size
        self.start = start
        self.first = first
        self.last = last
        self.low = low
        self.high = high
        self.trendLow = trendLow
        self.trendHigh = trendHigh
        self.trendLast = trendLast
    }

    /// The smallest size kept: blocks of 4 days, each larger one made from
    /// four of the size below it.
    public static let smallest = 4

    /// A Decimal as the graph draws it.
    public static func double(_ value: Decimal) -> Double { NSDecimalNumber(decimal: value).doubleValue }

    /// The start of the block of `size` holding `day` (also before day 0).
    public static func start(of day: Int, size: Int) -> Int {
        let remainder = day % size
        return remainder < 0 ? day - remainder - size : day - remainder
    }

    /// The block size a graph `dots` dot columns wide reads over `span`
    /// days: the largest power of 4 with span / size >= 2 x dots, so each
    /// dot column gets 2 to 8 blocks; nil when not even the smallest is
    /// (the graph is then made from every day).
    public static func size(span: Int, dots: Int) -> Int? {
        guard dots > 0 else { return nil }
        var size: Int?
        var next = smallest
        while span / next >= 2 * dots {
            size = next
            guard next <= Int.max / 4 else { break }
            next *= 4
        }
        return size
    }

    /// Blocks of `size` made from days with their trend (oldest first),
    /// those on or after day `from` only.
    public static func blocks(_ points: [TrendPoint], size: Int, from: Int = .min) -> [WeightBlock] {
        var made: [WeightBlock] = []
        for point in points where point.day.number >= from {
            let weight = double(point.weight)
            let trend = double(point.trend)
            let day = point.day.number
            let start = start(of: day, size: size)
            if let open = made.last, open.start == start {
                made[made.count - 1] = WeightBlock(
                    size: size, start: start, first: open.first, last: day, low: min(open.low, weight), high: max(open.high, weight),
                    trendLow: min(open.trendLow, trend), trendHigh: max(open.trendHigh, trend), trendLast: trend)
            } else {
                made.append(
                    WeightBlock(
                        size: size, start: start, first: day, last: day, low: weight, high: weight, trendLow: trend, trendHigh: trend,
                        trendLast: trend))
            }
        }
        return made
    }

    /// Blocks of `size` made from `days` (oldest first, the same day at
    /// most once), those on or after day `from` only, with the trend gone
    /// on from `trend` (the trend at the end of the day before them; nil:
    /// they start the history), in `unit`; and the trend after them.
    /// The same Decimal steps as `WeightTrend`: the blocks of a history
    /// made a stretch at a time equal those made from every day at once.
    public static func fold(
        _ days: [DayFigure], unit: WeightUnit, trend: Decimal?, size: Int, from: Int = .min
    ) -> (blocks: [WeightBlock], trend: Decimal?) {
        guard let firstDay = days.first?.day else { return ([], trend) }
        let start = trend.map {
            TrendStart(
                day: firstDay.adding(days: -1), trend: $0, first: TrendPoint(day: firstDay, weight: $0, trend: $0), entries: 0)
        }
        let made = WeightTrend(days: days, unit: unit, start: start)
        return (blocks(made.points, size: size, from: from), made.latest?.trend ?? trend)
    }

    /// Blocks of `size` (a multiple of the children's) made from smaller
    /// ones, oldest first.
    public static func merged(_ children: [WeightBlock], size: Int) -> [WeightBlock] {
        var made: [WeightBlock] = []
        for child in children {
            let start = start(of: child.start, size: size)
            if let open = made.last, open.start == start {
                made[made.count - 1] = WeightBlock(
                    size: size, start: start, first: open.first, last: child.last, low: min(open.low, child.low),
                    high: max(open.high, child.high), trendLow: min(open.trendLow, child.trendLow),
                    trendHigh: max(open.trendHigh, child.trendHigh), trendLast: child.trendLast)
            } else {
                made.append(
                    WeightBlock(
                        size: size, start: start, first: child.first, last: child.last, low: child.low, high: child.high,
                        trendLow: child.trendLow, trendHigh: child.trendHigh, trendLast: child.trendLast))
            }
        }
        return made
    }

    /// Every block of `size` (a power of 4, at least `smallest`) of a
    /// whole history, from every day (what a store keeps must equal it).
    public static func blocks(everyDay days: [DayFigure], unit: WeightUnit, size: Int) -> [WeightBlock] {
        var made = fold(days, unit: unit, trend: nil, size: smallest).blocks
        var current = smallest
        while current < size {
            current *= 4
            made = merged(made, size: current)
        }
        return made
    }
}
