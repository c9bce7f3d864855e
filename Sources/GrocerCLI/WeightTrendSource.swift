import Foundation
import GrocerCore
import GrocerStore

/// The trend and goal as the store keeps them, in `unit` (the display
/// unit's measure: pounds for stones): the
/// per-day figures of `weight_day` (never every entry) in the store's time
/// zone, and the goal converted exactly. For a range up to a year, the days
/// after the trend's checkpoint and its start, as the history reads them
/// (`Store.recentWeightDays`: the same figures); for `all`, every day.
public enum WeightTrendSource {
    public static func read(_ store: Store, unit: WeightUnit, range: TrendRange = .all) throws -> (WeightTrend, goal: Decimal?) {
        let goal = try store.settings.read(.goal).value.map { $0.exactValue(in: unit) }
        if range == .all { return (WeightTrend(days: try store.weights.days(unit: unit), unit: unit), goal) }
        let (days, start) = try store.weights.recentDays(unit: unit)
        return (WeightTrend(days: days, unit: unit, start: start), goal)
    }
}
