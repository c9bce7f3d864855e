import Foundation
import GRDB
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
    /// about 0.25 s less per million rows).
    public var fullIntegrityCheck = true

    public init(backup: Bool = true, waitForLock: Bool = true, logFile: URL? = nil, faultPoint: FaultPoint? = nil) {
        self.backup = backup
        self.waitForLock = waitForLock
        self.logFile = logFile
        self.faultPoint = faultPoint
    }

    /// The log under `$XDG_STATE_HOME/grocer/`, and a fault point from
    /// `GROCER_FAULT_POINT` when a test set one.
    public static func standard(environment: [String: String]) -> MigrationOptions {
        var options = MigrationOptions(
            logFile: StoreLocation.stateHome(environment).appendingPathComponent("grocer/migration.log"),
            faultPoint: environment["GROCER_FAULT_POINT"].flatMap(FaultPoint.init(rawValue:)))
        options.fullIntegrityCheck = environment["GROCER_MIGRATION_CHECK"] != "quick"
        if let ms = environment["GROCER_TEST_BATCH_PAUSE_MS"].flatMap(Int.init), ms > 0 {
            options.batchPause = .milliseconds(ms)
        }
        return options
    }
}

/// Migrates an older store to the current format, safely: under an
/// exclusive lock, into a temporary file beside the old one, verified,
/// synced, then swapped in with one atomic rename. Until that rename the old
/// file is untouched; after it the new file is complete. Runs synchronously:
/// the caller picks the thread.
public struct Migrator: Sendable {
    public let path: String
    public let options: MigrationOptions

    public init(path: String, options: MigrationOptions = MigrationOptions()) {
        self.path = path
        self.options = options
    }

    /// Whether the file at `path` is an older grocer store.
    public static func needsMigration(path: String) -> Bool {
        StoreJudge.judge(path: path).state == .needsMigration
    }

    /// Runs the migration. `progress` gets rows done of the total, never
    /// backwards, ending at the total; `onWait` is called once if another
    /// process holds the lock; `isCancelled` is asked between batches.
    public func run(progress: (MigrationProgress) -> Void = { _ in },
                    onWait: () -> Void = {},
                    isCancelled: () -> Bool = { false }) throws -> MigrationSummary {
        let clock = ContinuousClock()
        let started = clock.now
        let files = MigrationFiles(store: path)
        var version = 0
        do {
            let first = StoreJudge.judge(path: path)
            if first.state == .current { Self.tidy(path: path) }
            try Self.requireOlder(first, path: path)
            let lock = try MigrationLock.acquire(storePath: path, wait: options.waitForLock, onWait: onWait)
            defer { lock.release() }
            options.faultPoint.map(FaultPoint.afterLock.hit)
            // Whatever happened while we waited, judge again; the full check
            // (quick_check, which reads the whole file) runs beside the copy,
            // on the other core, and must pass before anything is swapped.
            let phases = PhaseTimer()
            let judgement = StoreJudge.judge(path: path)
            try Self.requireOlder(judgement, path: path)
            version = judgement.formatVersion ?? 0
            let sourceCheck = SourceCheck(path: path)
            let removed = files.removeLeftovers()
            try checkSpace(files)
            var summary: MigrationSummary
            do {
                do {
                    summary = try copy(from: version, files: files, phases: phases, progress: progress, isCancelled: isCancelled)
                } catch let error as MigrationError {
                    // A copy that failed on a damaged source says so.
                    if case .cancelled = error { throw error }
                    try sourceCheck.require(version: version)
                    throw error
                }
                try sourceCheck.require(version: version)
                phases.end("source check wait")
                summary.backupPath = try swap(files, version: version)
                phases.end("sync and swap")
            } catch {
                files.removeLeftovers()
                throw error
            }
            options.faultPoint.map(FaultPoint.afterFinish.hit)
            summary.seconds = Self.seconds(clock.now - started)
            var lines = ["migrated \(path) from format version \(version) to \(StoreFormat.currentVersion) in \(String(format: "%.2f", summary.seconds)) s"]
            if !removed.isEmpty { lines.append("removed what an interrupted migration left: " + removed.joined(separator: ", ")) }
            lines += summary.lines
            lines.append("phases: " + phases.description)
            log(lines)
            return summary
        } catch let error as MigrationError {
            if case .notNeeded = error { throw error }
            log(["migration of \(path) from format version \(version) did not happen: \(error.localizedDescription)"])
            throw error
        }
    }

    /// Removes what a migration killed after its rename left (the lock
    /// file), when no other grocer holds the lock. Launch may call it when
    /// the store is current; it never touches the store.
    public static func tidy(path: String) {
        let files = MigrationFiles(store: path)
        guard FileManager.default.fileExists(atPath: path + ".lock") || files.leftovers.contains(where: FileManager.default.fileExists(atPath:)),
              let lock = try? MigrationLock.acquire(storePath: path, wait: false, onWait: {}) else { return }
        files.removeLeftovers()
        lock.release()
    }

    private static func requireOlder(_ judgement: StoreJudgement, path: String) throws {
        switch judgement.state {
        case .needsMigration: return
        case .missing, .current: throw MigrationError.notNeeded(path: path, state: judgement.state)
        case .newer: throw MigrationError.refused(.newer(path: path, version: judgement.formatVersion ?? 0))
        case .foreign: throw MigrationError.refused(.foreign(path: path))
        case .corrupt: throw MigrationError.refused(.corrupt(path: path, detail: judgement.detail ?? "unreadable"))
        case .busy: throw MigrationError.refused(.busy(path: path))
        }
    }

    /// The new file can grow to about twice the old one (text values and
    /// new indexes); the backup is a hard link and needs no room, but room
    /// for it is asked too in case links are not supported.
    private func checkSpace(_ files: MigrationFiles) throws {
        let size = MigrationFiles.size(path)
        let needed = 2 * size + (options.backup ? size : 0) + 1_000_000
        if let available = MigrationFiles.availableSpace(in: files.directory), available < needed {
            throw MigrationError.insufficientSpace(path: path, needed: needed, available: available)
        }
    }

    // MARK: Copy

    private func copy(from version: Int, files: MigrationFiles, phases: PhaseTimer,
                      progress: (MigrationProgress) -> Void, isCancelled: () -> Bool) throws -> MigrationSummary {
        let temp = files.temporary
        do {
            try FileSystem.createPrivateFile(temp)
        } catch {
            throw MigrationError.io(path: temp, detail: error.localizedDescription)
        }
        var config = Configuration()
        config.label = "grocer.migration"
        config.foreignKeysEnabled = false
        let tally = RepairTally()
        config.prepareDatabase { db in
            LegacySQLFunctions.register(in: db)
            tally.install(in: db)
        }
        let plan = MigrationPlan(sourceVersion: version)
        var summary = MigrationSummary(fromVersion: version, toVersion: StoreFormat.currentVersion)
        do {
            let queue = try DatabaseQueue(path: temp, configuration: config)
            defer { try? queue.close() }
            try queue.writeWithoutTransaction { db in
              do {
                // The temporary file is thrown away on any failure or crash:
                // no journal, no syncs until the one at the end.
                try db.execute(sql: """
                    PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;
                    PRAGMA locking_mode = EXCLUSIVE; PRAGMA cache_size = -8000;
                    """)
                try db.execute(sql: Schema.tables)
                options.faultPoint.map(FaultPoint.afterCreate.hit)
                try db.execute(sql: "ATTACH DATABASE ? AS src", arguments: [path])
                try db.execute(sql: "BEGIN")
                var sourceCounts: [String: Int] = [:]
                for copy in plan.copies {
                    sourceCounts[copy.source] = try Int.fetchOne(db, sql: "SELECT count(*) FROM src.\(copy.source)") ?? 0
                }
                let total = sourceCounts.values.reduce(0, +)
                var done = 0
                var added: [String: Int] = [:]
                progress(MigrationProgress(done: 0, total: total))
                for copy in plan.copies {
                    let result = try copyTable(copy, db: db, version: version, tally: tally, isCancelled: isCancelled) { rows in
                        done += rows
                        progress(MigrationProgress(done: min(done, total), total: total))
                    }
                    guard result.inserted + result.quarantined == sourceCounts[copy.source] else {
                        throw MigrationError.verificationFailed(path: path, detail: "\(copy.source): \(sourceCounts[copy.source] ?? 0) rows read, \(result.inserted) carried, \(result.quarantined) quarantined")
                    }
                    summary.carried[copy.target, default: 0] += result.inserted
                    added[copy.target, default: 0] += result.added
                    for (kind, n) in result.repairs where n > 0 { summary.repairs[kind, default: 0] += n }
                }
                phases.end("copy")
                try db.execute(sql: Schema.indexes)
                try db.execute(sql: Schema.stamp)
                options.faultPoint.map(FaultPoint.beforeCommit.hit)
                try db.execute(sql: "COMMIT")
                options.faultPoint.map(FaultPoint.afterCopy.hit)
                phases.end("indexes")
                for row in try Row.fetchAll(db, sql: "SELECT source_table, reason, count(*) FROM main.quarantine GROUP BY 1, 2") {
                    summary.quarantined["\(row[0] as String): \(row[1] as String)"] = row[2]
                }
                try verify(db, plan: plan, sourceCounts: sourceCounts, added: added, summary: summary)
                try db.execute(sql: "DETACH DATABASE src")
                phases.end("verify")
              } catch {
                // The file is thrown away; only the connection must end clean.
                if db.isInsideTransaction { try? db.execute(sql: "ROLLBACK") }
                throw error
              }
            }
            try queue.close()
        } catch let error as DatabaseError {
            throw classify(error, temp: temp)
        }
        options.faultPoint.map(FaultPoint.afterVerify.hit)
        return summary
    }

    struct CopyResult {
        var inserted = 0
        var quarantined = 0
        /// Rows written that have no source row (a default setting).
        var added = 0
        var repairs: [String: Int] = [:]
    }

    /// Copies one table a batch at a time: a walk of the rowid tree finds
    /// the batch's last id, one INSERT ... SELECT carries the clean rows
    /// (counting repairs as it goes) and, only if the batch has others, a
    /// second one quarantines them.
    private func copyTable(_ copy: MigrationPlan.TableCopy, db: Database, version: Int, tally: RepairTally,
                           isCancelled: () -> Bool, advanced: (Int) -> Void) throws -> CopyResult {
        let batchEnd = try db.makeStatement(sql: copy.batchEndSQL)
        let rest = try db.makeStatement(sql: copy.restSQL)
        let insert = try db.makeStatement(sql: copy.insertSQL)
        let quarantine = try db.makeStatement(sql: copy.quarantineSQL)
        var result = CopyResult()
        tally.reset()
        // Below every rowid, Int64.min included.
        var low: DatabaseValue = (-1e19).databaseValue
        var first = true
        while true {
            if isCancelled() { throw MigrationError.cancelled(path: path) }
            var count = options.batchSize
            var high: Int64
            if let end = try Int64.fetchOne(batchEnd, arguments: [low, options.batchSize]) {
                high = end
            } else {
                guard let row = try Row.fetchOne(rest, arguments: [low]), let last = row[0] as Int64? else { break }
                high = last
                count = row[1]
            }
            try insert.execute(arguments: [low, high])
            let inserted = db.changesCount
            var quarantined = 0
            if inserted < count {
                try quarantine.execute(arguments: [low, high, version])
                quarantined = db.changesCount
            }
            guard inserted + quarantined == count else {
                throw MigrationError.verificationFailed(path: path, detail: "\(copy.source) rows after id \(low): \(count) read, \(inserted) carried, \(quarantined) quarantined")
            }
            result.inserted += inserted
            result.quarantined += quarantined
            advanced(count)
            if options.batchPause > .zero { Thread.sleep(forTimeInterval: Self.seconds(options.batchPause)) }
            low = high.databaseValue
            if first { options.faultPoint.map(FaultPoint.midCopy.hit); first = false }
        }
        for (i, repair) in copy.repairs.enumerated() { result.repairs[repair.kind] = tally[i] }
        if let extra = copy.extra {
            try db.execute(sql: extra)
            result.added = db.changesCount
        }
        return result
    }

    /// The new file's own checks, then every source row accounted for.
    private func verify(_ db: Database, plan: MigrationPlan, sourceCounts: [String: Int], added: [String: Int], summary: MigrationSummary) throws {
        // Every CHECK constraint was enforced by SQLite as each row was
        // inserted moments ago; evaluating them all again (GLOB on every
        // value) would be 90% of the check's time. So the check walks every
        // page, row and NOT NULL with CHECKs ignored. integrity_check (the
        // default) also looks every row up in every index; quick_check
        // leaves that out, and the indexes' entry counts stand in for it.
        let check = options.fullIntegrityCheck ? "integrity_check" : "quick_check"
        try db.execute(sql: "PRAGMA ignore_check_constraints = ON")
        let integrity = try String.fetchAll(db, sql: "PRAGMA main.\(check)(5)")
        try db.execute(sql: "PRAGMA ignore_check_constraints = OFF")
        guard integrity == ["ok"] else {
            throw MigrationError.verificationFailed(path: path, detail: "\(check): " + integrity.joined(separator: "; "))
        }
        if !options.fullIntegrityCheck {
            for (table, index) in [("weight_entry", "weight_entry_by_time"), ("item", "item_by_unit")] {
                let rows = try Int.fetchOne(db, sql: "SELECT count(*) FROM main.\(table) NOT INDEXED") ?? -1
                let entries = try Int.fetchOne(db, sql: "SELECT count(*) FROM main.\(table) INDEXED BY \(index)") ?? -2
                guard rows == entries else {
                    throw MigrationError.verificationFailed(path: path, detail: "\(index) has \(entries) entries for \(rows) rows")
                }
            }
        }
        if let problem = try Row.fetchOne(db, sql: "PRAGMA main.foreign_key_check") {
            throw MigrationError.verificationFailed(path: path, detail: "foreign_key_check: \(problem)")
        }
        for copy in plan.copies {
            let carried = try Int.fetchOne(db, sql: "SELECT count(*) FROM main.\(copy.target)") ?? 0
            let added = added[copy.target] ?? 0
            let quarantined = try Int.fetchOne(db, sql: "SELECT count(*) FROM main.quarantine WHERE source_table = ?", arguments: [copy.source]) ?? 0
            guard carried == (summary.carried[copy.target] ?? 0) + added,
                  carried - added + quarantined == sourceCounts[copy.source] ?? 0 else {
                throw MigrationError.verificationFailed(path: path, detail: "\(copy.source): \(sourceCounts[copy.source] ?? 0) rows read, \(carried - added) carried, \(quarantined) quarantined")
            }
        }
    }

    // MARK: Swap

    /// Syncs the new file, keeps the old one as a backup (a hard link),
    /// renames the new file over the old one and syncs the folder. Returns
    /// the backup's path.
    private func swap(_ files: MigrationFiles, version: Int) throws -> String? {
        let temp = files.temporary
        for companion in ["-journal", "-wal"] where FileManager.default.fileExists(atPath: temp + companion) {
            throw MigrationError.io(path: temp, detail: "a journal is still beside the migrated copy")
        }
        try MigrationFiles.fsync(path: temp)
        options.faultPoint.map(FaultPoint.afterSync.hit)
        var backup: String? = nil
        if options.backup {
            let name = files.backupPath(version: version)
            try MigrationFiles.link(path, as: name)
            backup = name
            options.faultPoint.map(FaultPoint.afterBackup.hit)
        }
        try MigrationFiles.rename(temp, to: path)
        options.faultPoint.map(FaultPoint.afterRename.hit)
        try MigrationFiles.fsync(path: files.directory)
        return backup
    }

    // MARK: Errors and log

    private func classify(_ error: DatabaseError, temp: String) -> MigrationError {
        switch error.resultCode {
        case .SQLITE_FULL:
            return .diskFull(path: path)
        case .SQLITE_IOERR:
            return .io(path: path, detail: "writing the migrated copy \(temp) failed (disk I/O error: is the disk full, or a file size limit reached?)")
        case .SQLITE_INTERRUPT:
            return .cancelled(path: path)
        default:
            return .io(path: path, detail: StoreJudge.describe(error))
        }
    }

    private func log(_ lines: [String]) {
        guard let url = options.logFile else { return }
        MigrationLog(url: url).append(lines, at: Date())
    }

    private static func seconds(_ d: Duration) -> Double {
        Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    }
}

/// Where a migration spends its time, for the log (and the benchmark).
final class PhaseTimer: CustomStringConvertible {
    private let clock = ContinuousClock()
    private var last: ContinuousClock.Instant
    private var phases: [(String, Duration)] = []

    init() { last = clock.now }

    func end(_ name: String) {
        let now = clock.now
        phases.append((name, now - last))
        last = now
    }

    var description: String {
        phases.map { name, d in
            String(format: "%@ %.3f s", name, Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18)
        }.joined(separator: ", ")
    }
}

/// `PRAGMA quick_check` of the source on its own thread and connection,
/// beside the copy (both only read the old file).
final class SourceCheck: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var judgement: StoreJudgement?
    let path: String

    init(path: String) {
        self.path = path
        Thread.detachNewThread { [self] in
            judgement = StoreJudge.judge(path: path, deep: true)
            done.signal()
        }
    }

    /// Waits for the check; throws the refusal if the old file is not a
    /// sound store of `version`.
    func require(version: Int) throws {
        done.wait()
        done.signal()
        guard let judgement else { return }
        switch judgement.state {
        case .needsMigration where judgement.formatVersion == version:
            return
        case .corrupt:
            throw MigrationError.refused(.corrupt(path: path, detail: judgement.detail ?? "unreadable"))
        default:
            throw MigrationError.io(path: path, detail: "the file changed during the migration (now judged \(judgement.state.rawValue))")
        }
    }
}
