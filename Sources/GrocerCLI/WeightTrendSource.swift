import Foundation
import GrocerCore
import GrocerStore

/// The trend and goal as the store keeps them, in the default unit: the
/// per-day figures of `weight_day` (never every entry) in the store's time
/// zone, and the goal converted exactly.
public enum WeightTrendSource {
    public static func read(_ store: Store) throws -> (WeightTrend, goal: Decimal?) {
        let unit = try store.defaultUnit()
        let days = try store.weightDays(unit: unit)
        let goal = try store.goal().map { $0.exactValue(in: unit) }
        return (WeightTrend(days: days, unit: unit), goal)
    }
}
