import GRDB
import GrocerCore

@testable import GrocerStore

/// Reads only the tests make (the app pages through `weights.newestFirst`
/// and counts from `weight_day`).
extension Store {
    /// The newest entries first, at most `limit` rows (unreadable ones
    /// included in the count), with the rows that could not be read.
    func recentWeightPage(limit: Int) throws -> WeightPage {
        try weights.newestFirst(before: nil, limit: limit)
    }

    /// The newest entries first, at most `limit`. Throws
    /// `StoreError.unreadableRows` when any row among them cannot be read.
    func recentWeights(limit: Int) throws -> [WeightEntry] {
        let page = try recentWeightPage(limit: limit)
        try page.report.requireComplete(path: path)
        return page.entries
    }

    /// How many entries the store holds, readable or not.
    func weightCount() throws -> Int {
        try checkedRead(WeightRecord.shape) { db in try WeightRecord.fetchCount(db) }
    }
}
