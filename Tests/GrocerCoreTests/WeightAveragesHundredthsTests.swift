import Foundation
import TestSupport
import Testing

@testable import GrocerCore

/// The averages' integer arithmetic (`WeightAverages.Hundredths`) gives
/// what the Decimal path gave for the same hundredths: each period's mean
/// (`DayFigure`'s exact sum divided, then `rounded(scale: 2)`) and its
/// lowest and highest (`WeightAverages.extremes`), on random and edge
/// values: exact halves, both units, large sums, and negatives (which no
/// weigh-in makes, rounded away from zero as Decimal rounds them).
@Suite struct WeightAveragesHundredthsTests {
    /// The mean as `TableFold` made it before: in Decimal.
    static func decimalMean(kg: Int, lbs: Int, count: Int, unit: WeightUnit) -> Decimal {
        let sum = DayFigure(day: CivilDay(number: 0), kgHundredths: kg, lbsHundredths: lbs, count: count, unit: unit).sum
        return (count == 1 ? sum : sum / Decimal(count)).rounded(scale: 2)
    }

    static func decimal(_ hundredths: Int128) -> Decimal {
        Decimal(sign: hundredths < 0 ? .minus : .plus, exponent: -2, significand: Decimal(UInt64(hundredths.magnitude)))
    }

    static func expectSameMean(kg: Int, lbs: Int, count: Int) {
        for unit in WeightUnit.allCases {
            let exact = WeightAverages.Hundredths.mean(kg: Int128(kg), lbs: Int128(lbs), count: count, unit: unit)
            #expect(decimal(exact) == decimalMean(kg: kg, lbs: lbs, count: count, unit: unit), "kg \(kg) lbs \(lbs) count \(count) \(unit)")
        }
    }

    @Test func meansOfRandomSumsEqualTheDecimalPath() {
        var random = SplitMix(state: 35)
        for _ in 0..<20_000 {
            let count = Int.random(in: 1...40, using: &random)
            let kgCount = Int.random(in: 0...count, using: &random)
            let kg = kgCount == 0 ? 0 : (0..<kgCount).reduce(0) { s, _ in s + Int.random(in: 2_000...30_000, using: &random) }
            let lbs = kgCount == count ? 0 : (kgCount..<count).reduce(0) { s, _ in s + Int.random(in: 5_000...60_000, using: &random) }
            Self.expectSameMean(kg: kg, lbs: lbs, count: count)
        }
    }

    /// Halves: an odd sum over 2 (x.xx5), a sum over 8 ending in 4 (x.xx5
    /// again), a pound sum that is a whole number of kilograms' hundredths
    /// (45359237 hundredths of a pound is 20,574,... exactly), the largest
    /// weigh-ins grocer reads, and negatives.
    @Test(arguments: [
        (1, 0, 2), (0, 1, 2), (15_001, 0, 2), (0, 15_001, 2), (8_004, 0, 8), (0, 8_004, 8), (7_251, 7_251, 2),
        (0, 45_359_237, 1), (0, 45_359_237, 2), (0, 90_718_474, 7), (100_000_000, 0, 1), (100_000_000, 0, 3),
        (999_999_999, 999_999_999, 2), (999_999_999 * 5_000, 999_999_999 * 5_000, 10_000), (1, 1, 1), (0, 0, 1),
        (-1, 0, 2), (0, -1, 2), (-15_001, 0, 2), (-8_004, -3, 8), (-45_359_237, 0, 2),
    ])
    func meansAtTheEdgesEqualTheDecimalPath(kg: Int, lbs: Int, count: Int) {
        Self.expectSameMean(kg: kg, lbs: lbs, count: count)
    }

    /// Each unit's lowest and highest converted and rounded, then compared:
    /// what `extremes` gives from the exact conversions compared first.
    @Test func extremesEqualTheDecimalPath() {
        var random = SplitMix(state: 36)
        var cases: [((Int, Int)?, (Int, Int)?)] = [
            ((4_600, 8_000), (10_000, 10_000)), ((1, 1), nil), (nil, (1, 1)), ((45_359_237, 45_359_237), (100_000_000, 100_000_000)),
            ((999_999_999, 999_999_999), (999_999_999, 999_999_999)), ((-5, -1), (-5, -1)), ((2_268, 2_268), (5_000, 5_000)),
        ]
        for _ in 0..<20_000 {
            func span(_ range: ClosedRange<Int>) -> (Int, Int)? {
                guard Bool.random(using: &random) else { return nil }
                let a = Int.random(in: range, using: &random)
                let b = Int.random(in: range, using: &random)
                return (Swift.min(a, b), Swift.max(a, b))
            }
            cases.append((span(2_000...30_000), span(5_000...60_000)))
        }
        for (kg, lbs) in cases where kg != nil || lbs != nil {
            for unit in WeightUnit.allCases {
                let converted = [kg.map { ($0, WeightUnit.kg) }, lbs.map { ($0, WeightUnit.lbs) }].compactMap { $0 }.map { span, from in
                    (
                        WeightAverages.Hundredths.converted(span.0, from: from, to: unit),
                        WeightAverages.Hundredths.converted(span.1, from: from, to: unit)
                    )
                }
                let exact = WeightAverages.Extremes(
                    lowest: Self.decimal(Int128(converted.map(\.0).min()!)), highest: Self.decimal(Int128(converted.map(\.1).max()!)))
                #expect(
                    exact == WeightAverages.extremes(kg: kg, lbs: lbs, unit: unit),
                    "kg \(String(describing: kg)) lbs \(String(describing: lbs)) \(unit)")
            }
        }
    }

    /// Rounded half away from zero, as `NSDecimalRound`'s `.plain`.
    @Test(arguments: [(5, 2, 3), (-5, 2, -3), (4, 2, 2), (7, 3, 2), (-7, 3, -2), (8, 3, 3), (-8, 3, -3), (0, 9, 0), (149, 100, 1), (150, 100, 2)])
    func roundsHalfAwayFromZero(numerator: Int, denominator: Int, rounded: Int) {
        #expect(WeightAverages.Hundredths.rounded(Int128(numerator), over: Int128(denominator)) == Int128(rounded))
    }
}
