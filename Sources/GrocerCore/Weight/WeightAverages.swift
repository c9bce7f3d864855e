import Foundation

/// Weekly or monthly figures of the weigh-ins (`grocer weight averages`):
/// each period with at least one entry gives its first day, the number of
/// entries, and their mean, lowest and highest, in one unit, to the
/// hundredth. Entries fall into local days (`timeZone`); weeks start on
/// Monday (ISO 8601). Entries in the other unit are converted exactly and
/// rounded only at the end.
public struct WeightAverages: Sendable {
    public enum Period: String, CaseIterable, Sendable {
        case week, month
    }

    public struct Figure: Equatable, Sendable {
        public let firstDay: CivilDay
        public let count: Int
        public let mean: Decimal
        public let min: Decimal
        public let max: Decimal
    }

    public let period: Period
    public let unit: WeightUnit

    private struct Running {
        var count = 0
        var sum = Decimal(0)
        var min = Decimal.greatestFiniteMagnitude
        var max = -Decimal.greatestFiniteMagnitude
    }

    private var days: [CivilDay: Running] = [:]
    private let timeZone: TimeZone

    public init(period: Period, unit: WeightUnit, timeZone: TimeZone) {
        self.period = period
        self.unit = unit
        self.timeZone = timeZone
    }

    /// The first day of the period holding `day`.
    public static func start(of day: CivilDay, period: Period) -> CivilDay {
        switch period {
        case .week:
            // CivilDay 0 is 1970-01-01, a Thursday: 3 days after a Monday.
            let sinceMonday = day.number + 3 - CivilDay.floorDiv(day.number + 3, 7) * 7
            return day.adding(days: -sinceMonday)
        case .month:
            return CivilDay(year: day.year, month: day.month, day: 1)
        }
    }

    /// Counts one weigh-in.
    public mutating func add(_ weight: Weight, at date: Date) {
        let day = CivilDay(date, in: timeZone)
        // Exactly (`converted(to:)` rounds each entry, which moved a mean by 0.01).
        let value = weight.exactValue(in: unit)
        var running = days[Self.start(of: day, period: period), default: Running()]
        running.count += 1
        running.sum += value
        running.min = Swift.min(running.min, value)
        running.max = Swift.max(running.max, value)
        days[Self.start(of: day, period: period)] = running
    }

    /// The periods with entries, oldest first.
    public func finished() -> [Figure] {
        days.sorted { $0.key < $1.key }.map { day, r in
            Figure(
                firstDay: day, count: r.count, mean: (r.sum / Decimal(r.count)).rounded(scale: 2),
                min: r.min.rounded(scale: 2), max: r.max.rounded(scale: 2))
        }
    }
}
