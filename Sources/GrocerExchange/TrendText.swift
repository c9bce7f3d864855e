import Foundation
import GrocerCore

/// `grocer weight trend` as text: the same figures as `TrendJSON`, one
/// line per day with entries, then the trend, the change per week and,
/// with a goal, when it is reached at this rate. In stones (`display`
/// st; the trend is then in pounds) the weights, the trend and the goal
/// show as stones and pounds to a tenth, as on the screen, and the change
/// per week in pounds.
public enum TrendText {
    public static func render(
        _ trend: WeightTrend, range: TrendRange, goal: Decimal?, display: DisplayUnit? = nil, bodyFat: BodyFatTrend? = nil
    ) -> String {
        let display = display.flatMap { $0.measure == trend.unit ? $0 : nil } ?? DisplayUnit(trend.unit)
        let unit = display == .st ? "lb" : trend.unit.rawValue
        let points = trend.points(in: range)
        guard let last = trend.latest else { return "No weights yet.\n" }
        let fixed2 = TrendJSON.fixed2
        let shown = { (value: Decimal) in Weight.figure(value, in: display) }
        let width = display == .st ? 13 : 10
        var lines = ["date        " + pad("weight", width) + "  " + pad("trend", width)]
        for point in points {
            lines.append("\(point.day)  \(pad(shown(point.weight), width))  \(pad(shown(point.trend), width))")
        }
        lines.append("")
        lines.append("Trend: \(shown(last.trend)) on \(last.day).")
        if let fat = bodyFat?.points.last {
            lines.append("Body fat trend: \(fixed2(fat.trend)) % on \(fat.day).")
        }
        // As on the screen: no rate, and no date for the goal, from too few days.
        if let rate = trend.reliableChangePerWeek {
            lines.append("Change per week: \(rate > 0 ? "+" : "")\(fixed2(rate)) \(unit).")
        } else {
            lines.append(
                "Change per week: not yet (fewer than \(WeightTrend.rateMinimumDays) of the last \(WeightTrend.rateWindowDays) days have entries).")
        }
        if let goal {
            let target = "Goal: \(shown(goal))"
            switch trend.reliableForecast(goal: goal) {
            case .reached: lines.append("\(target), reached.")
            case .passed(let day): lines.append("\(target), reached on \(day); `grocer weight goal` sets the next.")
            case .inDays:
                lines.append("\(target), by \(trend.reliableForecastDay(goal: goal).map(String.init(describing:)) ?? "-") at this rate.")
            case .movingAway: lines.append("\(target); the trend is not moving towards it.")
            case .tooFar: lines.append("\(target); more than 3 years away at this rate.")
            case .noRate: lines.append("\(target).")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func pad(_ text: String, _ width: Int) -> String {
        String(repeating: " ", count: max(0, width - text.count)) + text
    }
}
