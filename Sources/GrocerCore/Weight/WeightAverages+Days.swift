import Foundation

extension WeightAverages {
    /// A week or month as the history lists it: from the per-day figures
    /// (never every entry) its weigh-ins and their mean, the change from
    /// the period before and the trend at its end. The lowest and highest
    /// weigh-in need the entries: `Extremes`, asked of the store for the
    /// periods shown.
    public struct PeriodRow: Equatable, Sendable {
        public let firstDay: CivilDay
        /// The period's last calendar day (later than today for the current one).
        public let lastDay: CivilDay
        public let count: Int
        /// The mean of its weigh-ins, to the hundredth (as `finished()`).
        public let mean: Decimal
        /// This mean less the previous period's with weigh-ins (both to the
        /// hundredth, as shown); nil for the first.
        public let change: Decimal?
        /// The trend at the end of its last day (carried from its last day
        /// with weigh-ins), to the hundredth.
        public let trend: Decimal?
    }

    /// The lowest and highest weigh-in of a period, in one unit, to the hundredth.
    public struct Extremes: Equatable, Sendable {
        public let lowest: Decimal
        public let highest: Decimal

        public init(lowest: Decimal, highest: Decimal) {
            self.lowest = lowest
            self.highest = highest
        }
    }

    /// The last day of the period starting at `first`.
    public static func end(of first: CivilDay, period: Period) -> CivilDay {
        switch period {
        case .week: return first.adding(days: 6)
        case .month: return first.adding(months: 1).adding(days: -1)
        }
    }

    /// Each period with weigh-ins, oldest first, from `days` (in `trend`'s
    /// unit, as the store keeps them) and the trend made from the same days.
    public static func rows(days: [DayFigure], trend: WeightTrend, period: Period) -> [PeriodRow] {
        var sums: [(first: CivilDay, sum: Decimal, count: Int)] = []
        for figure in days.sorted(by: { $0.day < $1.day }) where figure.count > 0 {
            let first = start(of: figure.day, period: period)
            if let last = sums.last, last.first == first {
                sums[sums.count - 1] = (first, last.sum + figure.sum, last.count + figure.count)
            } else {
                sums.append((first, figure.sum, figure.count))
            }
        }
        var rows: [PeriodRow] = []
        rows.reserveCapacity(sums.count)
        var previous: Decimal? = nil
        for (first, sum, count) in sums {
            let mean = (sum / Decimal(count)).rounded(scale: 2)
            let lastDay = end(of: first, period: period)
            rows.append(
                PeriodRow(
                    firstDay: first, lastDay: lastDay, count: count, mean: mean, change: previous.map { mean - $0 },
                    trend: trend.trend(on: lastDay)?.rounded(scale: 2)))
            previous = mean
        }
        return rows
    }

    /// Folds the lowest and highest weigh-in in each unit (hundredths, as
    /// stored) into `unit`: each converted exactly, then rounded once.
    public static func extremes(kg: (Int, Int)?, lbs: (Int, Int)?, unit: WeightUnit) -> Extremes? {
        func value(_ hundredths: Int, _ from: WeightUnit) -> Decimal {
            // Hundredths as a Decimal of exponent -2: exact, no long division.
            let v = Decimal(sign: hundredths < 0 ? .minus : .plus, exponent: -2, significand: Decimal(hundredths.magnitude))
            switch (from, unit) {
            case (.lbs, .kg): return v * WeightUnit.kilogramsPerPound
            case (.kg, .lbs): return v / WeightUnit.kilogramsPerPound
            default: return v
            }
        }
        var low: Decimal? = nil
        var high: Decimal? = nil
        for (pair, from) in [(kg, WeightUnit.kg), (lbs, .lbs)] {
            guard let (lowest, highest) = pair else { continue }
            let (l, h) = (value(lowest, from), value(highest, from))
            low = low.map { Swift.min($0, l) } ?? l
            high = high.map { Swift.max($0, h) } ?? h
        }
        guard let low, let high else { return nil }
        return Extremes(lowest: low.rounded(scale: 2), highest: high.rounded(scale: 2))
    }
}
