import Foundation

/// A person's height as it was given: centimetres ("180 cm", "1.80 m") or
/// inches ("5 ft 11 in", "5'11\"", "71 in"), exact, with at most 2 decimals,
/// from 50 to 272 cm (a newborn to the tallest person measured; 1 ft 7.7 in
/// to 8 ft 11.1 in, the bounds in inches as the refusal names them, both
/// taken). Shown in its own unit and the other.
public struct Height: Equatable, Hashable, Sendable {
    public enum Unit: String, Sendable {
        case cm
        case inches = "in"
    }

    /// In `unit`: centimetres or inches.
    public let value: Decimal
    public let unit: Unit

    /// Exact, by definition.
    public static let centimetresPerInch = Decimal(string: "2.54")!
    /// The heights grocer takes, in centimetres.
    public static let centimetreRange = Decimal(50)...Decimal(272)
    /// The most in inches: 8 ft 11.1 in (272.03 cm), 272 cm to a tenth of
    /// an inch, as the refusal names it.
    public static let mostInches = Decimal(string: "107.1")!

    /// Nil outside `centimetreRange` (up to `mostInches` in inches), at or
    /// below zero, or with more than 2 decimals.
    public init?(value: Decimal, unit: Unit) {
        guard value.rounded(scale: 2) == value else { return nil }
        let cm = unit == .cm ? value : value * Self.centimetresPerInch
        guard cm >= Self.centimetreRange.lowerBound, unit == .cm ? cm <= Self.centimetreRange.upperBound : value <= Self.mostInches
        else { return nil }
        self.value = value
        self.unit = unit
    }

    /// Exact.
    public var centimetres: Decimal { unit == .cm ? value : value * Self.centimetresPerInch }

    /// Unrounded (an inch is 2.54 cm exactly; a centimetre is no whole
    /// number of inches).
    public var inches: Decimal { unit == .inches ? value : value / Self.centimetresPerInch }

    // MARK: Text

    /// "180 cm", "70.5 in": how the store keeps it.
    public var stored: String { "\(value) \(unit.rawValue)" }

    /// The inverse of `stored`; nil for anything else.
    public init?(stored text: String) {
        let parts = text.split(separator: " ")
        guard parts.count == 2, let unit = Unit(rawValue: String(parts[1])),
            let value = Self.number(parts[0], decimals: 2)
        else { return nil }
        self.init(value: value, unit: unit)
    }

    /// "180 cm (5 ft 10.9 in)", "5 ft 11 in (180.3 cm)": its own unit
    /// first, exactly; the other rounded to a tenth.
    public var description: String {
        switch unit {
        case .cm: return "\(value) cm (\(Self.feetAndInches(inches.rounded(scale: 1))))"
        case .inches: return "\(Self.feetAndInches(value)) (\(centimetres.rounded(scale: 1)) cm)"
        }
    }

    /// "5 ft 11 in", "5 ft 10.5 in", "0 ft 9 in" never (below the range).
    static func feetAndInches(_ inches: Decimal) -> String {
        let feet = NSDecimalNumber(decimal: (inches / 12).rounded(scale: 0, mode: .down)).intValue
        let rest = inches - Decimal(feet * 12)
        return "\(feet) ft \(rest) in"
    }

    // MARK: Parsing

    /// Why a height was not taken.
    public enum Problem: Error, Equatable, Sendable {
        case unreadable(String)
        case outOfRange(String)

        public var message: String {
            switch self {
            case .unreadable(let text):
                return "\(JSONString.literal(text)) is not a height grocer reads; give it as 180 cm, 180cm, 1.80 m, 5 ft 11 in, 5'11\" or 71 in."
            case .outOfRange(let text):
                return
                    "\(JSONString.literal(text)) is outside the heights grocer takes, 50 to 272 cm (1 ft 7.7 in to \(Height.feetAndInches(Height.mostInches))); give yours, e.g. 180 cm or 5 ft 11 in."
            }
        }
    }

    /// "180 cm", "180cm", "1.80 m", "5 ft 11 in", "5'11\"", "5'11", "5 ft",
    /// "71 in", "71\"": a number and its unit (cm, m, ft or ', in or "),
    /// or whole feet then inches under 12. Case and spaces between the
    /// parts do not matter; "," may stand for ".". Centimetres and inches
    /// take 2 decimals, metres 4.
    public static func parse(_ text: String) -> Result<Height, Problem> {
        guard let (value, unit) = reading(text) else { return .failure(.unreadable(text)) }
        guard let height = Height(value: value, unit: unit) else { return .failure(.outOfRange(text)) }
        return .success(height)
    }

    private static func reading(_ text: String) -> (Decimal, Unit)? {
        var parts: [(number: Substring, unit: String)] = []
        var rest = Substring(text.lowercased())
        while true {
            rest = rest.drop { $0 == " " }
            if rest.isEmpty { break }
            let number = rest.prefix { $0.isASCIIDigit || $0 == "." || $0 == "," }
            guard !number.isEmpty else { return nil }
            rest = rest.dropFirst(number.count).drop { $0 == " " }
            var unit = String(rest.prefix { $0.isLetter })
            if unit.isEmpty, let mark = rest.first, mark == "'" || mark == "\"" { unit = String(mark) }
            rest = rest.dropFirst(unit.count)
            parts.append((number, unit))
        }
        let feet: Set<String> = ["ft", "foot", "feet", "'"]
        let inches: Set<String> = ["in", "inch", "inches", "\""]
        switch parts.count {
        case 1:
            let (amount, unit) = parts[0]
            if unit == "cm" { return number(amount, decimals: 2).map { ($0, .cm) } }
            if unit == "m" { return number(amount, decimals: 4).map { ($0 * 100, .cm) } }
            if inches.contains(unit) { return number(amount, decimals: 2).map { ($0, .inches) } }
            if feet.contains(unit), let whole = number(amount, decimals: 0) { return (whole * 12, .inches) }
            return nil
        case 2:
            // 5'11 needs no inch mark; 5 ft 11 does not either.
            guard feet.contains(parts[0].unit), parts[1].unit.isEmpty || inches.contains(parts[1].unit),
                let whole = number(parts[0].number, decimals: 0), let more = number(parts[1].number, decimals: 2), more < 12
            else { return nil }
            return (whole * 12 + more, .inches)
        default:
            return nil
        }
    }

    /// ASCII digits with at most one "." or "," and at most `decimals`
    /// digits after it.
    private static func number(_ text: Substring, decimals: Int) -> Decimal? {
        let normal = text.replacingOccurrences(of: ",", with: ".")
        let pieces = normal.split(separator: ".", omittingEmptySubsequences: false)
        guard pieces.count <= 2, !pieces[0].isEmpty, pieces.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }) else { return nil }
        if pieces.count == 2, pieces[1].isEmpty || pieces[1].count > decimals { return nil }
        return Decimal(string: normal, locale: Locale(identifier: "en_US_POSIX"))
    }
}
