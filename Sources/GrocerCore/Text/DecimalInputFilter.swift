import Foundation

/// Decides, keystroke by keystroke, whether the weight field may take a
/// change: the resulting text must be empty or a non-negative decimal in the
/// user's locale, with at most two fraction digits, no larger than the
/// unit's maximum.
public struct DecimalInputFilter: Sendable, Equatable {
    public enum Rejection: Equatable, Sendable {
        case notADigit(Character)
        case secondSeparator
        case tooManyFractionDigits
        case overMaximum(Decimal, WeightUnit)
    }

    public let decimalSeparator: Character
    /// Also taken for the separator. grocer's one rule for decimals, in
    /// every field and command: the locale's separator, and `.` too
    /// (scripts, numeric keypads and habit type it); `,` only where the
    /// locale's own is on no common keyboard (ar_EG's U+066B), since where
    /// the separator is `.` a `,` groups thousands. (Quantities add one
    /// guard: `GroceryQuantity`.)
    public let alternateSeparators: Set<Character>
    public var maximumFractionDigits = 2

    public init(locale: Locale) {
        self.init(decimalSeparator: locale.decimalSeparator?.first ?? ".")
    }

    public init(decimalSeparator: Character) {
        self.decimalSeparator = decimalSeparator
        switch decimalSeparator {
        case ".": alternateSeparators = []
        case ",": alternateSeparators = ["."]
        default: alternateSeparators = [".", ","]
        }
    }

    /// The character the field keeps for a typed one: the locale's own
    /// separator for an alternate one, else the character itself.
    public func normalized(_ ch: Character) -> Character {
        alternateSeparators.contains(ch) ? decimalSeparator : ch
    }

    public func isSeparator(_ ch: Character) -> Bool {
        ch == decimalSeparator || alternateSeparators.contains(ch)
    }

    /// nil when `text` is acceptable, else why not.
    public func check(_ text: String, unit: WeightUnit) -> Rejection? {
        var seenSeparator = false
        var fractionDigits = 0
        var intDigits = 0
        for ch in text {
            if isSeparator(ch) {
                if seenSeparator { return .secondSeparator }
                seenSeparator = true
            } else if ch.isASCIIDigit {
                if seenSeparator { fractionDigits += 1 } else { intDigits += 1 }
            } else {
                return .notADigit(ch)
            }
        }
        if fractionDigits > maximumFractionDigits { return .tooManyFractionDigits }
        // A lone separator is not a number; "72," on the way to "72,5" is.
        if seenSeparator && intDigits == 0 { return .notADigit(decimalSeparator) }
        if let value = decimal(text), value > unit.maximum { return .overMaximum(unit.maximum, unit) }
        return nil
    }

    public func accepts(_ text: String, unit: WeightUnit) -> Bool {
        check(text, unit: unit) == nil
    }

    /// The text with `.` as separator and no trailing separator ("72,5" -> "72.5").
    public func canonical(_ text: String) -> String {
        var s = String(text.map { isSeparator($0) ? "." : $0 })
        if s.hasSuffix(".") { s.removeLast() }
        return s
    }

    /// Whether `ch` is a `,` that this locale reads as grouping thousands
    /// (its separator is `.`): never a decimal separator here, so neither
    /// dropped nor taken for one.
    public func isGroupingComma(_ ch: Character) -> Bool {
        ch == "," && !isSeparator(ch)
    }

    /// The one line for text that is not a weight, said the same way by the
    /// command line (`CommandError.notAWeight`) and the weight screen.
    public func notAWeight(_ text: String) -> String {
        let example = decimalSeparator == "." ? "72.5" : "72\(decimalSeparator)5 or 72.5"
        return "'\(text)' is not a weight: give a decimal above 0 with at most 2 decimals, e.g. \(example)."
    }

    public func decimal(_ text: String) -> Decimal? {
        let c = canonical(text)
        guard !c.isEmpty else { return nil }
        return Decimal(string: c, locale: Locale(identifier: "en_US_POSIX"))
    }
}
