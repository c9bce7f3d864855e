import Foundation

/// An exact amount of one currency, never more precise than its minor unit.
public struct Money: Equatable, Hashable, Sendable {
    public let amount: Decimal
    public let currency: Currency

    /// `minorUnits` must be a whole number: 5632 cents is 56.32 USD.
    public init(minorUnits: Decimal, currency: Currency) {
        self.amount = Decimal(sign: .plus, exponent: -currency.minorDigits, significand: minorUnits)
        self.currency = currency
    }

    /// An amount that is already whole in the minor unit.
    public init(exactly amount: Decimal, currency: Currency) {
        self.amount = amount
        self.currency = currency
    }

    public static func zero(_ currency: Currency) -> Money {
        Money(minorUnits: 0, currency: currency)
    }

    /// The amount counted in minor units: 56.32 USD -> 5632.
    public var minorUnits: Decimal {
        Decimal(sign: .plus, exponent: currency.minorDigits, significand: amount)
    }

    /// Plain decimal text with exactly the currency's minor digits and "."
    /// as separator, whatever the locale: "56.32", "5632" (JPY), "5.632" (BHD).
    public var decimalString: String {
        let digits = minorUnits.rounded(scale: 0).description
        let d = currency.minorDigits
        guard d > 0 else { return digits }
        let padded = String(repeating: "0", count: max(0, d + 1 - digits.count)) + digits
        return "\(padded.dropLast(d)).\(padded.suffix(d))"
    }

    /// In the locale's currency format: "$56.32" (en_US), "56,32 €" (de_DE).
    public func formatted(_ locale: Locale) -> String {
        amount.formatted(Decimal.FormatStyle.Currency(code: currency.code, locale: locale))
    }

    public static func + (a: Money, b: Money) -> Money {
        precondition(a.currency == b.currency, "adding \(a.currency.code) to \(b.currency.code)")
        return Money(exactly: a.amount + b.amount, currency: a.currency)
    }
}

/// Whole percents formatted in a locale: "18%" (en_US), "18 %" (de_DE).
public enum PercentFormat {
    public static func string(_ percent: Int, locale: Locale) -> String {
        let fraction = Decimal(sign: percent < 0 ? .minus : .plus, exponent: -2, significand: Decimal(abs(percent)))
        return fraction.formatted(Decimal.FormatStyle.Percent(locale: locale))
    }
}
