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
        self.init(day: day, sum: Self.sum(kgHundredths: kgHundredths, lbsHundredths: lbsHundredths, unit: unit), count: count)
    }

    /// The same Decimal as `kg / 100 + lbs / 100 x 0.45359237` (or `lbs /
    /// 100 + kg / 100 / 0.45359237`), made without Decimal's long division
    /// where the value is exact: hundredths are the significand of a
    /// Decimal with exponent -2, and a sum in kg is (kg x 10^8 + lbs x
    /// 45359237) x 10^-10. Decimal division cost most of a long history's
    /// trend (docs/MEASURED.md).
    static func sum(kgHundredths kg: Int, lbsHundredths lbs: Int, unit: WeightUnit) -> Decimal {
        func hundredths(_ value: Int) -> Decimal { Decimal(sign: .plus, exponent: -2, significand: Decimal(value)) }
        guard kg >= 0, lbs >= 0 else { return slowSum(kgHundredths: kg, lbsHundredths: lbs, unit: unit) }
        switch unit {
        case .lbs:
            return kg == 0 ? hundredths(lbs) : hundredths(lbs) + hundredths(kg) / WeightUnit.kilogramsPerPound
        case .kg:
            let (kgPart, kgOver) = kg.multipliedReportingOverflow(by: 100_000_000)
            let (lbsPart, lbsOver) = lbs.multipliedReportingOverflow(by: 45_359_237)
            let (all, over) = kgPart.addingReportingOverflow(lbsPart)
            if kgOver || lbsOver || over { return slowSum(kgHundredths: kg, lbsHundredths: lbs, unit: unit) }
            return Decimal(sign: .plus, exponent: -10, significand: Decimal(all))
        }
    }

    /// The sum as written: each in Decimal, then converted.
    static func slowSum(kgHundredths: Int, lbsHundredths: Int, unit: WeightUnit) -> Decimal {
        let kg = Decimal(kgHundredths) / 100
        let lbs = Decimal(lbsHundredths) / 100
        switch unit {
        case .kg: return kg + lbs * WeightUnit.kilogramsPerPound
        case .lbs: return lbs + kg / WeightUnit.kilogramsPerPound
        }
    }
}
