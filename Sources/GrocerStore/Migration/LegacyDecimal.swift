import GrocerCore

/// The decimal rules of STORE-HISTORY.md, done exactly on decimal digits
/// (never on binary doubles), so that 72.345 becomes "72.35".
enum LegacyDecimal {
    /// The most digits before the point a carried weight may have: every
    /// reader shows such a value exactly (with 2 fraction digits it stays
    /// within 17 significant digits, well inside `Decimal`). Larger ones
    /// (a 1e300 lbs weight, a 201-digit value) are quarantined.
    static let maximumIntegerDigits = 15
    /// Pounds at or above this have more than 15 integer digits once
    /// rounded (the largest double below it is 999999999999999.875).
    static let poundsLimit = 1e15

    /// A version 1/2 weight in pounds as the text the current format keeps:
    /// the shortest decimal that reads back as the same double, rounded to
    /// 2 places half away from zero, trailing zeros dropped. nil when the
    /// result would not be positive (or the value is not finite).
    static func poundsText(_ pounds: Double) -> String? {
        guard pounds.isFinite, pounds > 0, pounds < poundsLimit else { return nil }
        // Swift prints the shortest round-tripping digits: "180.4",
        // "1e-05", "1.2345e+16".
        return roundedText(pounds.description)
    }

    /// A version 3 weight value (decimal text as typed) made canonical:
    /// digits with at most one '.', leading zeros dropped, a trailing '.'
    /// dropped, more than 2 fraction digits rounded half away from zero
    /// (then trailing zeros dropped). nil when it is not a positive decimal.
    static func typedText(_ raw: String) -> String? {
        let text = raw.trimmingWhitespace
        guard !text.isEmpty, text.allSatisfy({ $0 == "." || $0.isASCIIDigit }),
            text.filter({ $0 == "." }).count <= 1, text != "."
        else { return nil }
        let parts = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let fraction = parts.count > 1 ? parts[1] : ""
        if fraction.count > 2 { return roundedText(text) }
        var int = parts[0].drop(while: { $0 == "0" })
        if int.isEmpty { int = "0" }
        let result = fraction.isEmpty ? String(int) : "\(int).\(fraction)"
        guard result.contains(where: { $0 != "0" && $0 != "." }), int.count <= maximumIntegerDigits else { return nil }
        return result
    }

    /// Rounds a decimal numeral ("72.345", "1.5e-05", "200.0") to 2 places,
    /// half away from zero, trailing zeros dropped; nil unless positive.
    static func roundedText(_ numeral: String) -> String? {
        var mantissa = Substring(numeral)
        var exponent = 0
        if let e = numeral.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            mantissa = numeral[..<e]
            guard let exp = Int(numeral[numeral.index(after: e)...]) else { return nil }
            exponent = exp
        }
        guard !mantissa.hasPrefix("-") else { return nil }
        // digits d1 d2 ... with the point after `point` digits.
        var digits: [UInt8] = []
        var point: Int? = nil
        for ch in mantissa {
            if ch == "." {
                point = digits.count
                continue
            }
            guard let v = ch.asciiValue, v >= 48, v <= 57 else { return nil }
            digits.append(v - 48)
        }
        var intCount = (point ?? digits.count) + exponent
        // Keep the digits down to 1/100: there are intCount + 2 of them.
        let keep = intCount + 2
        if keep < 0 { return nil }
        var cents = Array(digits.prefix(keep))
        while cents.count < keep { cents.append(0) }
        if keep < digits.count, digits[keep] >= 5 {
            var i = cents.count - 1
            while i >= 0 {
                if cents[i] == 9 {
                    cents[i] = 0
                    i -= 1
                } else {
                    cents[i] += 1
                    break
                }
            }
            if i < 0 {
                cents.insert(1, at: 0)
                intCount += 1
            }
        }
        guard cents.contains(where: { $0 != 0 }) else { return nil }
        while cents.count < 3 {
            cents.insert(0, at: 0)
            intCount += 1
        }
        var int = cents[..<(cents.count - 2)].drop(while: { $0 == 0 })
        if int.isEmpty { int = [0] }
        var fraction = Array(cents.suffix(2))
        while fraction.last == 0 { fraction.removeLast() }
        guard int.count <= maximumIntegerDigits else { return nil }
        let text = int.map { String($0) }.joined()
        return fraction.isEmpty ? text : text + "." + fraction.map { String($0) }.joined()
    }
}

extension String {
    fileprivate var trimmingWhitespace: String {
        var s = Substring(self)
        while let f = s.first, f.isWhitespace { s.removeFirst() }
        while let l = s.last, l.isWhitespace { s.removeLast() }
        return String(s)
    }
}
