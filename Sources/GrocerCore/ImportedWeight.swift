import Foundation

/// A weight read from another program's file: a decimal with `.` and any
/// number of fraction digits, rounded half up to 2 (and counted), then held
/// to the same rules as a typed weight (above 0, at most the unit's maximum).
public enum ImportedWeight {
    public enum Rejection: Error, Equatable, Sendable {
        case notANumber(String)
        case notAboveZero(String)
        case overMaximum(Decimal, WeightUnit)

        /// One line for an import's list of rejected rows.
        public var reason: String {
            switch self {
            case .notANumber(let raw): return "'\(raw)' is not a weight (a decimal with '.', e.g. 72.5)"
            case .notAboveZero(let raw): return "'\(raw)' is not above 0"
            case .overMaximum(let max, let unit): return "over the largest weight grocer takes (\(max) \(unit.rawValue))"
            }
        }
    }

    public struct Reading: Equatable, Sendable {
        /// The digits as typed, after rounding ("72.50" stays "72.50"; "72.505" becomes "72.51").
        public let weight: Weight
        public let rounded: Bool
    }

    public static func read(_ raw: String, unit: WeightUnit) -> Result<Reading, Rejection> {
        let text = raw.trimmingCharacters(in: .whitespaces)
        var filter = DecimalInputFilter(decimalSeparator: ".")
        filter.maximumFractionDigits = Int.max
        if let rejection = filter.check(text, unit: unit) {
            if case .overMaximum(let max, let unit) = rejection { return .failure(.overMaximum(max, unit)) }
            return .failure(.notANumber(raw))
        }
        guard !text.isEmpty, !text.hasSuffix(".") else { return .failure(.notANumber(raw)) }
        let (digits, rounded) = roundHalfUp(text)
        if rounded, let value = filter.decimal(digits), value > unit.maximum {
            return .failure(.overMaximum(unit.maximum, unit))
        }
        guard let weight = Weight(digits: digits, unit: unit) else { return .failure(.notAboveZero(raw)) }
        return .success(Reading(weight: weight, rounded: rounded))
    }

    /// Rounds canonical decimal text to 2 fraction digits, half up, on the
    /// digits themselves (exact; keeps 2 digits: "72.499" -> "72.50").
    static func roundHalfUp(_ text: String) -> (String, Bool) {
        guard let dot = text.firstIndex(of: "."), text.distance(from: dot, to: text.endIndex) > 3 else { return (text, false) }
        let intPart = text[..<dot]
        let frac = Array(text[text.index(after: dot)...].utf8)
        var digits = Array(intPart.utf8) + frac[0..<2]
        if frac[2] >= UInt8(ascii: "5") {
            var i = digits.count - 1
            while i >= 0 {
                if digits[i] == UInt8(ascii: "9") { digits[i] = UInt8(ascii: "0"); i -= 1 } else { digits[i] += 1; break }
            }
            if i < 0 { digits.insert(UInt8(ascii: "1"), at: 0) }
        }
        let int = String(decoding: digits[..<(digits.count - 2)], as: UTF8.self)
        let fraction = String(decoding: digits[(digits.count - 2)...], as: UTF8.self)
        return ("\(int.isEmpty ? "0" : int).\(fraction)", true)
    }
}
