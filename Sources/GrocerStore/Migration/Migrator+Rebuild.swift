import Foundation
import GRDB
import GrocerCore

extension Migrator {
    /// Versions 1-3: builds the current format in the temporary file from
    /// the old one (attached read-only as `src`), table by table in
    /// batches, and verifies the result. The tables are made first, empty,
    /// as version 4 and every step whose rows it knows (`FormatStep.rowsSQL`)
    /// make them, so each row is copied once, into the table it stays in;
    /// grocer's indexes are made again after the copy (a bulk build is
    /// faster than keeping them up to date), then those steps' changes to
    /// rows run, then any step after them in place, as on a version 4 store.
    func rebuild(
        from version: Int, source: MigrationSource, files: MigrationFiles, phases: PhaseTimer,
        reporter: MigrationReporter, stop: StopCheck
    ) throws -> MigrationSummary {
        let temp = files.temporary
        try MigrationFiles.createExclusive(temp)
        var config = MigrationConnection.configuration(label: "grocer.migration", stop: stop)
        let tally = RepairTally()
        config.prepareDatabase { db in
            LegacySQLFunctions.register(in: db)
            tally.install(in: db)
        }
        var summary = MigrationSummary(fromVersion: version, toVersion: targetVersion)
        do {
            let queue = try DatabaseQueue(path: temp, configuration: config)
            defer { try? queue.close() }
            try queue.writeWithoutTransaction { db in
                do {
                    // The temporary file is thrown away on any failure or crash:
                    // no journal, no syncs until the one at the end.
                    try db.execute(
                        sql: """
                            PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;
                            PRAGMA locking_mode = EXCLUSIVE; PRAGMA cache_size = -8000;
                            """)
                    let known = Array(steps.prefix { $0.rowsSQL != nil })
                    try Schema.create(db, steps: known)
                    let indexes = try Row.fetchAll(
                        db, sql: "SELECT name, sql FROM main.sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY rowid")
                    for index in indexes {
                        try db.execute(sql: "DROP INDEX main.\((index["name"] as String).quotedDatabaseIdentifier)")
                    }
                    hit(.afterCreate)
                    try db.execute(sql: "ATTACH DATABASE ? AS src", arguments: [source.uri])
                    guard let knownPlan = MigrationPlan(sourceVersion: version) else {
                        throw MigrationError.refused(.foreign(path: path))
                    }
                    let layout = try SourceLayout.inspect(db, plan: knownPlan, path: path)
                    let plan = MigrationPlan(sourceVersion: version, idIsKey: layout.idIsKey)!
                    summary.notCarried = layout.extraTables
                    try db.execute(sql: "BEGIN")
                    var sourceCounts: [String: Int] = [:]
                    for copy in plan.copies {
                        sourceCounts[copy.source] = try Int.fetchOne(db, sql: "SELECT count(*) FROM src.\(copy.source)") ?? 0
                    }
                    let total = sourceCounts.values.reduce(0, +)
                    var done = 0
                    var added: [String: Int] = [:]
                    let weights = plan.copies.filter { $0.target == "weight_entry" }.reduce(0) { $0 + (sourceCounts[$1.source] ?? 0) }
                    let pending = known.count + FormatStep.pending(after: known.last?.version ?? Schema.version4Number, in: steps).count
                    reporter.plan(
                        MigrationCosts.rebuild(rows: total, weights: weights, steps: pending, days: options.dayZone != nil && targetVersion >= 5))
                    for copy in plan.copies {
                        let result = try copyTable(copy, db: db, version: version, tally: tally, stop: stop) { rows in
                            done += rows
                            reporter.advance(min(done, total), of: total)
                        }
                        guard result.inserted + result.quarantined == sourceCounts[copy.source] else {
                            throw MigrationError.verificationFailed(
                                path: path,
                                detail:
                                    "\(copy.source): \(sourceCounts[copy.source] ?? 0) rows read, \(result.inserted) carried, \(result.quarantined) quarantined"
                            )
                        }
                        summary.carried[copy.target, default: 0] += result.inserted
                        added[copy.target, default: 0] += result.added
                        for (kind, n) in result.repairs where n > 0 { summary.repairs[kind, default: 0] += n }
                    }
                    phases.end("copy")
                    reporter.begin(.indexes)
                    for index in indexes { try db.execute(sql: index["sql"] as String) }
                    phases.end("indexes")
                    reporter.begin(.steps)
                    for step in known { try db.execute(sql: step.rowsSQL ?? "") }
                    hit(.beforeCommit)
                    try db.execute(sql: "COMMIT")
                    hit(.afterCopy)
                    for row in try Row.fetchAll(db, sql: "SELECT source_table, reason, count(*) FROM main.quarantine GROUP BY 1, 2") {
                        summary.quarantined["\(row[0] as String): \(row[1] as String)"] = row[2]
                    }
                    try verifyCounts(db, plan: plan, sourceCounts: sourceCounts, added: added, summary: summary)
                    try db.execute(sql: "DETACH DATABASE src")
                    try runSteps(db, after: known.last?.version ?? Schema.version4Number, stop: stop)
                    try db.inTransaction {
                        try buildDerived(db, from: version, version: steps.last?.version ?? Schema.version4Number, phases: phases, reporter: reporter)
                        return .commit
                    }
                    reporter.begin(.verify)
                    try verifyFile(db)
                    phases.end("verify")
                    reporter.begin(.swap)
                } catch {
                    // The file is thrown away; only the connection must end clean.
                    if db.isInsideTransaction { try? db.execute(sql: "ROLLBACK") }
                    throw error
                }
            }
            try queue.close()
        } catch let error as DatabaseError {
            throw MigrationError.classify(error, path: path, temp: temp)
        }
        hit(.afterVerify)
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
    /// the batch's last rowid, one INSERT ... SELECT carries the clean rows
    /// (counting repairs as it goes) and, only if the batch has others, a
    /// second one quarantines them.
    func copyTable(
        _ copy: MigrationPlan.TableCopy, db: Database, version: Int, tally: RepairTally,
        stop: StopCheck, advanced: (Int) -> Void
    ) throws -> CopyResult {
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
            if stop.isStopped { throw MigrationError.cancelled(path: path) }
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
                throw MigrationError.verificationFailed(
                    path: path, detail: "\(copy.source) rows after rowid \(low): \(count) read, \(inserted) carried, \(quarantined) quarantined")
            }
            result.inserted += inserted
            result.quarantined += quarantined
            advanced(count)
            if options.batchPause > .zero { Thread.sleep(forTimeInterval: options.batchPause.seconds) }
            low = high.databaseValue
            if first {
                hit(.midCopy)
                first = false
            }
        }
        for (i, repair) in copy.repairs.enumerated() { result.repairs[repair.kind] = tally[i] }
        if let extra = copy.extra {
            try db.execute(sql: extra)
            result.added = db.changesCount
        }
        return result
    }
}
