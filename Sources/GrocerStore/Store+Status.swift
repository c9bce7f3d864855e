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
    func rowCounts() throws -> [String: Int] {
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

    // MARK: Quarantine

    /// Rows kept aside by a migration, oldest first, with the rows of the
    /// quarantine table itself that could not be read.
    func quarantinePage() throws -> ReadPage<QuarantinedRow> {
        try checkedRead(QuarantineRecord.shape) { db in
            try RowReader.page(db, QuarantineRecord.byID, table: QuarantineRecord.databaseTableName) {
                try QuarantineRecord(row: $0).quarantinedRow()
            }
        }
    }

    /// Rows kept aside by a migration, oldest first: table, id, reason and
    /// the row as JSON. Throws `StoreError.unreadableRows` when one
    /// cannot be read; `quarantinePage()` returns the rest with a report.
    func quarantinedRows() throws -> [QuarantinedRow] {
        try complete(quarantinePage())
    }
}
