import Foundation
import GrocerCore

/// How a migration runs; `standard(environment:)` is what grocer uses.
public struct MigrationOptions: Sendable {
    /// Keep the old file as `grocer.sqlite.vN.bak` (`--no-backup` clears it).
    public var backup = true
    /// When another grocer holds the lock: wait for it (true) or refuse.
    public var waitForLock = true
    /// Where the record of each migration is appended; nil keeps none.
    public var logFile: URL?
    /// For tests: where to kill the process (`GROCER_FAULT_POINT`).
    public var faultPoint: FaultPoint?
    /// Rows per batch: progress and cancellation are checked between batches.
    public var batchSize = 8192
    /// For tests: a pause after each batch (`GROCER_TEST_BATCH_PAUSE_MS`),
    /// so a test can act while a migration is surely under way.
    public var batchPause: Duration = .zero
    /// Verify the new file with `PRAGMA integrity_check` (default), or with
    /// `quick_check` plus index entry counts (`GROCER_MIGRATION_CHECK=quick`,
    /// faster on large stores: docs/MEASURED.md).
    public var fullIntegrityCheck = true
    /// Raised to stop: checked between batches and, through a progress
    /// handler, inside every statement (so an endless query stops too).
    public var stop: StopFlag = .process
    /// The person's time zone: the per-day table (`weight_day`) is built in
    /// it as the migration's last work, behind its progress screen, so that
    /// no key press after the migration pays for the build. nil leaves the
    /// table to the first read, as before.
    public var dayZone: TimeZone?
    /// For tests of the in-place path: one more step's SQL after the
    /// released ones (`GROCER_TEST_EXTRA_STEP_SQL`); the migration then
    /// targets that step's version.
    public var extraTestStepSQL: String?
    /// For tests that need a store as an older release wrote it: the
    /// version the migration ends at, leaving out the released steps after
    /// it (`GROCER_TEST_TARGET_VERSION=4` makes a version 4 store from a
    /// version 1-3 one, exactly as the release before version 5 did).
    public var testTargetVersion: Int?

    public init(backup: Bool = true, waitForLock: Bool = true, logFile: URL? = nil, faultPoint: FaultPoint? = nil) {
        self.backup = backup
        self.waitForLock = waitForLock
        self.logFile = logFile
        self.faultPoint = faultPoint
    }

    /// The log under `$XDG_STATE_HOME/grocer/`. In a build compiled with
    /// `-DGROCER_TEST_HOOKS` (the tests' build, never the installed one),
    /// also the test hooks: `GROCER_FAULT_POINT`, `GROCER_TEST_BATCH_PAUSE_MS`,
    /// `GROCER_TEST_EXTRA_STEP_SQL` and `GROCER_TEST_TARGET_VERSION`.
    public static func standard(environment: Environment) -> MigrationOptions {
        var options = MigrationOptions(
            logFile: StoreLocation.stateHome(environment).appendingPathComponent("grocer/migration.log"))
        options.fullIntegrityCheck = environment["GROCER_MIGRATION_CHECK"] != "quick"
        options.dayZone = .current
        #if GROCER_TEST_HOOKS
            options.faultPoint = environment["GROCER_FAULT_POINT"].flatMap(FaultPoint.init(rawValue:))
            if let ms = environment["GROCER_TEST_BATCH_PAUSE_MS"].flatMap(Int.init), ms > 0 {
                options.batchPause = .milliseconds(ms)
            }
            options.extraTestStepSQL = environment["GROCER_TEST_EXTRA_STEP_SQL"].flatMap { $0.isEmpty ? nil : $0 }
            options.testTargetVersion = environment["GROCER_TEST_TARGET_VERSION"].flatMap(Int.init)
        #endif
        return options
    }
}
