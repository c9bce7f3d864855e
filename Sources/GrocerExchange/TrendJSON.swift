import Foundation
import GrocerCore

/// `grocer weight trend --json`: `{"unit", "days": [{"date", "weight",
/// "trend"}], "trend", "ratePerWeek", "goal", "forecastDate"}`, one object
/// per day with entries in the range, numbers with 2 decimals, null where
/// there is no figure (no goal, no forecast shown, no rate: as on the
/// screen, none from fewer than `WeightTrend.rateMinimumDays` of the last
/// `rateWindowDays` days). With a
/// height, `"bmi"` too: the body mass index of the trend, to a tenth (null
/// with no trend); without one, no `"bmi"` key at all. With body fats
/// kept (issue 34), a day with one has `"bodyFat"` (its mean) and
/// `"bodyFatTrend"`, and the object `"bodyFatTrend"` (the latest), each a
/// percentage to 2 decimals; without any, none of these keys.
public enum TrendJSON {
    public static func render(
        _ trend: WeightTrend, range: TrendRange, goal: Decimal?, height: Height? = nil, endingAt last: CivilDay? = nil,
        bodyFat: BodyFatTrend? = nil
    ) -> String {
        let end = last ?? trend.latest?.day
        let fats = Dictionary((bodyFat?.points ?? []).map { ($0.day, $0) }, uniquingKeysWith: { a, _ in a })
        let days = trend.points(in: range, endingAt: end).map { point in
            let fat = fats[point.day].map { ", \"bodyFat\": \(fixed2($0.bodyFat)), \"bodyFatTrend\": \(fixed2($0.trend))" } ?? ""
            return "    {\"date\": \"\(point.day)\", \"weight\": \(fixed2(point.weight)), \"trend\": \(fixed2(point.trend))\(fat)}"
        }
        let fatTrend = (end.flatMap { bodyFat?.trend(on: $0) } ?? bodyFat?.latest).map { "\n  \"bodyFatTrend\": \(fixed2($0))," } ?? ""
        let current = end.flatMap { trend.trend(on: $0) }
        let forecast = goal.flatMap { trend.reliableForecastDay(goal: $0) }
        let rate = trend.reliableChangePerWeek
        let bmi = height.map { height in
            "\n  \"bmi\": " + (current.map { Height.tenths(height.bodyMassIndex(of: $0, in: trend.unit)) } ?? "null") + ","
        }
        return """
            {
              "unit": "\(trend.unit.rawValue)",
              "days": [\(days.isEmpty ? "" : "\n" + days.joined(separator: ",\n") + "\n  ")],
              "trend": \(current.map(fixed2) ?? "null"),\(bmi ?? "")\(fatTrend)
              "ratePerWeek": \(rate.map(fixed2) ?? "null"),
              "goal": \(goal.map(fixed2) ?? "null"),
              "forecastDate": \(forecast.map { "\"\($0)\"" } ?? "null")
            }

            """
    }

    /// "72.35", "-0.70", "80.00": rounded half away from zero to 2 decimals.
    public static func fixed2(_ value: Decimal) -> String { Weight.fixed2(value) }
}
