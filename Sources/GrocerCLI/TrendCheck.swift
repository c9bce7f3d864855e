import Foundation
import GrocerCore
import GrocerStore

/// `weight add`'s check for a typo (issue 34): a weight far from the
/// person's trend (`FarFromTrend`) is refused unless `--force` keeps it.
/// The trend is the one the history shows, from the store's per-day
/// figures (the recent days, where the trend goes on from), in `unit`.
public enum TrendCheck {
    /// What is far about `weight` at `date`, or nil (no trend yet, or near).
    public static func far(_ weight: Weight, at date: Date, unit: WeightUnit, in store: Store) throws -> FarFromTrend? {
        let (days, start) = try StoreAccess.reading(store.path) { try store.weights.recentDays(unit: unit) }
        let trend = WeightTrend(days: days, unit: unit, start: start)
        return FarFromTrend.check(weight, on: CivilDay(date, in: store.timeZone), against: trend)
    }

    /// Throws `CommandError.farFromTrend` when `weight` is far.
    public static func require(_ weight: Weight, at date: Date, unit: WeightUnit, in store: Store) throws {
        if let far = try far(weight, at: date, unit: unit, in: store) { throw CommandError.farFromTrend(far) }
    }
}
