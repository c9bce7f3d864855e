import Foundation

/// A currency by ISO 4217 code and the number of its minor digits (2 for
/// USD and EUR, 0 for JPY, 3 for BHD and KWD).
///
/// Linux Foundation has no direct API for the minor digits:
/// `NumberFormatter.maximumFractionDigits` reports 2 for every currency code.
/// Its currency format style does apply ICU's per-currency digits, so the
/// digits are read off Foundation's own rendering of zero ("JPY 0",
/// "USD 0.00", "BHD 0.000"). Should that ever give something unexpected,
/// the ISO default of 2 is used.
public struct Currency: Equatable, Hashable, Sendable {
    public let code: String
    public let minorDigits: Int

    /// The currency assumed when a locale names none (e.g. a bare "en").
    public static let fallbackCode = "USD"
    /// ISO 4217's most common exponent, used when Foundation says nothing.
    public static let fallbackMinorDigits = 2

    public init(code: String, minorDigits: Int) {
        self.code = code
        self.minorDigits = minorDigits
    }

    /// The currency with this ISO code, its minor digits from Foundation.
    public init(code: String) {
        let upper = code.uppercased()
        self.init(code: upper, minorDigits: Currency.minorDigits(forCode: upper))
    }

    /// The locale's own currency ("de_DE" -> EUR), or USD if it has none.
    public init(locale: Locale) {
        self.init(code: locale.currency?.identifier ?? Currency.fallbackCode)
    }

    public static func minorDigits(forCode code: String) -> Int {
        let style = Decimal.FormatStyle.Currency(code: code, locale: Locale(identifier: "en_US_POSIX"))
            .presentation(.isoCode)
            .grouping(.never)
        let probe = Decimal(0).formatted(style)
        let trailingDigits = probe.reversed().prefix(while: \.isASCIIDigit).count
        let beforeDigits = probe.dropLast(trailingDigits).last
        let digits = beforeDigits == "." ? trailingDigits : 0
        guard trailingDigits > 0, (0...4).contains(digits) else { return fallbackMinorDigits }
        return digits
    }
}
