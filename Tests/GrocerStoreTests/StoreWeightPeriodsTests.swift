import Foundation
import GRDB
import GrocerCore
import Testing

@testable import GrocerStore

/// The lowest and highest weigh-in per week or month, for the days asked,
/// in local days: the same as from every entry.
@Suite struct StoreWeightPeriodsTests {
    static let newYork = TimeZone(identifier: "America/New_York")!

    /// From every entry, independently of the store's code.
    func reference(_ store: Store, from first: CivilDay, through last: CivilDay, period: WeightAverages.Period, unit: WeightUnit)
        throws -> [CivilDay: WeightAverages.Extremes]
    {
        var found: [CivilDay: (Decimal, Decimal)] = [:]
        try store.weights.forEachEntry { entry in
            let day = CivilDay(entry.recordedAt, in: Self.newYork)
            guard day >= first, day <= last else { return }
            let start = WeightAverages.start(of: day, period: period)
            let value = entry.weight.exactValue(in: unit)
            let (low, high) = found[start] ?? (value, value)
            found[start] = (min(low, value), max(high, value))
        }
        return found.mapValues { WeightAverages.Extremes(lowest: $0.0.rounded(scale: 2), highest: $0.1.rounded(scale: 2)) }
    }

    @Test(arguments: [WeightAverages.Period.week, .month])
    func extremesPerPeriodAreThoseOfTheEntriesOfTheDaysAsked(period: WeightAverages.Period) throws {
        let store = try Store.open(at: ":memory:", mode: .memory, zone: Self.newYork, stop: StopFlag())
        // Every 7 hours over 100 days from Feb 20, 2026 (across the March
        // change of clocks), in both units.
        let start = try Date("2026-02-20T03:00:00Z", strategy: .iso8601)
        for i in 0..<343 {
            let unit: WeightUnit = i % 3 == 0 ? .lbs : .kg
            let base = unit == .kg ? 7000 : 15_500
            let h = base + (i * 37) % 900
            try store.weights.add(
                Weight(digits: "\(h / 100).\(h % 100 < 10 ? "0" : "")\(h % 100)", unit: unit)!, at: start.addingTimeInterval(Double(i) * 7 * 3600))
        }
        let first = CivilDay(year: 2026, month: 3, day: 2)  // a Monday and a month's second day
        let last = CivilDay(year: 2026, month: 4, day: 30)
        for unit in [WeightUnit.kg, .lbs] {
            let found = try store.weights.extremes(from: first, through: last, period: period, unit: unit)
            #expect(found == (try reference(store, from: first, through: last, period: period, unit: unit)))
            #expect(found.count == (period == .week ? 9 : 2))
        }
    }

    /// A Sunday 23:30 in New York is Monday in UTC: it is the Sunday's week.
    @Test func entriesFallInTheirLocalDay() throws {
        let store = try Store.open(at: ":memory:", mode: .memory, zone: Self.newYork, stop: StopFlag())
        try store.weights.add(Weight(digits: "70", unit: .kg)!, at: try Date("2026-01-12T04:30:00Z", strategy: .iso8601))
        let sunday = CivilDay(year: 2026, month: 1, day: 11)
        let found = try store.weights.extremes(from: sunday, through: sunday, period: .week, unit: .kg)
        #expect(found == [CivilDay(year: 2026, month: 1, day: 5): WeightAverages.Extremes(lowest: 70, highest: 70)])
        #expect(try store.weights.extremes(from: sunday.adding(days: 1), through: sunday.adding(days: 1), period: .week, unit: .kg).isEmpty)
    }
}
