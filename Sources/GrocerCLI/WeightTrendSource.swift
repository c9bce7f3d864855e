import Foundation
import GrocerCore
import GrocerStore

/// The trend as the store's figures give it, in the default unit.
public enum WeightTrendSource {
    public static func read(_ store: Store, timeZone: TimeZone) throws -> (WeightTrend, goal: Decimal?) {
        let unit = try store.defaultUnit()
        var entries: [WeightEntry] = []
        let report = try store.forEachWeight { entries.append($0) }
        try report.requireComplete(path: store.path)
        return (WeightTrend(entries: entries, unit: unit, timeZone: timeZone), nil)
    }
}
