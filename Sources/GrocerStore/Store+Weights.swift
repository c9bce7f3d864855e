import Foundation
import GRDB
import GrocerCore

extension Store {
    // MARK: Weights

    /// Saves a weight recorded at `date` (kept to the whole second).
    @discardableResult
    public func addWeight(_ weight: Weight, at date: Date) throws -> WeightEntry {
        var record = WeightRecord(weight, at: date)
        try checkedWrite(WeightRecord.shape) { db in try record.insert(db) }
        return WeightEntry(
            id: record.id ?? 0, weight: weight,
            recordedAt: Date(timeIntervalSince1970: TimeInterval(record.recordedAt)))
    }

    /// The newest entries first, at most `limit` rows (unreadable ones
    /// included in the count), with the rows that could not be read.
    public func recentWeightPage(limit: Int) throws -> WeightPage {
        try checkedRead(WeightRecord.shape) { db in
            try RowReader.page(db, WeightRecord.newestFirst.limit(limit), table: WeightRecord.databaseTableName) {
                try WeightRecord(row: $0).entry()
            }
        }
    }

    /// The newest entries first, at most `limit`. Throws
    /// `StoreError.unreadableRows` when any row among them cannot be
    /// read; `recentWeightPage(limit:)` returns the rest with a report.
    public func recentWeights(limit: Int) throws -> [WeightEntry] {
        try complete(recentWeightPage(limit: limit))
    }

    /// Every entry, oldest first (time, then id), one at a time: memory
    /// stays flat however many there are. Rows that cannot be read are
    /// skipped and returned in the report, never dropped in silence.
    @discardableResult
    public func forEachWeight(_ body: (WeightEntry) throws -> Void) throws -> ReadReport {
        try checkedRead(WeightRecord.shape) { db in
            try RowReader.forEach(
                db, WeightRecord.oldestFirst, table: WeightRecord.databaseTableName,
                map: { try WeightRecord(row: $0).entry() }, body: body)
        }
    }
}
