import Foundation
import GRDB
import GRDBSQLite

/// How every connection grocer opens is set up: the runtime's, the judge's,
/// the status reader's and the migration's. A store file may come from a
/// backup, a sync folder or another machine, so nothing inside it is trusted.
enum Connection {
    /// How long a connection waits for another grocer's transaction before
    /// SQLite reports SQLITE_BUSY (then `StoreError.busy`).
    static let busyTimeout: TimeInterval = 10
    /// SQLite virtual-machine steps between two looks at the stop flag.
    static let progressSteps: Int32 = 1000

    /// One configuration for every connection:
    /// - a busy timeout: another grocer's write is waited for, never damage;
    /// - `trusted_schema = OFF`: views and triggers in the file cannot call
    ///   functions with side effects;
    /// - SQLite's defensive mode: no `writable_schema`, no direct shadow
    ///   table writes;
    /// - a progress handler that interrupts any statement once `stop` is
    ///   raised (Ctrl-C, SIGTERM), so a hostile recursive view ends.
    ///
    /// Defensive mode also ignores `PRAGMA journal_mode = OFF`: a connection
    /// that only builds a new file of grocer's own (the migration's copy,
    /// where that pragma saves time) may pass `defensive: false`; it keeps
    /// everything else, `trusted_schema = OFF` included.
    static func configuration(
        label: String, readonly: Bool, stop: StopFlag = .process, defensive: Bool = true, busyWait: BusyWait? = nil
    ) -> Configuration {
        var config = configuration(label: label, readonly: readonly, check: StopCheck(flag: stop), defensive: defensive)
        if let busyWait { config.busyMode = .callback { busyWait.shouldRetry($0) } }
        return config
    }

    /// The same with a `StopCheck` (a flag, and for a migration the
    /// caller's own question) and the foreign-key setting of the caller's
    /// choice (a migration's copy checks them itself at the end).
    static func configuration(
        label: String, readonly: Bool, check: StopCheck?, defensive: Bool = true, foreignKeys: Bool = true
    ) -> Configuration {
        var config = Configuration()
        config.label = label
        config.readonly = readonly
        config.busyMode = .timeout(busyTimeout)
        config.foreignKeysEnabled = foreignKeys
        config.prepareDatabase { db in
            try harden(db, check: check, defensive: defensive)
        }
        return config
    }

    /// The per-connection part of `configuration`.
    static func harden(_ db: Database, check: StopCheck?, defensive: Bool = true) throws {
        guard let handle = db.sqliteConnection else { return }
        if defensive { setDefensive(handle) }
        if let check {
            // Not retained here: the configuration's closure holds the
            // check, and the configuration lives as long as the connection.
            sqlite3_progress_handler(
                handle, progressSteps,
                { context in
                    guard let context else { return 0 }
                    let check = Unmanaged<StopCheck>.fromOpaque(context).takeUnretainedValue()
                    check.onTick?()
                    return check.isStopped ? 1 : 0
                }, Unmanaged.passUnretained(check).toOpaque())
        }
        try db.execute(sql: "PRAGMA trusted_schema = OFF")
    }

    /// Whether defensive mode is on (for tests).
    static func isDefensive(_ db: Database) -> Bool {
        var value: Int32 = -1
        _ = sqlite3DBConfigInt(db.sqliteConnection, defensiveOption, -1, &value)
        return value == 1
    }

    /// `sqlite3_db_config(db, SQLITE_DBCONFIG_DEFENSIVE, 1, &result)`. The C
    /// function is variadic, which Swift cannot call; on Linux (x86-64 and
    /// arm64 alike) integer and pointer arguments of a variadic call travel
    /// as those of a plain one, so a plain prototype reaches it. The symbol
    /// is bound by the linker (not looked up with dlsym, which finds nothing
    /// in a fully static executable). Returns whether defensive mode is now
    /// on.
    @discardableResult
    static func setDefensive(_ handle: OpaquePointer) -> Bool {
        var result: Int32 = 0
        let code = sqlite3DBConfigInt(handle, defensiveOption, 1, &result)
        return code == SQLITE_OK && result == 1
    }

    /// SQLITE_DBCONFIG_DEFENSIVE.
    static let defensiveOption: Int32 = 1010
}

/// What a progress handler asks: the stop flag, and for a migration the
/// caller's own `isCancelled` and its progress (set for the time of one
/// run, and used on the migration's thread only).
final class StopCheck: @unchecked Sendable {
    let flag: StopFlag
    var ask: (() -> Bool)?
    /// Called at each call of the progress handler (a migration's
    /// progress inside a long statement, `MigrationReporter.tick`).
    var onTick: (() -> Void)?

    init(flag: StopFlag, ask: (() -> Bool)? = nil) {
        self.flag = flag
        self.ask = ask
    }

    var isStopped: Bool { flag.isRaised || (ask?() ?? false) }
}

/// sqlite3_db_config with the (int, int*) arguments of its boolean options;
/// see `Connection.setDefensive`.
@_silgen_name("sqlite3_db_config")
func sqlite3DBConfigInt(_ db: OpaquePointer?, _ op: Int32, _ value: Int32, _ result: UnsafeMutablePointer<Int32>?) -> Int32

/// sqlite3_config with one int argument (SQLITE_CONFIG_MEMSTATUS).
@_silgen_name("sqlite3_config")
func sqlite3ConfigInt(_ op: Int32, _ value: Int32) -> Int32

/// SQLite's settings for the whole process.
public enum SQLiteProcess {
    /// Called once at the start of the process, before SQLite is used:
    /// SQLite's memory statistics off (`SQLITE_CONFIG_MEMSTATUS`, which
    /// grocer never reads), so its every allocation and free no longer
    /// takes a process-wide mutex (about a tenth of a bulk import's time,
    /// docs/MEASURED.md). Later it is refused and changes nothing; false
    /// then.
    @discardableResult
    public static func configure() -> Bool {
        sqlite3ConfigInt(SQLITE_CONFIG_MEMSTATUS, 0) == SQLITE_OK
    }
}
