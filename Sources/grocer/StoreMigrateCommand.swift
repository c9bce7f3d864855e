import ArgumentParser
import Foundation
import GrocerApp
import GrocerCLI
import GrocerCore
import GrocerStore
import Synchronization

/// `grocer store migrate [--store PATH] [--no-backup]`: migrates an older
/// store without the screen. Progress as "Migration Progress: N%" lines on
/// stderr, weighted over every phase: on a terminal at most one per
/// percent; elsewhere (a log, a pipe, cron) the first, then at most one
/// every few seconds, and the last; and a "Migration phase: ..." line as
/// each phase begins (`MigrationPhaseLines`). Then the summary on stdout.
struct StoreMigrateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "migrate",
        abstract: "Migrate a store written by an older grocer to the current format.",
        discussion:
            "The old file is kept as <store>.vN.bak unless --no-backup is given. Exit status: 0 migrated (or nothing to do), 2 refused or failed, 130 stopped."
    )

    @OptionGroup var store: StoreOptions

    @Flag(name: .long, help: "Do not keep the old file as a backup.")
    var noBackup = false

    @Flag(
        help: """
            Print a JSON object: {migrated: true, fromVersion, toVersion, carried, repaired, quarantined (counts by \
            table, kind, reason), notCarried, backup (path or null)}, or {migrated: false, state} when there is \
            nothing to do.
            """)
    var json = false

    func run() throws {
        let environment = Environment.process
        let path = store.url.path
        var options = MigrationOptions.standard(environment: environment)
        options.backup = !noBackup
        StopFlag.stopOnInterrupt()
        // A file size limit fails the write (EFBIG, a clear message, the old
        // store untouched) instead of killing grocer with SIGXFSZ.
        signal(SIGXFSZ, SIG_IGN)
        var pace = ProgressPace(everyPercent: isatty(2) == 1)
        var phaseLines = MigrationPhaseLines()
        // Refusals, failures and "nothing to do" end through ErrorReport,
        // the one place that words them (with text from the file escaped).
        let summary: MigrationSummary
        do {
            summary = try Migrator(path: path, options: options).run(
                progress: { p in
                    if let line = phaseLines.line(for: p) { StandardOutput.writeError(Data(line.utf8)) }
                    guard pace.shows(percent: p.percent, at: ContinuousClock.now) else { return }
                    StandardOutput.writeError(Data("Migration Progress: \(p.percent)%\n".utf8))
                },
                onWait: {
                    let shown = VisibleText.escaped(path)
                    StandardOutput.writeError(Data("Another grocer is migrating \(shown); waiting for it to finish…\n".utf8))
                },
                isCancelled: { StopFlag.process.isRaised })
        } catch MigrationError.notNeeded(_, let state) where json {
            return JSONText.write(JSONText.fields([("migrated", "false"), ("state", JSONText.string(state.rawValue))]))
        }
        CommandPageCheck.forStore(at: path, environment: environment).keepMigrated(summary)
        if json { return JSONText.write(Self.json(summary)) }
        print(summary.lines.map(VisibleText.escaped).joined(separator: "\n"))
    }

    static func json(_ summary: MigrationSummary) -> String {
        func counts(_ counts: [String: Int]) -> String {
            JSONText.fields(counts.sorted { $0.key < $1.key }.map { (key: $0.key, value: String($0.value)) })
        }
        return JSONText.fields([
            ("migrated", "true"), ("fromVersion", String(summary.fromVersion)), ("toVersion", String(summary.toVersion)),
            ("carried", counts(summary.carried)), ("repaired", counts(summary.repairs)), ("quarantined", counts(summary.quarantined)),
            ("notCarried", "[" + summary.notCarried.map(JSONText.string).joined(separator: ", ") + "]"),
            ("backup", JSONText.string(orNull: summary.backupPath)),
        ])
    }
}
