import Foundation

/// How many of an item: a decimal greater than 0 and at most 9999, with at
/// most three fraction digits (0.125 kg, 1.5 l, 12 eggs).
///
/// The value is kept as its canonical text: ASCII digits, `.` as the
/// separator, no leading or trailing zeros ("1.5", "12", "0.125"), exactly
/// as weights keep theirs. `decimal` gives it as a `Decimal` for arithmetic.
/// Version 4 of the store keeps `item.quantity INTEGER`; version 5 should
/// keep `canonical` in a TEXT column (or the thousandths in an INTEGER one):
/// either holds every quantity this type allows, exactly.
public struct GroceryQuantity: Hashable, Sendable, CustomStringConvertible {
    public static let maximum: Decimal = 9999
    public static let maximumFractionDigits = 3
    public static let one = GroceryQuantity(uncheckedCanonical: "1")

    public enum Problem: Error, Equatable, Sendable {
        /// Looks like a number ("1.5" where the separator is ",", "1,2,3")
        /// but is not one in the person's locale.
        case notANumber(String)
        case notPositive
        case overMaximum
        case tooManyFractionDigits
        /// "1.500" where the separator is ",": 1.5 to a script, 1500 to a
        /// German reader; refused rather than guessed.
        case groupingLike(String)
    }

    /// "1.5": what the store keeps.
    public let canonical: String

    private init(uncheckedCanonical: String) { canonical = uncheckedCanonical }

    public var description: String { canonical }
    public var decimal: Decimal { Decimal(string: canonical, locale: Locale(identifier: "en_US_POSIX"))! }

    /// A whole number of items, as the version 4 store holds them.
    public init(_ count: Int) throws(Problem) {
        try self.init(canonical: String(count))
    }

    /// Reads back what `canonical` wrote (`.` separator, any zeros).
    public init(canonical text: String) throws(Problem) {
        self = try Self.parse(text, separators: ["."])
    }

    /// The separators a quantity may be typed with in `locale`: its own,
    /// and `.` (grocer's one rule, `DecimalInputFilter`). Where the own is
    /// ",", a `.` followed by exactly three digits ("1.500", fifteen
    /// hundred to a German reader) is refused as `groupingLike`.
    public static func separators(in locale: Locale) -> Set<Character> {
        [locale.decimalSeparator?.first ?? ".", "."]
    }

    /// True when `token` is made of ASCII digits and separators only, with
    /// at least one digit ("2", "1,5", ".5", "1.2.3"): quick entry reads it
    /// as a quantity or refuses it, never takes it as part of a name.
    public static func looksNumeric(_ token: Substring, locale: Locale) -> Bool {
        let seps = separators(in: locale).union([".", ","])
        return token.contains { $0.isASCII && $0.isNumber }
            && token.allSatisfy { ($0.isASCII && $0.isNumber) || seps.contains($0) }
    }

    /// A quantity typed in `locale` ("1,5" in de_DE, "1.5" in en_US).
    public init(typed text: some StringProtocol, locale: Locale) throws(Problem) {
        self = try Self.parse(text, separators: Self.separators(in: locale))
        if locale.decimalSeparator == ",", let dot = text.firstIndex(of: "."), text.distance(from: dot, to: text.endIndex) == 4 {
            throw .groupingLike(String(text))
        }
    }

    /// "1,5" in de_DE: the canonical text with the locale's separator, no
    /// grouping (the maximum needs none). `init(typed:locale:)` reads it back.
    public func formatted(locale: Locale) -> String {
        let sep = locale.decimalSeparator ?? "."
        return sep == "." ? canonical : canonical.replacingOccurrences(of: ".", with: sep)
    }

    private static func parse(_ text: some StringProtocol, separators: Set<Character>) throws(Problem) -> GroceryQuantity {
        var whole = ""
        var fraction = ""
        var seenSeparator = false
        for ch in text {
            if ch.isASCII && ch.isNumber {
                if seenSeparator { fraction.append(ch) } else { whole.append(ch) }
            } else if separators.contains(ch) && !seenSeparator {
                seenSeparator = true
            } else {
                throw .notANumber(String(text))
            }
        }
        if whole.isEmpty || (seenSeparator && fraction.isEmpty) { throw .notANumber(String(text)) }
        while whole.count > 1 && whole.first == "0" { whole.removeFirst() }
        while fraction.last == "0" { fraction.removeLast() }
        if whole.count > 4 { throw .overMaximum }
        if fraction.count > maximumFractionDigits { throw .tooManyFractionDigits }
        if whole == "0" && fraction.isEmpty { throw .notPositive }
        let quantity = GroceryQuantity(uncheckedCanonical: fraction.isEmpty ? whole : whole + "." + fraction)
        if quantity.decimal > maximum { throw .overMaximum }
        return quantity
    }
}
