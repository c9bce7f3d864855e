import Foundation

/// The typo rule (`FarFromTrend`) over an import's rows (issue 34): a file
/// is a record, not a typo, so such rows are kept and named in the
/// summary. Each row kept is noted as it is imported (its local day and
/// its value in hundredths: a few bytes a row, no Decimal); once every row
/// is in, each is compared with the trend as it stood before its day (at
/// the end of the nearest earlier day with entries, the store's and the
/// file's, every day counted), the band widened by the days between. Rows
/// on the first day of all have nothing to be far from. Compared in
/// floating point: a row within a millionth of the edge may go either way.
public struct FarFromTrendRows: Sendable {
    private var days: [Int32] = []
    private var hundredths: [Int32] = []
    private var inKilograms: [Bool] = []
    private var offsets: LocalOffsets

    public init(timeZone: TimeZone) {
        offsets = LocalOffsets(zone: timeZone)
    }

    /// Rows noted.
    public var count: Int { days.count }

    /// Notes a row kept: `weight` at `seconds` (Unix time).
    public mutating func add(_ weight: Weight, seconds: Int64) {
        let local = Int(seconds) + offsets.offset(seconds)
        days.append(Int32(truncatingIfNeeded: CivilDay.floorDiv(local, 86_400)))
        hundredths.append(Int32(truncatingIfNeeded: weight.hundredths))
        inKilograms.append(weight.unit == .kg)
    }

    /// A row far from the trend: its day and its value as kept.
    public struct Row: Equatable, Sendable {
        public let day: CivilDay
        public let weight: Weight
    }

    /// How many rows noted are far from the trend of `every` day with
    /// entries (the rows' days among them, in `unit`), and the first
    /// `shown` of them, in the order noted. The days are walked in order
    /// with the trend's own step (a tenth of the way to the day's mean); a
    /// row found far is left out of its day's mean, so one typo does not
    /// make the real weights after it look far.
    public func far(every: [DayFigure], unit: WeightUnit, shown: Int = 3) -> (count: Int, first: [Row]) {
        let perPound = NSDecimalNumber(decimal: WeightUnit.kilogramsPerPound).doubleValue
        func value(_ i: Int) -> Double {
            let typed = Double(hundredths[i]) / 100
            guard inKilograms[i] != (unit == .kg) else { return typed }
            return inKilograms[i] ? typed / perPound : typed * perPound
        }
        // The rows in day order (a file is most often in time order already).
        let inOrder = zip(days, days.dropFirst()).allSatisfy { $0 <= $1 }
        let order = inOrder ? Array(days.indices) : days.indices.sorted { (days[$0], $0) < (days[$1], $1) }
        var found: [Int] = []
        var trend: Double?
        var lastDay = 0
        var next = 0
        for figure in every.sorted(by: { $0.day < $1.day }) where figure.count > 0 {
            let day = figure.day.number
            while next < order.count, Int(days[order[next]]) < day { next += 1 }
            var left = NSDecimalNumber(decimal: figure.sum).doubleValue
            var count = figure.count
            // The band once a day, not per row: Decimal is most of a row's cost.
            let band = trend.map { $0 * NSDecimalNumber(decimal: FarFromTrend.allowedShare(days: day - lastDay)).doubleValue }
            while next < order.count, Int(days[order[next]]) == day {
                let i = order[next]
                next += 1
                guard let reference = trend, let band else { continue }
                guard abs(value(i) - reference) > band else { continue }
                found.append(i)
                left -= value(i)
                count -= 1
            }
            guard count > 0 else { continue }
            let mean = left / Double(count)
            trend = trend.map { $0 + 0.1 * (mean - $0) } ?? mean
            lastDay = day
        }
        let first = found.sorted().prefix(shown).compactMap { i -> Row? in
            let digits = FarFromTrend.digits(Decimal(Int(hundredths[i])) / 100)
            return Weight(digits: digits, unit: inKilograms[i] ? .kg : .lbs).map { Row(day: CivilDay(number: Int(days[i])), weight: $0) }
        }
        return (found.count, first)
    }

    /// "2 rows far from the trend kept: 2026-03-04 7.87 kg, 2026-05-01 787
    /// kg" (at most `first`, then "and N more"); nil when none.
    public static func line(count: Int, first: [Row]) -> String? {
        guard count > 0 else { return nil }
        let rows = first.map { "\($0.day) \($0.weight.digits) \($0.weight.unit.rawValue)" }
        let more = count > first.count ? ", and \(count - first.count) more" : ""
        return "\(count) \(count == 1 ? "row" : "rows") far from the trend kept: \(rows.joined(separator: ", "))\(more)"
            + " (typos? grocer weight edit fixes one)."
    }
}
