import Foundation
import GRDB
import GrocerCore

extension Migrator {
    /// After a rebuild's copy: every source row was either carried or
    /// quarantined, per table.
    func verifyCounts(_ db: Database, plan: MigrationPlan, sourceCounts: [String: Int], added: [String: Int], summary: MigrationSummary) throws {
        for copy in plan.copies {
            let carried = try Int.fetchOne(db, sql: "SELECT count(*) FROM main.\(copy.target)") ?? 0
            let added = added[copy.target] ?? 0
            let quarantined = try Int.fetchOne(db, sql: "SELECT count(*) FROM main.quarantine WHERE source_table = ?", arguments: [copy.source]) ?? 0
            guard carried == (summary.carried[copy.target] ?? 0) + added,
                carried - added + quarantined == sourceCounts[copy.source] ?? 0
            else {
                throw MigrationError.verificationFailed(
                    path: path,
                    detail: "\(copy.source): \(sourceCounts[copy.source] ?? 0) rows read, \(carried - added) carried, \(quarantined) quarantined")
            }
        }
    }

    /// The new file's own checks, after the last step.
    func verifyFile(_ db: Database) throws {
        // Every CHECK constraint was enforced by SQLite as each row was
        // inserted moments ago; evaluating them all again (GLOB on every
        // value) would be most of the check's time (docs/MEASURED.md). So the check walks every
        // page, row and NOT NULL with CHECKs ignored. integrity_check (the
        // default) also looks every row up in every index; quick_check
        // leaves that out, and the indexes' entry counts stand in for it.
        let check = options.fullIntegrityCheck ? "integrity_check" : "quick_check"
        try db.execute(sql: "PRAGMA ignore_check_constraints = ON")
        let integrity = try String.fetchAll(db, sql: "PRAGMA main.\(check)(5)")
        try db.execute(sql: "PRAGMA ignore_check_constraints = OFF")
        if let problem = StoreJudge.checkProblem(check, integrity) {
            throw MigrationError.verificationFailed(path: path, detail: problem)
        }
        if !options.fullIntegrityCheck {
            let indexes = try Row.fetchAll(db, sql: "SELECT tbl_name, name FROM main.sqlite_master WHERE type = 'index' AND sql IS NOT NULL")
            for index in indexes {
                let table = (index[0] as String).quotedDatabaseIdentifier
                let name = (index[1] as String).quotedDatabaseIdentifier
                let rows = try Int.fetchOne(db, sql: "SELECT count(*) FROM main.\(table) NOT INDEXED") ?? -1
                let entries = try Int.fetchOne(db, sql: "SELECT count(*) FROM main.\(table) INDEXED BY \(name)") ?? -2
                guard rows == entries else {
                    throw MigrationError.verificationFailed(path: path, detail: "\(index[1] as String) has \(entries) entries for \(rows) rows")
                }
            }
        }
        if let problem = try Row.fetchOne(db, sql: "PRAGMA main.foreign_key_check") {
            throw MigrationError.verificationFailed(path: path, detail: "foreign_key_check: \(problem)")
        }
        let version = try Int.fetchOne(db, sql: "PRAGMA main.user_version") ?? 0
        guard version == targetVersion else {
            throw MigrationError.verificationFailed(path: path, detail: "user_version \(version), not \(targetVersion)")
        }
    }
}

/// `PRAGMA quick_check` of the source on its own thread and connection,
/// beside the copy (both only read the old file or its snapshot).
final class SourceCheck: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var judgement: StoreJudgement?
    let checked: String

    init(path: String) {
        checked = path
        Thread.detachNewThread { [self] in
            judgement = StoreJudge.judge(path: checked, deep: true)
            done.signal()
        }
    }

    /// Waits for the check; throws the refusal if the old file (named
    /// `path` in messages) is not a sound grocer store of `version`.
    func require(version: Int, path: String) throws {
        done.wait()
        done.signal()
        guard let judgement else { return }
        switch judgement.state {
        case .needsMigration, .current, .newer:
            if judgement.formatVersion == version { return }
        case .corrupt:
            throw MigrationError.refused(.corrupt(path: path, detail: judgement.detail ?? "unreadable"))
        default:
            break
        }
        throw MigrationError.io(path: path, detail: "the file changed during the migration (now judged \(judgement.state.rawValue))")
    }
}
