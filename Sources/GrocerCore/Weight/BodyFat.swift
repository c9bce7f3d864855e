import Foundation

/// Body fat as a percentage of the weight, as the person typed it or a
/// scale wrote it (issue 34): canonical decimal text with `.` ("18.4"),
/// at most 2 fraction digits, above 0 and below 100. Exact: kept, shown
/// and synced as these digits, never through a binary float.
public struct BodyFat: Equatable, Hashable, Sendable, Comparable {
    /// "18.4", "9", "22.05".
    public let digits: String
    /// The value in hundredths of a percent (18.4 -> 1840).
    public let hundredths: Int

    /// Canonical decimal text with `.`; nil for anything that is not a
    /// decimal above 0 and below 100 with at most 2 fraction digits.
    public init?(digits raw: String) {
        guard let canonical = Weight.canonical(raw), let hundredths = Weight.hundredths(of: canonical),
            hundredths < 10_000
        else { return nil }
        self.digits = canonical
        self.hundredths = hundredths
    }

    /// From hundredths of a percent (1840 -> "18.4"); nil outside 0 < x < 100.
    public init?(hundredths: Int) {
        guard hundredths > 0, hundredths < 10_000 else { return nil }
        let whole = hundredths / 100
        let fraction = hundredths % 100
        let text: String
        if fraction == 0 {
            text = "\(whole)"
        } else if fraction % 10 == 0 {
            text = "\(whole).\(fraction / 10)"
        } else {
            text = "\(whole).\(fraction < 10 ? "0" : "")\(fraction)"
        }
        self.init(digits: text)
    }

    public var value: Decimal { Decimal(sign: .plus, exponent: -2, significand: Decimal(hundredths)) }

    /// Digits with the locale's decimal separator: "18,4" under de_DE.
    public func localizedDigits(_ locale: Locale) -> String {
        digits.replacingOccurrences(of: ".", with: locale.decimalSeparator ?? ".")
    }

    /// "18.4 %" (a space before the sign, as most locales write it).
    public func formatted(_ locale: Locale) -> String { "\(localizedDigits(locale)) %" }

    /// The fat mass's share of the weight, as Withings' files give it
    /// ("Fat mass (kg)" beside "Weight (kg)"), rounded half up to one
    /// decimal as scales show it; nil when it is not a body fat.
    public static func share(fatMass: Decimal, of weight: Decimal) -> BodyFat? {
        guard weight > 0, fatMass > 0 else { return nil }
        return share(percent: (fatMass * 100 / weight).rounded(scale: 1))
    }

    public static func < (a: BodyFat, b: BodyFat) -> Bool { a.hundredths < b.hundredths }

    /// What is wrong with `text` as a body fat, in one line; nil when it is one.
    public static func problem(_ text: String) -> String? {
        BodyFat(digits: text) == nil
            ? "'\(text)' is not a body fat: a percentage above 0 and below 100 with '.' and at most 2 decimals, e.g. 18.4" : nil
    }
}

extension BodyFat {
    /// A body fat from another program's file: a decimal with `.`, kept
    /// as written when it is one ("18.40" stays "18.40", so grocer's own
    /// files round-trip exactly), else rounded half up to 2. nil for an empty
    /// field, 0 (openScale writes "0.0" for "not measured") and anything
    /// that is not a percentage above 0 and below 100: the weight is kept
    /// without it.
    public static func imported(_ raw: String) -> BodyFat? {
        let text = raw.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty, text.utf8.allSatisfy({ ($0 >= 48 && $0 <= 57) || $0 == UInt8(ascii: ".") }),
            text.utf8.first != UInt8(ascii: "."), text.utf8.last != UInt8(ascii: "."),
            let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
        else { return nil }
        return BodyFat(digits: text) ?? share(percent: value)
    }

    /// `percent` rounded half up to 2 decimals, if it is a body fat.
    static func share(percent: Decimal) -> BodyFat? {
        guard percent > 0, percent < 100 else { return nil }
        return BodyFat(hundredths: NSDecimalNumber(decimal: (percent * 100).rounded(scale: 0)).intValue)
    }
}

extension BodyFat {
    /// Plain decimal text with `.` as a Decimal, or nil.
    public static func decimal(_ raw: String) -> Decimal? {
        let text = raw.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty, text.utf8.allSatisfy({ ($0 >= 48 && $0 <= 57) || $0 == UInt8(ascii: ".") }) else { return nil }
        return Decimal(string: text, locale: Locale(identifier: "en_US_POSIX"))
    }
}
