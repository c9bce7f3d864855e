import Foundation
import GrocerCore
import GrocerStore

/// The trend as the store's figures give it, in the default unit: each
/// local day's entries summed per unit in hundredths (exact), from the
/// export cursor (no Weight or Decimal per entry).
public enum WeightTrendSource {
    public static func read(_ store: Store, timeZone: TimeZone) throws -> (WeightTrend, goal: Decimal?) {
        let unit = try store.defaultUnit()
        var days: [CivilDay: (kg: Int, lbs: Int, count: Int)] = [:]
        let report = try store.exportWeights { _, seconds, digits, entryUnit in
            let day = CivilDay(Date(timeIntervalSince1970: TimeInterval(seconds)), in: timeZone)
            let hundredths = Self.hundredths(digits)
            var figure = days[day] ?? (0, 0, 0)
            switch entryUnit {
            case .kg: figure.kg += hundredths
            case .lbs: figure.lbs += hundredths
            }
            figure.count += 1
            days[day] = figure
        }
        try report.requireComplete(path: store.path)
        let figures = days.map { DayFigure(day: $0.key, kgHundredths: $0.value.kg, lbsHundredths: $0.value.lbs, count: $0.value.count, unit: unit) }
        return (WeightTrend(days: figures, unit: unit), nil)
    }

    /// "72.5" -> 7250 (digits as the store keeps them).
    static func hundredths(_ digits: String) -> Int {
        var whole = 0
        var fraction = 0
        var fractionDigits = -1
        for b in digits.utf8 {
            if b == UInt8(ascii: ".") {
                fractionDigits = 0
            } else if fractionDigits >= 0 {
                fraction = fraction * 10 + Int(b &- 48)
                fractionDigits += 1
            } else {
                whole = whole * 10 + Int(b &- 48)
            }
        }
        return whole * 100 + (fractionDigits == 1 ? fraction * 10 : fraction)
    }
}
