import Foundation
import GRDB
import GrocerCore

extension Store {
    // MARK: Status

    /// The tables `rowCounts()` counts: the ones holding the person's data.
    static let countedTables: [TableShape] = [
        WeightRecord.shape, ItemRecord.shape, UnitRecord.shape, QuarantineRecord.shape,
    ]

    /// Rows per table, for `grocer store status`. Throws
    /// `StoreError.missingTable` when one of them is missing.
    public func rowCounts() throws -> [String: Int] {
        try writer.read { db in
            var counts: [String: Int] = [:]
            for table in Self.countedTables {
                guard try db.tableExists(table.name) else {
                    throw StoreError.missingTable(path: path, table: table.name)
                }
                counts[table.name] = try Table(table.name).fetchCount(db)
            }
            return counts
        }
    }
}
