import Foundation

extension WeightAverages {
    /// Some of the history's weeks or months (`w`, issue 35), newest first,
    /// read by keyset from the newest: the first screen needs the newest
    /// few dozen periods, not every day.
    public struct PeriodPage: Equatable, Sendable {
        /// Newest first, each as `rows(days:trend:period:)` makes it from
        /// every day.
        public let rows: [PeriodRow]
        /// Whether the oldest period with weigh-ins is among them.
        public let reachesOldest: Bool

        public init(rows: [PeriodRow], reachesOldest: Bool) {
            self.rows = rows
            self.reachesOldest = reachesOldest
        }
    }

    /// The periods starting on or after `first`, newest first, from `days`
    /// (oldest first, the days after `start`, or every day without one;
    /// in `unit`). The trend is the one made from every day (a start keeps
    /// every digit of it), and a period's sum is the sum of its days' in
    /// the same order, so each row equals the row `rows(days:trend:period:)`
    /// gives from every day. `withChange`: the oldest row is read only for
    /// the change of the one after it, and left out.
    public static func newestRows(
        days: [DayFigure], start: TrendStart?, unit: WeightUnit, period: Period, from first: CivilDay, withChange: Bool
    ) -> [PeriodRow] {
        let trend = WeightTrend(days: days, unit: unit, start: start)
        var rows = rows(days: days.filter { $0.day >= first }, trend: trend, period: period)
        if withChange, !rows.isEmpty { rows.removeFirst() }
        return rows.reversed()
    }
}
