import Foundation

/// A weight far from the person's trend: most likely a typo (7.87 for
/// 78.7, or the other unit's number), asked about before it is kept
/// (issue 34).
///
/// The rule: a weight is far when it differs from the trend by more than
/// 15% of the trend, widened by 0.2% for each day between the weigh-in's
/// day and the nearest day with entries (a month away: 21%), to at most
/// 50%. With no trend yet (the first weigh-in) nothing is far. A weight
/// exactly at the edge is not far. Weights are compared in the trend's
/// unit, exactly (a weight in pounds against a trend in kilograms).
///
/// Why these figures: a day's real swing (water, a meal) is 1-2%, and a
/// diet loses about 1% a week; 15% is more than two months of a fast
/// diet, so a real weight is never asked about after a daily weigh-in.
/// A decimal in the wrong place is 90% away or 900%, and the other unit's
/// number (78.5 kg typed as 173) 55% or 120%: the 50% cap keeps even a
/// year's gap catching both.
public struct FarFromTrend: Equatable, Sendable {
    /// The weight as typed.
    public let weight: Weight
    /// The trend it was compared with, in `unit`, as it stood on the day.
    public let trend: Decimal
    public let unit: WeightUnit
    /// The weight with its decimal point moved, when that lands close to
    /// the trend (78.7 for 7.87): what the person probably meant.
    public let suggestion: Weight?

    public init(weight: Weight, trend: Decimal, unit: WeightUnit, suggestion: Weight?) {
        self.weight = weight
        self.trend = trend
        self.unit = unit
        self.suggestion = suggestion
    }

    public static let baseShare = Decimal(string: "0.15")!
    public static let sharePerDay = Decimal(string: "0.002")!
    public static let mostShare = Decimal(string: "0.5")!

    /// The share of the trend a weight may differ by, `days` from the
    /// nearest day with entries.
    public static func allowedShare(days: Int) -> Decimal {
        min(baseShare + sharePerDay * Decimal(max(0, days)), mostShare)
    }

    /// Whether `value` is within the allowed share of `trend`.
    static func isNear(_ value: Decimal, _ trend: Decimal, days: Int) -> Bool {
        guard trend > 0 else { return true }
        return abs(value - trend) <= trend * allowedShare(days: days)
    }

    /// The trend a weigh-in on `day` is compared with, and how many days
    /// lie between `day` and the day with entries it stands on: the trend
    /// at the end of `day` (carried from the last day with entries on or
    /// before it); for a day before every entry, the first day's.
    public static func reference(_ trend: WeightTrend, on day: CivilDay) -> (trend: Decimal, days: Int)? {
        if let index = trend.lastIndex(onOrBefore: day) {
            let point = trend.points[index]
            return (point.trend, day.number - point.day.number)
        }
        if let start = trend.start, day >= start.day { return (start.trend, day.number - start.day.number) }
        if trend.start == nil, let first = trend.points.first { return (first.trend, first.day.number - day.number) }
        return nil
    }

    /// nil when `weight` on `day` is near `trend` (or there is no trend
    /// yet); else what to ask about.
    public static func check(_ weight: Weight, on day: CivilDay, against trend: WeightTrend) -> FarFromTrend? {
        guard let (reference, days) = reference(trend, on: day) else { return nil }
        return check(weight, trend: reference, unit: trend.unit, days: days)
    }

    /// The same, against a trend value `days` from the weigh-in's day.
    public static func check(_ weight: Weight, trend: Decimal, unit: WeightUnit, days: Int) -> FarFromTrend? {
        guard !isNear(weight.exactValue(in: unit), trend, days: days) else { return nil }
        return FarFromTrend(weight: weight, trend: trend, unit: unit, suggestion: shifted(weight, trend: trend, unit: unit, days: days))
    }

    /// The weight with its decimal point one or two places over, nearest
    /// the trend, when it is near it (and has at most 2 decimals).
    static func shifted(_ weight: Weight, trend: Decimal, unit: WeightUnit, days: Int) -> Weight? {
        let candidates = [Decimal(10), 100, Decimal(string: "0.1")!, Decimal(string: "0.01")!].compactMap { factor -> Weight? in
            let value = weight.value * factor
            guard value.rounded(scale: 2) == value, value <= weight.unit.maximum else { return nil }
            return Weight(digits: Self.digits(value), unit: weight.unit)
        }
        let near = candidates.filter { isNear($0.exactValue(in: unit), trend, days: days) }
        return near.min { abs($0.exactValue(in: unit) - trend) < abs($1.exactValue(in: unit) - trend) }
    }

    /// Plain decimal text of `value` (at most 2 decimals): "78.7".
    static func digits(_ value: Decimal) -> String {
        var text = NSDecimalNumber(decimal: value).stringValue
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text
    }

    /// The trend as a weight, to one decimal: "78.5 kg".
    public var trendWeight: Weight {
        Weight(digits: Self.digits(trend.rounded(scale: 1)), unit: unit) ?? Weight(digits: "0.1", unit: unit)!
    }
}
