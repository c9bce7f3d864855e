import Foundation
import GRDB

extension Store {
    /// A number that changes when another connection (another grocer, a
    /// script, a sync) commits to the file, and never for this store's own
    /// writes: SQLite's `PRAGMA data_version`, read on this store's one
    /// connection. An open screen compares it on the loop's tick to follow
    /// what others write. It costs one pragma: no table is read.
    func changeCounter() throws -> Int64 {
        try writer.read { db in try Int64.fetchOne(db, sql: "PRAGMA data_version") ?? 0 }
    }

    /// What moved the store's files, counted in one visit to the
    /// connection: `others` is `changeCounter` (another connection's
    /// commits), `own` the rows this connection changed since it opened
    /// (SQLite's `total_changes`: a count the connection keeps, no
    /// statement). A file watch tells grocer the files were written; these
    /// say by whom, or that another's commit is not visible yet.
    public struct ChangeCounters: Equatable, Sendable {
        public var others: Int64
        public var own: Int

        public init(others: Int64, own: Int) {
            self.others = others
            self.own = own
        }
    }

    /// Both counters; one pragma, as `changeCounter`.
    public func changeCounters() throws -> ChangeCounters {
        try writer.read { db in
            ChangeCounters(others: try Int64.fetchOne(db, sql: "PRAGMA data_version") ?? 0, own: db.totalChangesCount)
        }
    }
}
