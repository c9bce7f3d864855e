import Foundation
import GRDB
import GrocerCore

extension Migrator {
    /// Version 4 and later: a real backup copy of the old file first (the
    /// SQLite backup API, never a hard link), then a copy of it in the
    /// temporary file, where the in-place steps run and are verified. The
    /// swap that follows is the same single rename as a rebuild's.
    func grow(
        from version: Int, source: MigrationSource, files: MigrationFiles, phases: PhaseTimer,
        reporter: MigrationReporter, stop: StopCheck
    ) throws -> MigrationSummary {
        let pending = FormatStep.pending(after: version, in: steps)
        var summary = MigrationSummary(fromVersion: version, toVersion: targetVersion)
        let temp = files.temporary
        do {
            let reader = try DatabaseQueue(
                path: source.uri, configuration: MigrationConnection.configuration(label: "grocer.migration.source", stop: stop, readonly: true))
            defer { try? reader.close() }
            // A file changed outside grocer (a trigger would fire inside a
            // step) is refused before anything is made beside it.
            let problems = try reader.read { db in try SchemaCheck.problems(in: db, steps: steps.filter { $0.version <= version }) }
            if !problems.isEmpty {
                throw MigrationError.unexpectedSchema(path: path, version: version, detail: problems.joined(separator: "; "))
            }
            let (rows, weights, derived) = try reader.read { db in
                let weights = try Int.fetchOne(db, sql: "SELECT count(*) FROM weight_entry") ?? 0
                let rows = weights + (try Int.fetchOne(db, sql: "SELECT count(*) FROM item") ?? 0)
                return (rows, weights, try derivedWork(db, from: version))
            }
            reporter.plan(
                MigrationCosts.grow(
                    rows: rows, weights: weights, steps: pending.count, days: derived.days, checkpoints: derived.checkpoints,
                    backup: options.backup))
            do {
                try MigrationFiles.createExclusive(temp)
                let queue = try DatabaseQueue(path: temp, configuration: MigrationConnection.configuration(label: "grocer.migration", stop: stop))
                defer { try? queue.close() }
                try reader.backup(to: queue, pagesPerStep: Self.pagesPerStep) {
                    reporter.advance($0.completedPageCount, of: $0.totalPageCount)
                }
                hit(.afterCreate)
                phases.end("copy")
                reporter.begin(.steps)
                try queue.writeWithoutTransaction { db in
                    try db.execute(sql: "PRAGMA synchronous = OFF")
                    let tables = try String.fetchAll(
                        db,
                        sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name <> 'quarantine'"
                    )
                    for table in tables {
                        summary.carried[table] = try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table.quotedDatabaseIdentifier)") ?? 0
                    }
                    try removeDanglingReferences(db, summary: &summary)
                    try quarantineBrokenRows(db, version: version, summary: &summary)
                    try runSteps(db, after: version, stop: stop)
                    try db.inTransaction {
                        try buildDerived(db, from: version, version: pending.last?.version ?? version, phases: phases, reporter: reporter)
                        return .commit
                    }
                    reporter.begin(.verify)
                    try verifyFile(db)
                }
                try queue.close()
                phases.end("verify")
                reporter.begin(.swap)
                // The backup copy gets its name in `swap`, just before the
                // rename: a run killed before leaves only leftovers the next
                // run removes (each killed run had left one more backup).
                if options.backup {
                    try MigrationFiles.createExclusive(files.partialBackup)
                    let copy = try DatabaseQueue(
                        path: files.partialBackup,
                        configuration: MigrationConnection.configuration(label: "grocer.migration.backup", stop: stop))
                    try reader.backup(to: copy, pagesPerStep: Self.pagesPerStep) { _ in reporter.poll() }
                    try copy.close()
                    phases.end("backup")
                }
            }
        } catch let error as DatabaseError {
            throw MigrationError.classify(error, path: path, temp: temp)
        }
        hit(.afterVerify)
        return summary
    }

    /// Each item's name key where the steps left none (`ItemKeyFill`), then
    /// the per-day table built in the person's zone (`MigrationOptions.dayZone`)
    /// in the caller's transaction, when the store reached a version that
    /// has it (5 on) and it is not built for that zone already (a step
    /// from version 6 on leaves it as it was), and the trend's checkpoints
    /// that the history starts from, so the first F3 after a migration is
    /// as fast as any (made from every day after a rebuild of the table:
    /// the longest phase of a long store's migration, under the bar).
    ///
    /// A store from before version 7 may carry a checkpoint (setting
    /// `weight_day.trend`) that a grocer of version 6 from before the
    /// checkpoint existed made wrong: such a grocer edits and deletes
    /// weights without forgetting it. It is dropped whatever the options.
    /// A store from before version 15 has no graph blocks: its checkpoints
    /// are dropped too, so the fold from the first day that makes them
    /// again makes every block with them (`WeightBlockTable.Fold`), under
    /// the bar, instead of the first `all` after the upgrade (5.7 s at
    /// 2,000,000 entries).
    func buildDerived(_ db: Database, from source: Int, version: Int, phases: PhaseTimer, reporter: MigrationReporter) throws {
        try ItemKeyFill.run(db, version: version)
        if source < Self.checkpointTrustedFrom || Self.gainsBlocks(from: source, to: version) {
            try SettingRecord.set(.weightDayTrend, to: nil, db)
        }
        phases.end("steps")
        guard let zone = options.dayZone, version >= 5 else { return }
        reporter.begin(.days)
        try WeightDayTable.rebuildIfNeeded(db, zone: zone)
        phases.end("days")
        reporter.begin(.checkpoints)
        // The phase counts its own work (the days folded): the longest
        // phase of a long store moves the bar by what it did, not by the
        // pace the copy set.
        if try WeightDayTable.needsCheckpoint(db) { try WeightDayTable.keepCheckpoint(db) { reporter.advance($0, of: $1) } }
        phases.end("checkpoints")
    }

    /// What `buildDerived` will do to a store of `version` (read from the
    /// old file, for the progress's plan): rebuild `weight_day` when it is
    /// not built for the person's zone; make the checkpoints when it does,
    /// or the store's were dropped or are missing.
    func derivedWork(_ db: Database, from version: Int) throws -> (days: Bool, checkpoints: Bool) {
        guard let zone = options.dayZone, targetVersion >= 5 else { return (false, false) }
        // The setting read as the old file keeps it (its version's table).
        let built = try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = 'weight_day.zone'")
        // A step to version 14 forgets the zone: the table is rebuilt.
        let forgotten = version < Self.dayExtremesFrom && targetVersion >= Self.dayExtremesFrom
        guard version >= 5, !forgotten, built == zone.identifier else { return (true, true) }
        let missing = try WeightDayTable.needsCheckpoint(db)
        return (false, version < Self.checkpointTrustedFrom || Self.gainsBlocks(from: version, to: targetVersion) || missing)
    }

    /// Whether a store of `source` stepped to `target` gets the graph's
    /// blocks' table empty (version 15's step), so `buildDerived` folds
    /// every day to fill it.
    static func gainsBlocks(from source: Int, to target: Int) -> Bool {
        source < blocksFrom && target >= blocksFrom
    }

    /// Pages per step of the copy of a version 4+ file (4 MB of 4 KB
    /// pages): its progress.
    static let pagesPerStep: CInt = 1024

    /// The first version whose `weight_day` keeps each day's lowest and
    /// highest weigh-in (its step forgets the table's zone).
    static let dayExtremesFrom = FormatStep.version14.version

    /// The first version with the graph's blocks (`weight_block`).
    static let blocksFrom = FormatStep.version15.version

    /// The first version whose every grocer forgets the trend's checkpoint
    /// on a write that changes it.
    static let checkpointTrustedFrom = 7

    /// Runs the steps after `version` in order, each in one transaction
    /// that also sets its version and checks foreign keys, as GRDB's
    /// DatabaseMigrator does.
    func runSteps(_ db: Database, after version: Int, stop: StopCheck, stepDone: () -> Void = {}) throws {
        for step in FormatStep.pending(after: version, in: steps) {
            // Test builds only (GROCER_TEST_BATCH_PAUSE_MS): time for a
            // test to see the progress screen of a quick migration.
            if options.batchPause > .zero { Thread.sleep(forTimeInterval: options.batchPause.seconds) }
            if stop.isStopped { throw MigrationError.cancelled(path: path) }
            do {
                try db.inTransaction {
                    try step.apply(db)
                    hit(.midStep)
                    return .commit
                }
            } catch let error as FormatStepError {
                throw MigrationError.verificationFailed(path: path, detail: error.description)
            }
            stepDone()
        }
        hit(.afterSteps)
    }

    /// A reference that points nowhere (a store edited with foreign keys
    /// off) becomes no reference, counted, as a rebuild does; left alone,
    /// every step's foreign key check would refuse the store for good.
    /// Runs on the copy in the temporary file: the old file keeps it.
    func removeDanglingReferences(_ db: Database, summary: inout MigrationSummary) throws {
        var removed: [String: Int] = [:]
        try db.inTransaction {
            for row in try Row.fetchAll(db, sql: "PRAGMA main.foreign_key_check") {
                let table: String = row["table"]
                let parent: String = row["parent"]
                guard let rowid: Int64 = row["rowid"] else { continue }  // WITHOUT ROWID: left to the check
                let columns = try String.fetchAll(
                    db, sql: #"SELECT "from" FROM pragma_foreign_key_list(?) WHERE id = ?"#, arguments: [table, row["fkid"] as Int])
                for column in columns {
                    try db.execute(
                        sql: "UPDATE main.\(table.quotedDatabaseIdentifier) SET \(column.quotedDatabaseIdentifier) = NULL WHERE rowid = ?",
                        arguments: [rowid])
                }
                removed["dangling \(parent) reference removed", default: 0] += 1
            }
            return .commit
        }
        summary.repairs.merge(removed, uniquingKeysWith: +)
    }

    /// What each version 4 table's CHECK constraints require, frozen: a
    /// row that breaks one (a file changed outside grocer: `listed = 7`, a
    /// weight in stones) stopped the step, since adding a column checks
    /// every row ("CHECK constraint failed", the person locked out). And
    /// what the column types promise an item's reader: a name that is
    /// text, a quantity that is a whole number.
    static let version4Checks: [(table: String, columns: [String], rules: [(reason: String, holds: String)])] = [
        (
            "weight_entry", ["id", "value", "unit", "recorded_at"],
            [
                ("value is not a decimal", "value GLOB '[0-9]*' AND value NOT GLOB '*[^0-9.]*'"),
                ("unit is not lbs or kg", "unit IN ('lbs', 'kg')"),
            ]
        ),
        (
            "item", ["id", "name", "quantity", "listed", "collected", "unit_id"],
            [
                ("listed is not 0 or 1", "listed IN (0, 1)"),
                ("collected is not 0 or 1", "collected IN (0, 1)"),
                // Not CHECKs, but what every reader of an item needs (the
                // rebuild of older files quarantines the same, in the same
                // words): left in place, the item was an unreadable row that
                // `items list` refused and sync could not get past.
                ("item name is not text", "typeof(name) = 'text'"),
                ("item quantity is not a whole number", "typeof(quantity) = 'integer'"),
            ]
        ),
    ]

    /// What version 5 added to `item`, frozen: its columns (a quarantined
    /// row keeps them) and the CHECK on its exact amount. A version 5 store
    /// changed outside grocer can break it, and version 6 copies every item
    /// into a new table, which checks every row again.
    static let version5ItemColumns = ["place_id", "aisle_id", "amount"]
    static let version5ItemRules = [
        (reason: "amount is not a decimal", holds: "amount IS NULL OR (amount GLOB '[0-9]*' AND amount NOT GLOB '*[^0-9.]*')")
    ]

    /// The CHECKs a store of `version` promises, by table.
    static func checks(for version: Int) -> [(table: String, columns: [String], rules: [(reason: String, holds: String)])] {
        guard version >= 5 else { return version4Checks }
        return version4Checks.map {
            $0.table == "item" ? ($0.table, $0.columns + version5ItemColumns, $0.rules + version5ItemRules) : $0
        }
    }

    /// Moves the rows that break a CHECK of their version whole into
    /// `quarantine` (as the rebuild of older files does), by reason, so the
    /// steps can run and nothing is lost. A CHECK whose expression is NULL holds, as in
    /// SQLite, so only a false one moves a row.
    func quarantineBrokenRows(_ db: Database, version: Int, summary: inout MigrationSummary) throws {
        try db.inTransaction {
            for check in Self.checks(for: version) {
                let json = check.columns.map { "'\($0)', \(MigrationPlan.jsonValue($0))" }.joined(separator: ", ")
                for rule in check.rules {
                    try db.execute(
                        sql: """
                            INSERT INTO main.quarantine (source_version, source_table, source_id, reason, row_json)
                            SELECT ?, '\(check.table)', CASE WHEN typeof(id) = 'integer' THEN id END, ?, json_object(\(json))
                            FROM main.\(check.table) WHERE NOT (\(rule.holds))
                            """, arguments: [version, rule.reason])
                    let moved = db.changesCount
                    guard moved > 0 else { continue }
                    try db.execute(sql: "DELETE FROM main.\(check.table) WHERE NOT (\(rule.holds))")
                    summary.quarantined[rule.reason, default: 0] += moved
                    summary.carried[check.table, default: 0] -= moved
                }
            }
            return .commit
        }
    }
}
