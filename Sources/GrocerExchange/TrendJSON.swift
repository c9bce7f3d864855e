import Foundation
import GrocerCore

/// `grocer weight trend --json`: `{"unit", "days": [{"date", "weight",
/// "trend"}], "trend", "ratePerWeek", "goal", "forecastDate"}`, one object
/// per day with entries in the range, numbers with 2 decimals, null where
/// there is no figure (no goal, no forecast shown, no rate: as on the
/// screen, none from fewer than `WeightTrend.rateMinimumDays` of the last
/// `rateWindowDays` days). With a
/// height, `"bmi"` too: the body mass index of the trend, to a tenth (null
/// with no trend); without one, no `"bmi"` key at all.
public enum TrendJSON {
    public static func render(
        _ trend: WeightTrend, range: TrendRange, goal: Decimal?, height: Height? = nil, endingAt last: CivilDay? = nil
    ) -> String {
        let end = last ?? trend.latest?.day
        let days = trend.points(in: range, endingAt: end).map {
            "    {\"date\": \"\($0.day)\", \"weight\": \(fixed2($0.weight)), \"trend\": \(fixed2($0.trend))}"
        }
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
              "trend": \(current.map(fixed2) ?? "null"),\(bmi ?? "")
              "ratePerWeek": \(rate.map(fixed2) ?? "null"),
              "goal": \(goal.map(fixed2) ?? "null"),
              "forecastDate": \(forecast.map { "\"\($0)\"" } ?? "null")
            }

            """
    }

    /// "72.35", "-0.70", "80.00": rounded half away from zero to 2 decimals.
    public static func fixed2(_ value: Decimal) -> String { Weight.fixed2(value) }
}
