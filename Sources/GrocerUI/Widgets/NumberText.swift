import Foundation

/// Numbers with a fixed count of decimals and the locale's separator,
/// without an ICU formatter (they are drawn every frame): "81.6", "-0.45".
enum NumberText {
    static func fixed(_ value: Double, digits: Int, separator: String, signed: Bool = false) -> String {
        var scale = 1
        for _ in 0..<digits { scale *= 10 }
        let scaled = Int((abs(value) * Double(scale)).rounded())
        let sign = value < 0 && scaled != 0 ? "−" : signed && scaled != 0 ? "+" : ""
        guard digits > 0 else { return sign + String(scaled) }
        let fraction = String(scaled % scale)
        return sign + String(scaled / scale) + separator + String(repeating: "0", count: digits - fraction.count) + fraction
    }

    static func fixed(_ value: Decimal, digits: Int, separator: String, signed: Bool = false) -> String {
        fixed(NSDecimalNumber(decimal: value).doubleValue, digits: digits, separator: separator, signed: signed)
    }
}
