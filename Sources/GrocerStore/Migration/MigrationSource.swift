import Foundation
import GRDB

/// The old file as a migration reads it: never written, never
/// checkpointed. A plain file is attached read-only (`mode=ro`). A file
/// with a -wal or -journal beside it (or in WAL mode) is first copied with
/// its companion into a private snapshot, which SQLite then brings up to
/// date (a WAL's committed rows, a hot journal rolled back); the old file,
/// its -wal and its -shm are never opened by SQLite, so on any failure they
/// stay byte for byte as they were.
struct MigrationSource {
    /// What the copy ATTACHes: a read-only URI.
    let uri: String
    /// What the source check judges (the old file, or its snapshot).
    let checkPath: String
    /// Whether the old file had companions and was read from a snapshot.
    var isSnapshot: Bool { checkPath != store }
    let store: String

    /// Whether SQLite would need more than the file itself to read it: a
    /// -wal, -journal or -shm beside it, or WAL mode.
    static func hasCompanions(_ store: String) -> Bool {
        ["-wal", "-journal", "-shm"].contains { MigrationFiles.isTaken(store + $0) } || isWALMode(store)
    }

    /// Judges the file without SQLite ever opening it when it has
    /// companions (a read-only connection would write to its -shm): a
    /// private copy of it and its companions is judged instead.
    static func judge(_ store: String) -> StoreJudgement {
        guard hasCompanions(store) else { return StoreJudge.judge(path: store) }
        let copy: PrivateCopy
        do {
            copy = try PrivateCopy(of: store)
        } catch {
            // No room for the copy: judge the file itself (SQLite may
            // then touch its -shm, never its rows).
            return StoreJudge.judge(path: store)
        }
        defer { copy.remove() }
        // Our copy may be opened for writing: SQLite replays its WAL or
        // rolls back its hot journal (a read-only judge cannot), so a
        // recoverable file is never called damaged.
        settleCopy(copy.path)
        return StoreJudge.judge(path: copy.path)
    }

    /// Brings a private copy up to date by itself; whatever fails is left
    /// for the judge to describe.
    private static func settleCopy(_ path: String) {
        guard let queue = try? DatabaseQueue(path: path, configuration: MigrationConnection.configuration(label: "grocer.migration.judge", stop: nil))
        else { return }
        try? queue.writeWithoutTransaction { db in
            _ = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master")
            try db.execute(sql: "PRAGMA journal_mode = DELETE")
        }
        try? queue.close()
    }

    /// At the swap, after the new file is complete: brings the old file up
    /// to date by itself (its WAL checkpointed, a hot journal rolled back,
    /// rollback-journal mode), so that no -wal of the old file is ever
    /// beside the new one (SQLite would apply it to the new file). Its
    /// content is what it was; a kill here leaves the old store, whole.
    static func settle(_ store: String, stop: StopCheck) throws {
        do {
            let queue = try DatabaseQueue(path: store, configuration: MigrationConnection.configuration(label: "grocer.migration.settle", stop: stop))
            try queue.writeWithoutTransaction { db in
                try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
                try db.execute(sql: "PRAGMA journal_mode = DELETE")
            }
            try queue.close()
        } catch let error as DatabaseError {
            throw MigrationError.io(path: store, detail: "bringing the old file up to date failed: \(StoreJudge.describe(error))")
        }
        if !MigrationFiles.isTaken(store + "-wal") { unlink(store + "-shm") }
        for companion in ["-wal", "-journal"] where MigrationFiles.isTaken(store + companion) {
            throw MigrationError.io(path: store, detail: "its \(companion) file could not be folded into it")
        }
    }

    static func prepare(store: String, files: MigrationFiles, stop: StopCheck) throws -> MigrationSource {
        guard hasCompanions(store) else {
            return MigrationSource(uri: readOnlyURI(store), checkPath: store, store: store)
        }
        let snapshot = files.sourceSnapshot
        try MigrationFiles.copy(store, to: snapshot)
        for companion in ["-wal", "-journal"] where MigrationFiles.isTaken(store + companion) {
            try MigrationFiles.copy(store + companion, to: snapshot + companion)
        }
        do {
            // Read-write on the snapshot: SQLite replays its WAL or rolls
            // back its hot journal, then leaves it a plain file.
            let queue = try DatabaseQueue(
                path: snapshot, configuration: MigrationConnection.configuration(label: "grocer.migration.snapshot", stop: stop))
            try queue.writeWithoutTransaction { db in
                _ = try Int.fetchOne(db, sql: "SELECT count(*) FROM sqlite_master")
                try db.execute(sql: "PRAGMA journal_mode = DELETE")
            }
            try queue.close()
        } catch let error as DatabaseError {
            throw MigrationError.refused(.corrupt(path: store, detail: StoreJudge.describe(error)))
        }
        return MigrationSource(uri: readOnlyURI(snapshot), checkPath: snapshot, store: store)
    }

    /// Header bytes 18 and 19 are 2 in WAL mode.
    static func isWALMode(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        let header = (try? handle.read(upToCount: 20)) ?? Data()
        return header.count == 20 && (header[18] == 2 || header[19] == 2)
    }

    /// `file:PATH?mode=ro`, with the characters a URI gives meaning to escaped.
    static func readOnlyURI(_ path: String) -> String {
        var escaped = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "%"), UInt8(ascii: "?"), UInt8(ascii: "#"): escaped += String(format: "%%%02X", byte)
            default: escaped.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        return "file:" + escaped + "?mode=ro"
    }
}

/// What the attached old file holds, checked before any row is read: the
/// tables its version had must be plain tables (not views, no triggers
/// anywhere: older releases made none) with the columns the copy reads.
/// Anything else is refused with a message naming it. Other tables are
/// named as not carried.
struct SourceLayout {
    /// Source tables whose `id` is their primary key.
    var keyedIDs: Set<String> = []
    /// Tables and views the file holds beyond its version's own.
    var extraTables: [String] = []

    func idIsKey(_ table: String) -> Bool { keyedIDs.contains(table) }

    static func inspect(_ db: Database, plan: MigrationPlan, path: String) throws -> SourceLayout {
        var layout = SourceLayout()
        var problems: [String] = []
        let entries = try Row.fetchAll(db, sql: "SELECT type, name, tbl_name FROM src.sqlite_master WHERE name NOT LIKE 'sqlite\\_%' ESCAPE '\\'")
        let expected = Set(plan.sources)
        var views: Set<String> = []
        for row in entries {
            let type: String = row["type"]
            let name: String = row["name"]
            let known = expected.contains(name.lowercased())
            switch type {
            case "trigger": problems.append("trigger \(name) on \(row["tbl_name"] as String)")
            case "view" where known:
                problems.append("\(name) is a view")
                views.insert(name.lowercased())
            case "table", "view": if !known { layout.extraTables.append(name) }
            default: break
            }
        }
        // A view's columns are never asked for: that would expand it.
        for copy in plan.copies where !views.contains(copy.source) {
            let columns = try Row.fetchAll(db, sql: "SELECT name, type, pk FROM pragma_table_info(?, 'src')", arguments: [copy.source])
            guard !columns.isEmpty else {
                problems.append("no table \(copy.source)")
                continue
            }
            let names = Set(columns.map { ($0["name"] as String).lowercased() })
            let missing = copy.columns.filter { !names.contains($0) && !($0 == "id" && !copy.hasID) }
            if !missing.isEmpty { problems.append("\(copy.source) has no column " + missing.joined(separator: ", ")) }
            if (try? db.makeStatement(sql: "SELECT rowid FROM src.\(copy.source)")) == nil {
                problems.append("\(copy.source) is a table without rowid")
            }
            // `id INTEGER PRIMARY KEY`: the rowid itself, a unique whole number.
            let keys = columns.filter { ($0["pk"] as Int) > 0 }
            if keys.count == 1, (keys[0]["name"] as String).lowercased() == "id", (keys[0]["type"] as String).uppercased() == "INTEGER" {
                layout.keyedIDs.insert(copy.source)
            }
        }
        guard problems.isEmpty else {
            throw MigrationError.unexpectedSchema(path: path, version: plan.sourceVersion, detail: problems.joined(separator: "; "))
        }
        layout.extraTables.sort()
        return layout
    }
}
