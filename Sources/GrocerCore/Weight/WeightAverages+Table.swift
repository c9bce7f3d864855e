import Foundation

extension WeightAverages {
    /// What `finished()` gives for the same entries, folded from per-day
    /// rows kept per unit as typed (`weight_day`: each day's sum, count,
    /// lowest and highest in hundredths), oldest day first: integers
    /// throughout, each period's mean and conversion exact and rounded as
    /// the Decimal path rounds (`Hundredths`; `grocer weight averages`,
    /// issue 35).
    public struct TableFold: Sendable {
        public let period: Period
        public let unit: WeightUnit

        private struct Totals {
            var sum: Int128 = 0
            var count = 0
            var span: (Int, Int)?

            mutating func add(hundredths: Int, count: Int, low: Int, high: Int) {
                sum += Int128(hundredths)
                self.count += count
                span = span.map { (Swift.min($0.0, low), Swift.max($0.1, high)) } ?? (low, high)
            }
        }

        /// The period being folded: its first day and the number of its last.
        private var current: (first: CivilDay, last: Int)?
        private var kg = Totals()
        private var lbs = Totals()
        private var figures: [HundredthsFigure] = []

        public init(period: Period, unit: WeightUnit) {
            self.period = period
            self.unit = unit
        }

        /// Takes one day's row in one unit; rows come by day, oldest first.
        /// The caller keeps the values to what entries can make (each
        /// weigh-in above 0 and under 10^9 hundredths, `Weight.hundredths`),
        /// so that no figure overflows.
        public mutating func add(day: Int, isKg: Bool, hundredths: Int, count: Int, low: Int, high: Int) {
            guard count > 0 else { return }
            if current.map({ day < $0.first.number || day > $0.last }) ?? true {
                close()
                let first = WeightAverages.start(of: CivilDay(number: day), period: period)
                current = (first, WeightAverages.end(of: first, period: period).number)
            }
            if isKg {
                kg.add(hundredths: hundredths, count: count, low: low, high: high)
            } else {
                lbs.add(hundredths: hundredths, count: count, low: low, high: high)
            }
        }

        /// The periods with entries, oldest first.
        public mutating func finished() -> [HundredthsFigure] {
            close()
            return figures
        }

        private mutating func close() {
            guard let current else { return }
            let count = kg.count + lbs.count
            // Lowest and highest: rounding keeps the order, so each unit's
            // is converted and rounded, then the lower (the higher) taken.
            var span: (low: Int, high: Int)?
            func take(_ totals: Totals, _ from: WeightUnit) {
                guard let (low, high) = totals.span else { return }
                let (l, h) = (Hundredths.converted(low, from: from, to: unit), Hundredths.converted(high, from: from, to: unit))
                span = span.map { (Swift.min($0.low, l), Swift.max($0.high, h)) } ?? (l, h)
            }
            take(kg, .kg)
            take(lbs, .lbs)
            if count > 0, let span {
                let mean = Hundredths.mean(kg: kg.sum, lbs: lbs.sum, count: count, unit: unit)
                figures.append(HundredthsFigure(firstDay: current.first, count: count, mean: Int(mean), min: span.low, max: span.high))
            }
            self.current = nil
            kg = Totals()
            lbs = Totals()
        }
    }
}
