import Foundation

extension Weight {
    /// The value in hundredths of its unit, exactly ("72.5" -> 7250): what a
    /// per-day summary table can add up as integers.
    public var hundredths: Int { Self.hundredths(of: digits) ?? 0 }

    /// Decimal text in hundredths, as `Weight(digits:)` reads it (ASCII
    /// digits, at most one '.', at most 2 decimals, above 0) without making
    /// a Decimal or a Locale: what a pass over millions of stored values
    /// can afford. nil for anything else, and for more than 7 whole digits
    /// (no scale weighs that; sums of them stay far from overflow).
    public static func hundredths(of text: String) -> Int? {
        var whole = 0
        var wholeDigits = 0
        var fraction = 0
        var fractionDigits = 0
        var seenDot = false
        for byte in text.utf8 {
            if byte == UInt8(ascii: ".") {
                if seenDot { return nil }
                seenDot = true
            } else if byte >= 48 && byte <= 57 {
                if seenDot {
                    fractionDigits += 1
                    if fractionDigits > 2 { return nil }
                    fraction = fraction * 10 + Int(byte - 48)
                } else {
                    if wholeDigits > 0 || byte != 48 { wholeDigits += 1 }
                    if wholeDigits > 7 { return nil }
                    whole = whole * 10 + Int(byte - 48)
                }
            } else {
                return nil
            }
        }
        let all = whole * 100 + (fractionDigits == 1 ? fraction * 10 : fraction)
        return all > 0 ? all : nil
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
