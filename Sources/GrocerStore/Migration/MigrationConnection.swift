import Foundation
import GRDB
import GRDBSQLite

/// Asks a statement SQLite is running to stop: the progress handler of a
/// migration connection calls `isStopped` every 10,000 VM steps (microseconds), so
/// Ctrl-C or SIGTERM end even an endless query within a second.
final class StopCheck: @unchecked Sendable {  // `ask` is read on the migration thread only
    let flag: StopFlag
    /// The caller's `isCancelled`, for the time of one run (cleared after).
    var ask: (() -> Bool)?

    init(flag: StopFlag, ask: (() -> Bool)? = nil) {
        self.flag = flag
        self.ask = ask
    }

    var isStopped: Bool { flag.isRaised || (ask?() ?? false) }
}

/// The connections a migration opens. The files they read may come from
/// anywhere, so: `trusted_schema` off (SQL in the file's schema cannot call
/// functions with side effects), SQLite's defensive mode (no writable
/// schema, no shadow-table tricks), grocer's own functions direct-only
/// (`RepairTally`, `LegacySQLFunctions`), and a progress handler that
/// interrupts a statement when asked to stop.
enum MigrationConnection {
    static func configuration(label: String, stop: StopCheck?, readonly: Bool = false) -> Configuration {
        var config = Configuration()
        config.label = label
        config.readonly = readonly
        config.foreignKeysEnabled = false
        config.busyMode = .timeout(5)
        config.prepareDatabase { db in try harden(db, stop: stop) }
        return config
    }

    static func harden(_ db: Database, stop: StopCheck?) throws {
        try db.execute(sql: "PRAGMA trusted_schema = OFF")
        setDefensive(db.sqliteConnection)
        if let stop {
            sqlite3_progress_handler(
                db.sqliteConnection, 10_000,
                { context in
                    Unmanaged<StopCheck>.fromOpaque(context!).takeUnretainedValue().isStopped ? 1 : 0
                }, Unmanaged.passUnretained(stop).toOpaque())
        }
    }

    /// Whether defensive mode is on (for tests).
    static func isDefensive(_ db: Database) -> Bool {
        var value: Int32 = -1
        _ = sqlite3DBConfigInt(db.sqliteConnection, SQLITE_DBCONFIG_DEFENSIVE, -1, &value)
        return value == 1
    }

    /// Through the linker-bound prototype in Connection.swift (dlsym finds
    /// nothing in a fully static executable).
    static func setDefensive(_ connection: OpaquePointer?) {
        _ = sqlite3DBConfigInt(connection, SQLITE_DBCONFIG_DEFENSIVE, 1, nil)
    }

    /// Flags of grocer's SQL functions: direct-only, so SQL stored in a file
    /// (a view, a trigger, a CHECK) can never call them.
    static let functionFlags = SQLITE_UTF8 | SQLITE_DIRECTONLY
}
