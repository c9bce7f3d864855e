import Foundation

/// The unit a person reads and types weights in: pounds, kilograms, or
/// stones and pounds (British use: "11 st 4.5 lb", 14 pounds to the stone).
/// The store keeps weights in `WeightUnit`s only; a weight typed in stones
/// is kept in pounds, exactly (`measure`), so nothing depends on stones
/// but what is shown and typed.
public enum DisplayUnit: String, CaseIterable, Sendable, Codable {
    case lbs
    case kg
    case st

    public init(_ unit: WeightUnit) {
        switch unit {
        case .lbs: self = .lbs
        case .kg: self = .kg
        }
    }

    /// The unit weights are kept and worked out in: pounds for stones.
    public var measure: WeightUnit {
        switch self {
        case .lbs, .st: return .lbs
        case .kg: return .kg
        }
    }

    /// What the picker lists.
    public var displayName: String {
        switch self {
        case .lbs: return "Pounds (lbs)"
        case .kg: return "Kilograms (kg)"
        case .st: return "Stones (st lb)"
        }
    }
}

/// Stones and pounds, as shown and typed: 158.5 lbs is "11 st 4.5 lb".
public enum Stones {
    public static let poundsPerStone: Decimal = 14

    /// "11 st 4.5 lb" for `pounds` (≥ 0): whole stones and the pounds left,
    /// those to at most `digits` decimals (trailing zeros dropped, the
    /// locale's `separator`); a remainder that rounds to 14 is one stone
    /// more. "11 st 0 lb" for 154.
    public static func text(pounds: Decimal, digits: Int = 2, separator: Character = ".") -> String {
        let (stones, rest) = split(pounds: pounds, digits: digits)
        var restText = NSDecimalNumber(decimal: rest).stringValue
        if separator != "." { restText = restText.replacingOccurrences(of: ".", with: String(separator)) }
        return "\(stones) st \(restText) lb"
    }

    /// Whole stones and the pounds left, rounded to `digits` decimals.
    public static func split(pounds: Decimal, digits: Int = 2) -> (stones: Int, pounds: Decimal) {
        let total = pounds.rounded(scale: digits)
        var stones = NSDecimalNumber(decimal: (total / poundsPerStone).rounded(scale: 0, mode: .down)).intValue
        var rest = total - Decimal(stones) * poundsPerStone
        if rest >= poundsPerStone {
            stones += 1
            rest -= poundsPerStone
        }
        return (stones, rest)
    }

    /// Whether `text` can still become a weight in stones as typed: up to 3
    /// digits of whole stones, then a space and the pounds (digits below
    /// 14, `separator` or `.`, at most 2 decimals). The field refuses a key
    /// that would make it anything else.
    public static func isPrefix(_ text: String, separator: Character = ".") -> Bool {
        let parts = text.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: false)
        guard let stones = parts.first, stones.count <= 3, stones.allSatisfy(\.isASCIIDigit) else { return false }
        guard parts.count == 2 else { return true }
        guard !stones.isEmpty else { return false }
        let pounds = parts[1]
        let pieces = pounds.split(omittingEmptySubsequences: false) { $0 == separator || $0 == "." }
        guard pieces.count <= 2, pieces[0].count <= 2, pieces[0].allSatisfy(\.isASCIIDigit) else { return false }
        if pieces.count == 2 { guard !pieces[0].isEmpty, pieces[1].count <= 2, pieces[1].allSatisfy(\.isASCIIDigit) else { return false } }
        return Int(pieces[0]).map { $0 < 14 } ?? true
    }

    /// The weight a text typed in stones stands for, kept in pounds; nil
    /// when it is not one (`pounds(typed:)`), is 0, or is over the most
    /// grocer takes in pounds.
    public static func weight(typed text: String, separator: Character = ".") -> Weight? {
        guard let pounds = self.pounds(typed: text, separator: separator), pounds > 0, pounds <= WeightUnit.lbs.maximum else { return nil }
        return Weight(digits: NSDecimalNumber(decimal: pounds).stringValue, unit: .lbs)
    }

    /// How a weight is typed in stones, for a screen's one line.
    public static func typingRule(separator: Character = ".") -> String {
        "Type whole stones, a space, then the pounds below 14: 11 4\(separator)5 is 11 st 4\(separator)5 lb."
    }

    /// What a person may type: whole stones (up to 3 digits), then the
    /// pounds, a decimal below 14 with at most 2 decimals, with "st" and
    /// "lb"/"lbs" between or after them in any case, spaces optional
    /// between a number and a word: "11 4.5", "11 st 4.5 lb", "11st4.5",
    /// "11 st 4.5", "11 st", "11"; the separator is `.` or the locale's.
    /// The weight in pounds, exact; nil for anything else ("11 lb" is not
    /// stones: it would read as 154 lbs). Read by characters (graphemes):
    /// a digit or letter carrying an accent is none of these.
    public static func pounds(typed text: String, separator: Character = ".") -> Decimal? {
        guard let tokens = tokens(text, separator: separator) else { return nil }
        var rest = tokens[...]
        guard case .number(let stonesText)? = rest.popFirst(), stonesText.count <= 3, stonesText.allSatisfy(\.isASCIIDigit),
            let stones = Int(stonesText)
        else { return nil }
        if rest.first == .word("st") { rest.removeFirst() }
        var pounds: Decimal = 0
        if case .number(let typed)? = rest.first {
            rest.removeFirst()
            guard let canonical = Weight.canonical(typed), let value = Decimal(string: canonical, locale: Locale(identifier: "en_US_POSIX")),
                value < poundsPerStone
            else { return nil }
            pounds = value
            if rest.first == .word("lb") || rest.first == .word("lbs") { rest.removeFirst() }
        }
        guard rest.isEmpty else { return nil }
        return Decimal(stones) * poundsPerStone + pounds
    }

    enum Token: Equatable {
        /// ASCII digits and separators, with `.` for the locale's.
        case number(String)
        /// ASCII letters, lowercased.
        case word(String)
    }

    /// Numbers and words, split at white space and where a number meets a
    /// word; nil when a character is neither (a sign, an accent).
    static func tokens(_ text: String, separator: Character) -> [Token]? {
        var tokens: [Token] = []
        var current: Token?
        func flush() {
            if let token = current { tokens.append(token) }
            current = nil
        }
        for ch in text {
            if ch.isWhitespace {
                flush()
            } else if ch.isASCIIDigit || ch == "." || ch == separator {
                let digit: Character = ch == separator ? "." : ch
                if case .number(let sofar)? = current {
                    current = .number(sofar + String(digit))
                } else {
                    flush()
                    current = .number(String(digit))
                }
            } else if ch.isASCII, ch.isLetter {
                let letter = Character(ch.lowercased())
                if case .word(let sofar)? = current {
                    current = .word(sofar + String(letter))
                } else {
                    flush()
                    current = .word(String(letter))
                }
            } else {
                return nil
            }
        }
        flush()
        return tokens
    }
}
