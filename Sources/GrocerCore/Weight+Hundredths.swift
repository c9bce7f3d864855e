import Foundation

extension Weight {
    /// The value in hundredths of its unit, exactly ("72.5" -> 7250): what a
    /// per-day summary table can add up as integers.
    public var hundredths: Int {
        var whole = 0
        var fraction = 0
        var fractionDigits = 0
        var seenDot = false
        for b in digits.utf8 {
            if b == UInt8(ascii: ".") {
                seenDot = true
                continue
            }
            if seenDot {
                fraction = fraction * 10 + Int(b - 48)
                fractionDigits += 1
            } else {
                whole = whole * 10 + Int(b - 48)
            }
        }
        return whole * 100 + (fractionDigits == 1 ? fraction * 10 : fraction)
    }
}

extension DayFigure {
    /// A day from a per-day summary kept per unit as typed: the sums of its
    /// kg and lbs entries in hundredths and how many entries it has. Such a
    /// table does not change when the default unit does; converting here
    /// is exact (kg = lbs x 0.45359237).
    public init(day: CivilDay, kgHundredths: Int, lbsHundredths: Int, count: Int, unit: WeightUnit) {
        let kg = Decimal(kgHundredths) / 100
        let lbs = Decimal(lbsHundredths) / 100
        let sum: Decimal
        switch unit {
        case .kg: sum = kg + lbs * WeightUnit.kilogramsPerPound
        case .lbs: sum = lbs + kg / WeightUnit.kilogramsPerPound
        }
        self.init(day: day, sum: sum, count: count)
    }
}
