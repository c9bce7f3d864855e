import Foundation
import GRDB
import GrocerCore

/// Brings an older store to the current format, safely: under an exclusive
/// lock, into a temporary file beside the old one (rebuilt from versions
/// 1-3, or a copy of a version 4+ store), the in-place steps run there,
/// verified, synced, then swapped in with one atomic rename. Until that
/// rename the old file is untouched; after it the new file is complete.
/// Runs synchronously: the caller picks the thread.
public struct Migrator: Sendable {
    public let path: String
    public let options: MigrationOptions
    /// The in-place steps after version 4, numbered one by one; the store
    /// ends at the last one's version (version 4 when there are none).
    let steps: [FormatStep]

    public init(path: String, options: MigrationOptions = MigrationOptions()) {
        var steps = FormatStep.released
        if let target = options.testTargetVersion {
            steps = steps.filter { $0.version <= target }
        }
        if let sql = options.extraTestStepSQL {
            steps.append(FormatStep(version: (steps.last?.version ?? Schema.version4Number) + 1, sql: sql))
        }
        self.init(path: path, options: options, steps: steps)
    }

    /// With an injected step list (tests exercise a step that is not
    /// released without changing `StoreFormat.currentVersion`).
    init(path: String, options: MigrationOptions, steps: [FormatStep]) {
        precondition(FormatStep.areConsecutive(steps), "in-place steps must be numbered 5, 6, ...")
        self.path = path
        self.options = options
        self.steps = steps
    }

    /// The version a migration ends at.
    var targetVersion: Int { steps.last?.version ?? Schema.version4Number }

    /// Runs the migration. `progress` gets the weighted work done of the
    /// total over every phase and the phase (`MigrationMeter`), when the
    /// percentage or the phase changes: never backwards, at the total only
    /// once the new file is in place; `onWait` is called once if another
    /// process holds the lock; `isCancelled` is asked between batches and,
    /// with `options.stop`, inside every statement.
    @discardableResult
    public func run(
        progress: (MigrationProgress) -> Void = { _ in },
        onWait: () -> Void = {},
        isCancelled: () -> Bool = { false }
    ) throws -> MigrationSummary {
        // A file size limit must fail a write (EFBIG), not kill grocer
        // with its lock and temporary file left behind.
        signal(SIGXFSZ, SIG_IGN)
        return try withoutActuallyEscaping(isCancelled) { ask in
            try withoutActuallyEscaping(progress) { report in
                let stop = StopCheck(flag: options.stop, ask: ask)
                let reporter = MigrationReporter(report: report)
                stop.onTick = { reporter.tick() }
                defer {
                    stop.ask = nil
                    stop.onTick = nil
                }
                return try run(stop: stop, reporter: reporter, onWait: onWait)
            }
        }
    }

    private func run(stop: StopCheck, reporter: MigrationReporter, onWait: () -> Void) throws -> MigrationSummary {
        let clock = ContinuousClock()
        let started = clock.now
        let store = MigrationFiles.resolve(path)
        let files = MigrationFiles(store: store)
        var version = 0
        do {
            let first = MigrationSource.judge(store)
            if first.formatVersion == targetVersion { Self.tidy(path: store) }
            _ = try sourceVersion(first)
            let lock = try MigrationLock.acquire(storePath: store, wait: options.waitForLock, onWait: onWait)
            defer { lock.release() }
            hit(.afterLock)
            // Whatever happened while we waited, judge again; the full check
            // (quick_check, which reads the whole file) runs beside the copy,
            // on the other core, and must pass before anything is swapped.
            let phases = PhaseTimer()
            version = try sourceVersion(MigrationSource.judge(store))
            let removed = files.removeLeftovers()
            try checkSpace(files)
            var summary: MigrationSummary
            do {
                let source = try MigrationSource.prepare(store: store, files: files, stop: stop)
                let sourceCheck = SourceCheck(path: source.checkPath)
                do {
                    summary =
                        version < Schema.version4Number
                        ? try rebuild(from: version, source: source, files: files, phases: phases, reporter: reporter, stop: stop)
                        : try grow(from: version, source: source, files: files, phases: phases, reporter: reporter, stop: stop)
                } catch let error as MigrationError {
                    // A copy that failed on a damaged source says so.
                    if case .cancelled = error { throw error }
                    try sourceCheck.require(version: version, path: path)
                    throw error
                }
                try sourceCheck.require(version: version, path: path)
                phases.end("source check wait")
                try swap(files, source: source, version: version, summary: &summary, stop: stop)
                files.removeLeftovers()  // a snapshot that did not become the backup
                phases.end("sync and swap")
                reporter.finish()
            } catch {
                files.removeLeftovers()
                // Asked to stop: whatever the stop broke on its way (an
                // interrupted statement, a system call cut short), the old
                // store is as it was, and that is what the person asked for.
                if stop.isStopped, !Self.isCancellation(error) { throw MigrationError.cancelled(path: path) }
                throw error
            }
            hit(.afterFinish)
            if let kept = summary.backupPath {
                let others = files.backups(version: version).filter { $0.path != kept }
                summary.earlierBackups = others.map(\.path)
                summary.earlierBackupBytes = others.reduce(0) { $0 + $1.bytes }
            }
            summary.seconds = (clock.now - started).seconds
            var lines = ["migrated \(path) from format version \(version) to \(targetVersion) in \(String(format: "%.2f", summary.seconds)) s"]
            if store != path { lines.append("(a symlink to \(store), which was migrated; the link was kept)") }
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

    private static func isCancellation(_ error: any Error) -> Bool {
        if case .cancelled? = error as? MigrationError { return true }
        return false
    }

    /// Removes what a migration killed after its rename left (the lock
    /// file), when no other grocer holds the lock. Launch may call it when
    /// the store is current; it never touches the store.
    public static func tidy(path: String) {
        let files = MigrationFiles(store: MigrationFiles.resolve(path))
        guard MigrationFiles.isTaken(files.store + ".lock") || files.leftovers.contains(where: MigrationFiles.isTaken),
            let lock = try? MigrationLock.acquire(storePath: files.store, wait: false, onWait: {})
        else { return }
        files.removeLeftovers()
        lock.release()
    }

    /// The version of a grocer file this migration can bring to
    /// `targetVersion`; anything else is not needed or refused.
    private func sourceVersion(_ judgement: StoreJudgement) throws -> Int {
        switch judgement.state {
        case .missing:
            throw MigrationError.notNeeded(path: path, state: .missing)
        case .needsMigration, .current, .newer:
            let version = judgement.formatVersion ?? 0
            if version == targetVersion { throw MigrationError.notNeeded(path: path, state: .current) }
            if version > targetVersion { throw MigrationError.refused(.newer(path: path, version: version)) }
            return version
        case .foreign:
            throw MigrationError.refused(.foreign(path: path))
        case .corrupt:
            throw MigrationError.refused(.corrupt(path: path, detail: judgement.detail ?? "unreadable"))
        case .busy:
            throw MigrationError.refused(.busy(path: path))
        }
    }

    /// The new file can grow to about twice the old one (text values and
    /// new indexes); a rebuild's backup is a hard link and needs no room,
    /// but room for it is asked too in case links are not supported.
    private func checkSpace(_ files: MigrationFiles) throws {
        let size = MigrationFiles.size(files.store) + MigrationFiles.size(files.store + "-wal")
        let needed = 2 * size + (options.backup ? size : 0) + 1_000_000
        if let available = MigrationFiles.availableSpace(in: files.directory), available < needed {
            throw MigrationError.insufficientSpace(path: path, needed: needed, available: available)
        }
    }

    func hit(_ point: FaultPoint) { point.hit(options.faultPoint) }

    func log(_ lines: [String]) {
        guard let url = options.logFile else { return }
        MigrationLog(url: url).append(lines, at: Date())
    }
}
