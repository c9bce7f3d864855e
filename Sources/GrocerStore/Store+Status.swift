import Foundation
import GRDB
import GrocerCore

extension Store {
    // MARK: Status

    /// Rows per table, for `grocer store status`.
    public func rowCounts() throws -> [String: Int] {
        try writer.read { db in
            var counts: [String: Int] = [:]
            for table in Schema.countedTables {
                counts[table] = try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table)") ?? 0
            }
            return counts
        }
    }
}
