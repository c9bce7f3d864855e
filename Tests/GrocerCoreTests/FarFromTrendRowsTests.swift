import Foundation
import Testing

@testable import GrocerCore

/// The typo rule over an import's rows (issue 34): each row against the
/// trend before its day, in any order noted.
@Suite struct FarFromTrendRowsTests {
    static let utc = TimeZone(identifier: "UTC")!
    static let first = CivilDay(year: 2026, month: 3, day: 1)

    static func seconds(_ day: CivilDay) -> Int64 { Int64(day.number) * 86_400 + 7 * 3600 }

    /// Rows (day offset, kg), noted out of order, and every day's figure.
    static func scan(_ rows: [(Int, String)], unit: WeightUnit = .kg) -> (count: Int, first: [FarFromTrendRows.Row]) {
        var noted = FarFromTrendRows(timeZone: utc)
        var sums: [CivilDay: (Decimal, Int)] = [:]
        for (offset, digits) in rows {
            let weight = Weight(digits: digits, unit: .kg)!
            let day = first.adding(days: offset)
            noted.add(weight, seconds: seconds(day))
            let (sum, count) = sums[day] ?? (0, 0)
            sums[day] = (sum + weight.exactValue(in: unit), count + 1)
        }
        let every = sums.map { DayFigure(day: $0.key, sum: $0.value.0, count: $0.value.1) }
        return noted.far(every: every, unit: unit)
    }

    @Test func aRowIsComparedWithTheTrendBeforeItsDay() {
        let found = Self.scan([(2, "7.87"), (0, "80"), (1, "80"), (3, "80")])
        #expect(found.count == 1)
        #expect(found.first == [FarFromTrendRows.Row(day: Self.first.adding(days: 2), weight: Weight(digits: "7.87", unit: .kg)!)])
    }

    @Test func aTypoFoundDoesNotMakeTheWeightsAfterItLookFar() {
        let found = Self.scan([(0, "80"), (1, "80"), (2, "300"), (3, "80"), (4, "80")])
        #expect(found.count == 1)
        #expect(found.first.map(\.weight.digits) == ["300"])
    }

    @Test func theEdgeIsNearAndTheFirstDayIsNeverFar() {
        // A day on: 15.2% of 80 is 12.16; day 0 has nothing before it.
        #expect(Self.scan([(0, "80"), (1, "92.1")]).count == 0)
        #expect(Self.scan([(0, "80"), (1, "92.2")]).count == 1)
        #expect(Self.scan([(0, "8"), (0, "80")]).count == 0)
    }

    @Test func aGapWidensTheBandAndUnitsAreConverted() {
        // 30 days on: 21% of 80 is 16.8.
        #expect(Self.scan([(0, "80"), (30, "96.8")]).count == 0)
        #expect(Self.scan([(0, "80"), (30, "96.9")]).count == 1)
        // A trend kept in pounds (off the very edge: compared in floating point).
        #expect(Self.scan([(0, "80"), (30, "96.7")], unit: .lbs).count == 0)
        #expect(Self.scan([(0, "80"), (30, "96.9")], unit: .lbs).count == 1)
    }

    @Test func theLineIsBounded() {
        let rows = [FarFromTrendRows.Row(day: Self.first, weight: Weight(digits: "7.87", unit: .kg)!)]
        #expect(FarFromTrendRows.line(count: 0, first: []) == nil)
        #expect(
            FarFromTrendRows.line(count: 1, first: rows)
                == "1 row far from the trend kept: 2026-03-01 7.87 kg (typos? grocer weight edit fixes one).")
        #expect(FarFromTrendRows.line(count: 5, first: rows)?.contains("2026-03-01 7.87 kg, and 4 more (") == true)
    }
}
