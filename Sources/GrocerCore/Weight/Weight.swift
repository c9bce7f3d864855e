import Foundation

/// A weight as the person typed it: its decimal digits (always with `.` as
/// separator, whatever the locale) and its unit. Converted only for display.
public struct Weight: Equatable, Hashable, Sendable {
    /// Canonical decimal text: digits, optionally `.` and 1-2 digits; no sign,
    /// no leading zeros except a single one before the separator.
    public let digits: String
    public let unit: WeightUnit

    /// Accepts canonical decimal text ("180.4", "72.50", "200"); rejects
    /// anything that is not a positive decimal with at most 2 fraction digits.
    public init?(digits raw: String, unit: WeightUnit) {
        guard let canonical = Weight.canonical(raw) else { return nil }
        guard let value = Decimal(string: canonical, locale: Locale(identifier: "en_US_POSIX")),
            value > 0
        else { return nil }
        self.digits = canonical
        self.unit = unit
    }

    public var value: Decimal {
        Decimal(string: digits, locale: Locale(identifier: "en_US_POSIX"))!
    }

    /// The value in another unit, rounded to 2 fraction digits for display.
    public func converted(to target: WeightUnit) -> Decimal {
        let v: Decimal
        switch (unit, target) {
        case (.lbs, .kg): v = value * WeightUnit.kilogramsPerPound
        case (.kg, .lbs): v = value / WeightUnit.kilogramsPerPound
        default: v = value
        }
        return v.rounded(scale: 2)
    }

    /// Digits with the locale's decimal separator, e.g. "72,5" under de_DE.
    public func localizedDigits(_ locale: Locale) -> String {
        let sep = locale.decimalSeparator ?? "."
        return digits.replacingOccurrences(of: ".", with: sep)
    }

    /// "180.4 lbs" under en_US, "72,5 kg" under de_DE.
    public func formatted(_ locale: Locale) -> String {
        "\(localizedDigits(locale)) \(unit.rawValue)"
    }

    /// Validates and canonicalises decimal text with `.` as separator.
    static func canonical(_ raw: String) -> String? {
        var intPart = Substring(raw)
        var fracPart: Substring? = nil
        if let dot = raw.firstIndex(of: ".") {
            intPart = raw[..<dot]
            fracPart = raw[raw.index(after: dot)...]
        }
        guard intPart.allSatisfy(\.isASCIIDigit),
            fracPart?.allSatisfy(\.isASCIIDigit) ?? true,
            (fracPart?.count ?? 0) <= 2,
            !(intPart.isEmpty && (fracPart?.isEmpty ?? true))
        else { return nil }
        var int = intPart.drop(while: { $0 == "0" })
        if int.isEmpty { int = "0" }
        if let frac = fracPart, !frac.isEmpty { return "\(int).\(frac)" }
        return String(int)
    }
}

extension Decimal {
    /// Rounded to `scale` fraction digits, half away from zero (`.plain`).
    public func rounded(scale: Int, mode: NSDecimalNumber.RoundingMode = .plain) -> Decimal {
        var source = self
        var result = Decimal()
        NSDecimalRound(&result, &source, scale, mode)
        return result
    }
}
