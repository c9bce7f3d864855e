import Foundation
import GRDB
import GrocerCore

extension StoreWeights {
    // MARK: Weeks and months

    /// The lowest and highest weigh-in of each `period` (keyed by its first
    /// day) among the local days `first` to `last`, in `unit`. `weight_day`
    /// keeps sums, not extremes: this reads the entries of those days only,
    /// through the `weight_entry_by_time` index, so it costs what the days
    /// hold, not what the store holds. Rows `weight_day` does not count are
    /// left out here too.
    public func extremes(
        from first: CivilDay, through last: CivilDay, period: WeightAverages.Period, unit: WeightUnit
    ) throws -> [CivilDay: WeightAverages.Extremes] {
        // Every offset from UTC is within a day: a day more each side, then
        // each row's own local day decides.
        let lower = Int64(first.number - 1) * 86_400 - 86_400
        let upper = Int64(last.number + 2) * 86_400 + 86_400
        typealias Span = (kg: (Int, Int)?, lbs: (Int, Int)?)
        var spans: [CivilDay: Span] = [:]
        try checkedRead(WeightRecord.shape) { db in
            var days = LocalDays(zone: timeZone)
            let rows = try Row.fetchCursor(
                db, WeightRecord.figures.filter(WeightRecord.Columns.recordedAt >= lower && WeightRecord.Columns.recordedAt < upper))
            while let row = try rows.next() {
                guard case .string(let value) = (row[0] as DatabaseValue).storage,
                    case .string(let unit) = (row[1] as DatabaseValue).storage,
                    case .int64(let seconds) = (row[2] as DatabaseValue).storage,
                    let figure = WeightDayTable.countable(value: value, unit: unit, recordedAt: seconds)
                else { continue }
                let day = CivilDay(number: days.day(figure.recordedAt))
                guard day >= first, day <= last else { continue }
                let key = WeightAverages.start(of: day, period: period)
                var span = spans[key] ?? (nil, nil)
                let h = figure.hundredths
                if figure.unit == "kg" {
                    span.kg = span.kg.map { (min($0.0, h), max($0.1, h)) } ?? (h, h)
                } else {
                    span.lbs = span.lbs.map { (min($0.0, h), max($0.1, h)) } ?? (h, h)
                }
                spans[key] = span
            }
        }
        return spans.compactMapValues { WeightAverages.extremes(kg: $0.kg, lbs: $0.lbs, unit: unit) }
    }
}
