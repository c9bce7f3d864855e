import Foundation
import Testing

@testable import GrocerCore

/// Weekly and monthly figures: local days, weeks from Monday, units
/// converted exactly and rounded once, to the hundredth.
@Suite struct WeightAveragesTests {
    static let newYork = TimeZone(identifier: "America/New_York")!

    static func at(_ iso: String) -> Date { try! Date(iso, strategy: .iso8601) }
    static func kg(_ digits: String) -> Weight { Weight(digits: digits, unit: .kg)! }

    @Test(arguments: [
        (CivilDay(year: 2026, month: 1, day: 5), CivilDay(year: 2026, month: 1, day: 5)),  // a Monday
        (CivilDay(year: 2026, month: 1, day: 11), CivilDay(year: 2026, month: 1, day: 5)),  // its Sunday
        (CivilDay(year: 2026, month: 1, day: 1), CivilDay(year: 2025, month: 12, day: 29)),  // a Thursday
        (CivilDay(year: 1970, month: 1, day: 1), CivilDay(year: 1969, month: 12, day: 29)),
        (CivilDay(year: 1969, month: 12, day: 28), CivilDay(year: 1969, month: 12, day: 22)),
    ])
    func weeksStartOnMonday(day: CivilDay, monday: CivilDay) {
        #expect(WeightAverages.start(of: day, period: .week) == monday)
    }

    @Test func aPeriodHasItsCountMeanLowestAndHighest() {
        var weeks = WeightAverages(period: .week, unit: .kg, timeZone: Self.newYork)
        // Sunday 11 Jan 23:30 in New York is Monday 12 Jan in UTC: it counts
        // in the week of 5 January, where the person was.
        weeks.add(Self.kg("72.5"), at: Self.at("2026-01-12T04:30:00Z"))
        weeks.add(Weight(digits: "160", unit: .lbs)!, at: Self.at("2026-01-07T12:00:00Z"))
        weeks.add(Self.kg("72.1"), at: Self.at("2026-01-12T17:00:00Z"))
        weeks.add(Self.kg("72.2"), at: Self.at("2026-01-13T17:00:00Z"))
        let figures = weeks.finished()
        #expect(figures.map(\.firstDay) == [CivilDay(year: 2026, month: 1, day: 5), CivilDay(year: 2026, month: 1, day: 12)])
        // 160 lbs is 72.5747792 kg: the mean is of the exact values.
        #expect(figures[0].count == 2 && figures[0].mean == Decimal(string: "72.54") && figures[0].max == Decimal(string: "72.57"))
        #expect(figures[0].min == Decimal(string: "72.5"))
        #expect(figures[1].count == 2 && figures[1].mean == Decimal(string: "72.15") && figures[1].min == Decimal(string: "72.1"))
        var months = WeightAverages(period: .month, unit: .lbs, timeZone: Self.newYork)
        months.add(Self.kg("72.5"), at: Self.at("2026-02-01T04:30:00Z"))
        #expect(months.finished().map(\.firstDay) == [CivilDay(year: 2026, month: 1, day: 1)])
        #expect(months.finished().first?.mean == Decimal(string: "159.84"))
    }

    /// 100 lbs is 45.359237 kg: with 45.35 kg the exact mean is 45.3546...
    /// (45.35); each entry rounded first would make it 45.355 (45.36). The
    /// history's weeks, made from the exact per-day sums, say 45.35 too.
    @Test func theOtherUnitIsRoundedOnlyAtTheEnd() {
        var weeks = WeightAverages(period: .week, unit: .kg, timeZone: Self.newYork)
        weeks.add(Weight(digits: "100", unit: .lbs)!, at: Self.at("2026-01-07T12:00:00Z"))
        weeks.add(Self.kg("45.35"), at: Self.at("2026-01-08T12:00:00Z"))
        #expect(weeks.finished().first?.mean == Decimal(string: "45.35"))
        #expect(weeks.finished().first?.max == Decimal(string: "45.36"))
    }
}
