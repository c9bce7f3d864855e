import Foundation

extension WeightAverages {
    /// What `finished()` gives for the same entries, folded from per-day
    /// rows kept per unit as typed (`weight_day`: each day's sum, count,
    /// lowest and highest in hundredths), oldest day first: integers per
    /// row, Decimal once per period (`grocer weight averages`, issue 35).
    public struct TableFold: Sendable {
        public let period: Period
        public let unit: WeightUnit

        private struct Totals {
            var sum = 0
            var count = 0
            var span: (Int, Int)?

            mutating func add(hundredths: Int, count: Int, low: Int, high: Int) {
                sum += hundredths
                self.count += count
                span = span.map { (Swift.min($0.0, low), Swift.max($0.1, high)) } ?? (low, high)
            }
        }

        /// The period being folded: its first day and the number of its last.
        private var current: (first: CivilDay, last: Int)?
        private var kg = Totals()
        private var lbs = Totals()
        private var figures: [Figure] = []

        public init(period: Period, unit: WeightUnit) {
            self.period = period
            self.unit = unit
        }

        /// Takes one day's row in one unit; rows come by day, oldest first.
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
        public mutating func finished() -> [Figure] {
            close()
            return figures
        }

        private mutating func close() {
            guard let current else { return }
            let count = kg.count + lbs.count
            let sum = DayFigure(day: current.first, kgHundredths: kg.sum, lbsHundredths: lbs.sum, count: count, unit: unit).sum
            if count > 0, let span = WeightAverages.extremes(kg: kg.span, lbs: lbs.span, unit: unit) {
                figures.append(
                    Figure(
                        firstDay: current.first, count: count, mean: (count == 1 ? sum : sum / Decimal(count)).rounded(scale: 2), min: span.lowest,
                        max: span.highest))
            }
            self.current = nil
            kg = Totals()
            lbs = Totals()
        }
    }
}
