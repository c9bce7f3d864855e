import Foundation

/// A weight read from another program's file: a decimal with `.` and any
/// number of fraction digits, rounded half up to 2 (and counted), then held
/// to the rules of a typed weight (`DecimalInputFilter` and `Weight`: above
/// 0, at most the unit's maximum). Checked on the bytes, not through a
/// Decimal, so a million rows cost little more than the `Weight`s made.
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

    /// Each unit's maximum in hundredths, read once from `WeightUnit.maximum`.
    static let maximumHundredths: [WeightUnit: Int] = Dictionary(
        uniqueKeysWithValues: WeightUnit.allCases.map {
            ($0, NSDecimalNumber(decimal: $0.maximum * 100).intValue)
        })

    public static func read(_ raw: String, unit: WeightUnit) -> Result<Reading, Rejection> {
        var bytes = Array(raw.utf8)
        while let last = bytes.last, last == 32 || last == 9 { bytes.removeLast() }
        let lead = bytes.prefix { $0 == 32 || $0 == 9 }.count
        if lead > 0 { bytes.removeFirst(lead) }
        guard !bytes.isEmpty, bytes.last != UInt8(ascii: ".") else { return .failure(.notANumber(raw)) }
        var dot: Int? = nil
        for (i, b) in bytes.enumerated() {
            if b == UInt8(ascii: ".") {
                guard dot == nil, i > 0 else { return .failure(.notANumber(raw)) }
                dot = i
            } else if b < 48 || b > 57 {
                return .failure(.notANumber(raw))
            }
        }
        var rounded = false
        if let dot, bytes.count - dot - 1 > 2 {
            bytes = roundHalfUp(bytes, dot: dot)
            rounded = true
        }
        // Value in hundredths, to compare with the maximum (long digit runs are over it anyway).
        let point = bytes.firstIndex(of: UInt8(ascii: ".")) ?? bytes.count
        let intDigits = bytes[..<point].drop { $0 == 48 }
        if intDigits.count > 12 { return .failure(.overMaximum(unit.maximum, unit)) }
        var hundredths = intDigits.reduce(0) { $0 * 10 + Int($1 - 48) } * 100
        let fraction = point < bytes.count ? Array(bytes[(point + 1)...]) : []
        if fraction.count > 0 { hundredths += Int(fraction[0] - 48) * 10 }
        if fraction.count > 1 { hundredths += Int(fraction[1] - 48) }
        if hundredths > maximumHundredths[unit]! { return .failure(.overMaximum(unit.maximum, unit)) }
        if hundredths == 0 { return .failure(.notAboveZero(raw)) }
        guard let weight = Weight(digits: String(decoding: bytes, as: UTF8.self), unit: unit) else {
            return .failure(.notANumber(raw))
        }
        return .success(Reading(weight: weight, rounded: rounded))
    }

    /// Rounds to 2 fraction digits, half up, on the digits themselves
    /// (exact; keeps 2 digits: "72.499" -> "72.50", "99.995" -> "100.00").
    static func roundHalfUp(_ text: [UInt8], dot: Int) -> [UInt8] {
        var digits = Array(text[..<dot]) + text[(dot + 1)...(dot + 2)]
        if text[dot + 3] >= UInt8(ascii: "5") {
            var i = digits.count - 1
            while i >= 0 {
                if digits[i] == UInt8(ascii: "9") {
                    digits[i] = UInt8(ascii: "0")
                    i -= 1
                } else {
                    digits[i] += 1
                    break
                }
            }
            if i < 0 { digits.insert(UInt8(ascii: "1"), at: 0) }
        }
        return Array(digits[..<(digits.count - 2)]) + [UInt8(ascii: ".")] + digits[(digits.count - 2)...]
    }
}
