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
        var spans = Spans(zone: timeZone, period: period)
        try checkedRead(WeightRecord.shape) { db in
            let rows = try Row.fetchCursor(
                db, WeightRecord.figures.filter(WeightRecord.Columns.recordedAt >= lower && WeightRecord.Columns.recordedAt < upper))
            while let row = try rows.next() { _ = spans.add(row, from: first, through: last) }
        }
        return spans.extremes(unit)
    }
}

/// Each period's lowest and highest weigh-in per unit, in hundredths as
/// stored, from rows of `WeightRecord.figures`.
private struct Spans {
    typealias Span = (kg: (Int, Int)?, lbs: (Int, Int)?)
    var spans: [CivilDay: Span] = [:]
    var days: LocalDays
    let period: WeightAverages.Period
    /// The last day number seen and its period's first day: rows come
    /// mostly in time order, so most rows skip the calendar.
    var lastDay: (number: Int, start: CivilDay)?

    init(zone: TimeZone, period: WeightAverages.Period) {
        days = LocalDays(zone: zone)
        self.period = period
    }

    /// Takes one row in (when its day is within `first` to `last`); false
    /// when it is not one `weight_day` counts.
    mutating func add(_ row: Row, from first: CivilDay? = nil, through last: CivilDay? = nil) -> Bool {
        guard case .string(let value) = (row[0] as DatabaseValue).storage,
            case .string(let unit) = (row[1] as DatabaseValue).storage,
            case .int64(let seconds) = (row[2] as DatabaseValue).storage,
            let figure = WeightDayTable.countable(value: value, unit: unit, recordedAt: seconds)
        else { return false }
        let number = days.day(figure.recordedAt)
        if let first, number < first.number { return true }
        if let last, number > last.number { return true }
        let key: CivilDay
        if let lastDay, lastDay.number == number {
            key = lastDay.start
        } else {
            key = WeightAverages.start(of: CivilDay(number: number), period: period)
            lastDay = (number, key)
        }
        var span = spans[key] ?? (nil, nil)
        let h = figure.hundredths
        if figure.unit == "kg" {
            span.kg = span.kg.map { (min($0.0, h), max($0.1, h)) } ?? (h, h)
        } else {
            span.lbs = span.lbs.map { (min($0.0, h), max($0.1, h)) } ?? (h, h)
        }
        spans[key] = span
        return true
    }

    func extremes(_ unit: WeightUnit) -> [CivilDay: WeightAverages.Extremes] {
        spans.compactMapValues { WeightAverages.extremes(kg: $0.kg, lbs: $0.lbs, unit: unit) }
    }
}
