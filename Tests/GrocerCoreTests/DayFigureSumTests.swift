import Foundation
import TestSupport
import Testing

@testable import GrocerCore

/// A day's sum and weight made without Decimal division are the Decimals
/// the division gave, and so is every trend made from them, to the last
/// digit.
@Suite struct DayFigureSumTests {
    /// The day as it was made before: Decimal sums, then a division by the count.
    static func slow(day: CivilDay, kg: Int, lbs: Int, count: Int, unit: WeightUnit) -> (sum: Decimal, weight: Decimal) {
        let sum = DayFigure.slowSum(kgHundredths: kg, lbsHundredths: lbs, unit: unit)
        return (sum, sum / Decimal(count))
    }

    @Test(arguments: [
        (0, 7_250, 1), (7_250, 0, 1), (7_250, 15_984, 2), (1, 1, 2), (999_999_999, 999_999_999, 2),
        (Int.max / 10, 5, 3), (5, Int.max / 10, 3),
    ])
    func edgesAreTheSameDecimal(kg: Int, lbs: Int, count: Int) {
        for unit in WeightUnit.allCases {
            let figure = DayFigure(day: CivilDay(number: 0), kgHundredths: kg, lbsHundredths: lbs, count: count, unit: unit)
            let (sum, weight) = Self.slow(day: figure.day, kg: kg, lbs: lbs, count: count, unit: unit)
            #expect(figure.sum == sum && figure.sum.description == sum.description)
            #expect(figure.weight == weight && figure.weight.description == weight.description)
        }
    }

    @Test(arguments: [UInt64(1), 2, 3, 4])
    func randomHistoriesGiveTheSameTrendToTheLastDigit(seed: UInt64) {
        var random = SplitMix(state: seed)
        for unit in WeightUnit.allCases {
            var fast: [DayFigure] = []
            var slow: [DayFigure] = []
            var base = Int.random(in: 3_000...20_000, using: &random)
            for n in 0..<1_500 {
                base = max(1_000, base + Int.random(in: -200...200, using: &random))
                let count = Int.random(in: 1...3, using: &random)
                var kg = 0
                var lbs = 0
                for _ in 0..<count {
                    if Int.random(in: 0..<3, using: &random) == 0 { lbs += base * 22 / 10 } else { kg += base }
                }
                let day = CivilDay(number: 19_000 + n)
                fast.append(DayFigure(day: day, kgHundredths: kg, lbsHundredths: lbs, count: count, unit: unit))
                let (sum, weight) = Self.slow(day: day, kg: kg, lbs: lbs, count: count, unit: unit)
                slow.append(DayFigure(day: day, sum: sum, count: count))
                #expect(fast.last!.weight.description == weight.description)
            }
            let a = WeightTrend(days: fast, unit: unit).points.map { "\($0.day) \($0.weight) \($0.trend)" }
            let b = WeightTrend(days: slow, unit: unit).points.map { "\($0.day) \($0.weight) \($0.trend)" }
            #expect(a == b)
        }
    }
}
