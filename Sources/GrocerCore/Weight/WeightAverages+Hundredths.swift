import Foundation

extension WeightAverages {
    /// A `Figure` in whole hundredths of its unit: what `TableFold` makes
    /// from `weight_day`'s integers without a Decimal, and what `grocer
    /// weight averages` prints digit by digit (issue 35: the Decimal
    /// division, rounding and text of each period's four figures were
    /// half of the command's time at 30,000 days).
    public struct HundredthsFigure: Equatable, Sendable {
        public let firstDay: CivilDay
        public let count: Int
        public let mean: Int
        public let min: Int
        public let max: Int

        public init(firstDay: CivilDay, count: Int, mean: Int, min: Int, max: Int) {
            self.firstDay = firstDay
            self.count = count
            self.mean = mean
            self.min = min
            self.max = max
        }

        /// A figure from every entry (its values are to the hundredth, so
        /// this is exact).
        public init(_ figure: Figure) {
            func hundredths(_ value: Decimal) -> Int { NSDecimalNumber(decimal: value * 100).intValue }
            self.init(
                firstDay: figure.firstDay, count: figure.count, mean: hundredths(figure.mean), min: hundredths(figure.min),
                max: hundredths(figure.max))
        }

        /// The same figure in Decimals, as `finished()` gives it.
        public var figure: Figure {
            func value(_ hundredths: Int) -> Decimal {
                Decimal(sign: hundredths < 0 ? .minus : .plus, exponent: -2, significand: Decimal(hundredths.magnitude))
            }
            return Figure(firstDay: firstDay, count: count, mean: value(mean), min: value(min), max: value(max))
        }
    }

    /// Exact arithmetic on hundredths of both units, rounded as the Decimal
    /// path rounds (`rounded(scale: 2)`: half away from zero). A pound is
    /// 0.45359237 kg, so a sum of `kg` and `lbs` hundredths is, exactly,
    /// `(kg x 10^8 + lbs x 45359237) / 10^8` kg hundredths or the same
    /// over 45359237 in lbs hundredths: one integer numerator, whichever
    /// unit is shown.
    public enum Hundredths {
        static let kgPerLb: Int128 = 45_359_237
        static let scale: Int128 = 100_000_000

        /// `numerator / denominator` (denominator > 0) rounded half away
        /// from zero.
        public static func rounded(_ numerator: Int128, over denominator: Int128) -> Int128 {
            let quotient = numerator / denominator
            let remainder = numerator % denominator
            guard remainder.magnitude * 2 >= denominator.magnitude else { return quotient }
            return numerator < 0 ? quotient - 1 : quotient + 1
        }

        /// The mean of `count` (> 0) weigh-ins summing to `kg` and `lbs`
        /// hundredths, in hundredths of `unit`, rounded once.
        public static func mean(kg: Int128, lbs: Int128, count: Int, unit: WeightUnit) -> Int128 {
            let numerator = kg * scale + lbs * kgPerLb
            return rounded(numerator, over: (unit == .kg ? scale : kgPerLb) * Int128(count))
        }

        /// `hundredths` of `from`, converted exactly into `unit` and rounded.
        public static func converted(_ hundredths: Int, from: WeightUnit, to unit: WeightUnit) -> Int {
            switch (from, unit) {
            case (.lbs, .kg): return Int(rounded(Int128(hundredths) * kgPerLb, over: scale))
            case (.kg, .lbs): return Int(rounded(Int128(hundredths) * scale, over: kgPerLb))
            default: return hundredths
            }
        }
    }
}
