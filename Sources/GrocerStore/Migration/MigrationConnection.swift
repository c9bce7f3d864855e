import Foundation
import GRDB
import GRDBSQLite

/// The connections a migration opens. The files they read may come from
/// anywhere, so: `trusted_schema` off (SQL in the file's schema cannot call
/// functions with side effects), SQLite's defensive mode (no writable
/// schema, no shadow-table tricks), grocer's own functions direct-only
/// (`RepairTally`, `LegacySQLFunctions`), and a progress handler that
/// interrupts a statement when asked to stop: `Connection`'s set-up, with
/// foreign keys checked once at the end of the copy instead of per row.
enum MigrationConnection {
    static func configuration(label: String, stop: StopCheck?, readonly: Bool = false) -> Configuration {
        Connection.configuration(label: label, readonly: readonly, check: stop, foreignKeys: false)
    }

    /// Flags of grocer's SQL functions: direct-only, so SQL stored in a file
    /// (a view, a trigger, a CHECK) can never call them.
    static let functionFlags = SQLITE_UTF8 | SQLITE_DIRECTONLY
}
