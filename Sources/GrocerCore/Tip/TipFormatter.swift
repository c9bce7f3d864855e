import Foundation

/// How the tip amounts read in one locale: currency and percent formats,
/// and the per-person shares as lines.
public struct TipFormatter: Equatable, Sendable {
    public let locale: Locale

    public init(locale: Locale) {
        self.locale = locale
    }

    /// "$56.32" (en_US), "56,32 €" (de_DE), "¥5,632" (ja_JP).
    public func money(_ money: Money) -> String {
        money.formatted(locale)
    }

    /// "18%" (en_US), "18 %" (de_DE, with a no-break space).
    public func percent(_ percent: Int) -> String {
        PercentFormat.string(percent, locale: locale)
    }

    /// What each person pays: ["$32.39"] when the total divides evenly,
    /// else one line per amount, larger first: ["1 × $32.39", "1 × $32.38"].
    public func shareLines(_ calculation: TipCalculation) -> [String] {
        let groups = calculation.shareGroups
        if groups.count == 1 { return [money(groups[0].amount)] }
        return groups.map { "\($0.count) × \(money($0.amount))" }
    }

    /// "1 person", "4 people".
    public func people(_ n: Int) -> String {
        n == 1 ? "1 person" : "\(n) people"
    }
}
