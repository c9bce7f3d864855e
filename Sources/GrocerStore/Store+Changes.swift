import Foundation
import GRDB

extension Store {
    /// A number that changes when another connection (another grocer, a
    /// script, a sync) commits to the file, and never for this store's own
    /// writes: SQLite's `PRAGMA data_version`, read on this store's one
    /// connection. An open screen compares it on the loop's tick to follow
    /// what others write. It costs one pragma: no table is read.
    public func changeCounter() throws -> Int64 {
        try writer.read { db in try Int64.fetchOne(db, sql: "PRAGMA data_version") ?? 0 }
    }
}
