import Foundation
import GRDB

/// Checks a current-format file's own schema against what `Schema` creates,
/// cheaply (sqlite_master is a few pages), as Room checks its identity hash:
/// each expected table must be a table with the expected columns, and no
/// view or trigger may exist but grocer's own, as grocer makes it (a
/// trigger on its tables could wipe the history on the next save). Nothing
/// is written.
enum SchemaCheck {
    /// One column as `PRAGMA table_info` describes it.
    struct Column: Equatable, Sendable {
        let name: String
        let type: String
        let notNull: Bool
        let primaryKey: Int

        /// "INTEGER NOT NULL", "TEXT PRIMARY KEY", "(no type)".
        var declaration: String {
            var words = [type.isEmpty ? "(no type)" : type]
            if primaryKey > 0 { words.append("PRIMARY KEY") }
            if notNull { words.append("NOT NULL") }
            return words.joined(separator: " ")
        }
    }

    /// The tables and columns `Schema.create` makes, read once from an
    /// in-memory database so that `Schema` stays the one source.
    static let expected: [String: [Column]] = {
        do {
            let queue = try DatabaseQueue()
            return try queue.write { db in
                try Schema.create(db)
                var tables: [String: [Column]] = [:]
                // SQLite's own tables (sqlite_sequence, which AUTOINCREMENT
                // makes) are SQLite's to shape.
                for name in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'") {
                    tables[name] = try columns(of: name, in: db)
                }
                return tables
            }
        } catch {
            preconditionFailure("grocer's own schema does not build: \(error)")
        }
    }()

    /// Each table's CREATE statement exactly as SQLite keeps it in
    /// sqlite_master for a current store. While no in-place step has been
    /// released that is version 4's frozen text, so the launch's fast path
    /// compares text and builds nothing; once steps exist (ALTER TABLE
    /// rewrites the stored text) it is read from a store built in memory.
    static var expectedSQL: [String: String] { expectedObjects.tables }

    /// The CREATE statements of grocer's tables, indexes and triggers, as
    /// SQLite keeps them, read from a store built in memory by `Schema`.
    static let expectedObjects: Objects = {
        do {
            return try DatabaseQueue().write { db in
                try Schema.create(db)
                return try objects(in: db)
            }
        } catch {
            preconditionFailure("grocer's own schema does not build: \(error)")
        }
    }()

    /// A schema's CREATE statements by name, one dictionary per kind.
    struct Objects {
        var tables: [String: String] = [:]
        var indexes: [String: String] = [:]
        var triggers: [String: String] = [:]
    }

    /// Tables, indexes and triggers (not SQLite's own) by name, with their SQL.
    static func objects(in db: Database) throws -> Objects {
        var objects = Objects()
        let sql = "SELECT type, name, sql FROM sqlite_master WHERE type IN ('table', 'index', 'trigger') AND name NOT LIKE 'sqlite_%'"
        for row in try Row.fetchAll(db, sql: sql) {
            switch row["type"] as String {
            case "table": objects.tables[row["name"]] = row["sql"]
            case "index": objects.indexes[row["name"]] = row["sql"]
            default: objects.triggers[row["name"]] = row["sql"]
            }
        }
        return objects
    }

    /// What is wrong, one phrase per problem, naming the object; empty when
    /// the file has grocer's tables.
    static func problems(in db: Database) throws -> [String] {
        // `expected` (a second schema built in memory) only when the
        // tables' text differs from grocer's: a quarter of a launch's time
        // on a small store (issue 35), and a current store never needs it.
        try problems(in: db, expected: { expected }, expectedObjects: expectedObjects)
    }

    /// The same for a store of an older version (version 4 plus `steps`),
    /// which a migration checks before any step runs over it: a foreign
    /// trigger would fire inside a step. Built in memory, a few ms.
    static func problems(in db: Database, steps: [FormatStep]) throws -> [String] {
        let queue = try DatabaseQueue()
        let (columns, objects) = try queue.write { db -> ([String: [Column]], Objects) in
            try Schema.create(db, steps: steps)
            let found = try self.objects(in: db)
            var columns: [String: [Column]] = [:]
            for name in found.tables.keys { columns[name] = try self.columns(of: name, in: db) }
            return (columns, found)
        }
        return try problems(in: db, expected: { columns }, expectedObjects: objects)
    }

    static func problems(
        in db: Database, expected: () -> [String: [Column]], expectedObjects: Objects
    ) throws -> [String] {
        let expectedSQL = expectedObjects.tables
        var problems: [String] = []
        let objects = try Row.fetchAll(db, sql: "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'")
        var kinds: [String: String] = [:]
        var texts: [String: String] = [:]
        for row in objects {
            let type: String = row["type"] ?? ""
            let name: String = row["name"] ?? ""
            let table: String = row["tbl_name"] ?? ""
            kinds[name] = type
            texts[name] = row["sql"]
            switch type {
            case "trigger":
                // Only grocer's own triggers, as grocer makes them.
                if let mine = expectedObjects.triggers[name], normalized(mine) == normalized(row["sql"]) { break }
                problems.append("a trigger grocer did not create: \(name) on \(table)")
            case "view":
                problems.append("a view grocer did not create: \(name)")
            case "index":
                // Only grocer's own indexes, as grocer makes them.
                if let mine = expectedObjects.indexes[name], normalized(mine) == normalized(row["sql"]) { break }
                problems.append("an index grocer did not create: \(name) on \(table)")
            case "table" where expectedSQL[name] == nil:
                problems.append("a table grocer did not create: \(name)")
            default:
                break
            }
        }
        problems += try sequenceProblems(in: db)
        let names = expectedSQL.keys.sorted()
        if names.allSatisfy({ kinds[$0] == "table" && texts[$0] == expectedSQL[$0] }) { return problems }
        for (table, columns) in expected().sorted(by: { $0.key < $1.key }) {
            switch kinds[table] {
            case nil:
                problems.append("no table \(table)")
            case "table"?:
                let found = try self.columns(of: table, in: db)
                if found != columns {
                    problems.append(difference(table, found: found, expected: columns))
                } else if normalized(texts[table]) != normalized(expectedSQL[table]) {
                    // Same columns, other behaviour: a constraint or clause
                    // grocer did not write (ON DELETE CASCADE, ON CONFLICT
                    // REPLACE, a CHECK) would run on grocer's writes.
                    problems.append("\(table) has constraints grocer did not create (its definition is not grocer's)")
                }
            case let other?:
                problems.append("\(table) is a \(other), not a table")
            }
        }
        return problems
    }

    /// The largest id SQLite's counter may hold for a table: far above any
    /// grocer reaches (one more per row), far below where SQLite runs out.
    static let largestSequence: Int64 = 1 << 62

    /// SQLite's AUTOINCREMENT counters (version 6), edited outside grocer
    /// to the end of the ids: every later save would fail as if the disk
    /// were full. Named instead, before anything is written.
    static func sequenceProblems(in db: Database) throws -> [String] {
        guard try db.tableExists("sqlite_sequence") else { return [] }
        return try Row.fetchAll(
            db, sql: "SELECT name, seq FROM sqlite_sequence WHERE typeof(seq) = 'integer' AND seq > ?", arguments: [largestSequence]
        ).map { row in
            let name: String = row["name"] ?? "?"
            let seq: Int64 = row["seq"]
            return "sqlite_sequence gives \(name) the id \(seq), near the last SQLite has: no new row could be saved"
        }
    }

    /// "weight_entry.recorded_at is TEXT, not INTEGER NOT NULL; weight_entry lacks unit"
    static func difference(_ table: String, found: [Column], expected: [Column]) -> String {
        var parts: [String] = []
        for column in expected {
            guard let other = found.first(where: { $0.name == column.name }) else {
                parts.append("\(table) lacks \(column.name)")
                continue
            }
            if other != column { parts.append("\(table).\(column.name) is \(other.declaration), not \(column.declaration)") }
        }
        for column in found where !expected.contains(where: { $0.name == column.name }) {
            parts.append("\(table) has a column grocer did not make: \(column.name)")
        }
        if parts.isEmpty { parts.append("\(table)'s columns are not in grocer's order") }
        return parts.joined(separator: "; ")
    }

    static func columns(of table: String, in db: Database) throws -> [Column] {
        try Row.fetchAll(db, sql: "SELECT name, type, \"notnull\", pk FROM pragma_table_info(?)", arguments: [table]).map {
            Column(name: $0["name"], type: ($0["type"] as String? ?? "").uppercased(), notNull: $0["notnull"] as Bool, primaryKey: $0["pk"])
        }
    }
}
