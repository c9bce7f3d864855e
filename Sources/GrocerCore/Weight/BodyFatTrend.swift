import Foundation

/// A day with body fats: their mean and the body fat's trend after it.
public struct BodyFatPoint: Equatable, Sendable {
    public let day: CivilDay
    public let bodyFat: Decimal
    public let trend: Decimal

    public init(day: CivilDay, bodyFat: Decimal, trend: Decimal) {
        self.day = day
        self.bodyFat = bodyFat
        self.trend = trend
    }
}

/// The body fat's trend (issue 34), by the weight's rule (`WeightTrend`):
/// it starts at the first day's mean body fat and each later day with one
/// moves it a tenth of the way to that day's mean; days without one carry
/// it unchanged. Made from the days with a body fat only, so a person who
/// measures it once a week has a line of its own, not one pulled by the
/// days between.
public struct BodyFatTrend: Equatable, Sendable {
    /// Days with a body fat, oldest first.
    public let points: [BodyFatPoint]

    /// A day's body fats as a per-day table keeps them: the sum in
    /// hundredths of a percent, and how many.
    public struct Day: Equatable, Sendable {
        public let day: CivilDay
        public let hundredths: Int
        public let count: Int

        public init(day: CivilDay, hundredths: Int, count: Int) {
            self.day = day
            self.hundredths = hundredths
            self.count = count
        }

        /// The day's mean body fat.
        public var mean: Decimal {
            let sum = Decimal(sign: .plus, exponent: -2, significand: Decimal(hundredths))
            return count == 1 ? sum : sum / Decimal(count)
        }
    }

    /// `days` oldest first; days with no body fat (count 0) are skipped.
    public init(days: [Day]) {
        var points: [BodyFatPoint] = []
        var trend: Decimal? = nil
        for day in days where day.count > 0 {
            let mean = day.mean
            let next = WeightTrend.step(trend, toward: mean)
            trend = next
            points.append(BodyFatPoint(day: day.day, bodyFat: mean, trend: next))
        }
        self.points = points
    }

    /// The trend at the end of `day`: that of the last day with a body fat
    /// up to it; nil before the first.
    public func trend(on day: CivilDay) -> Decimal? {
        WeightTrend.lastIndex(of: points.count, onOrBefore: day) { points[$0].day }.map { points[$0].trend }
    }

    /// The latest trend, nil with no body fat kept.
    public var latest: Decimal? { points.last?.trend }
}
