import Foundation
import GRDB

@testable import GrocerStore

/// Older stores built from the SQL in STORE-HISTORY.md, in a fresh folder.
struct LegacyStoreFixture {
    let dir: URL
    var path: String { dir.appendingPathComponent("grocer.sqlite").path }
    var logURL: URL { dir.appendingPathComponent("state/grocer/migration.log") }

    init() throws {
        dir = FileManager.default.temporaryDirectory.appendingPathComponent("grocer-mig-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    }

    func remove() { try? FileManager.default.removeItem(at: dir) }

    /// The older releases' tables, from the one copy the shell tests and
    /// benchmarks read too (e2e/legacy-schema/), stamped with the version.
    static let version1 = schemaFile("v1") + "PRAGMA user_version = 1;"
    static let version2 = schemaFile("v1") + schemaFile("v2-additions") + "PRAGMA user_version = 2;"
    static let version3 = schemaFile("v3") + "PRAGMA user_version = 3;"

    static func schemaFile(_ name: String) -> String {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        let url = root.appendingPathComponent("e2e/legacy-schema/\(name).sql")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { fatalError("cannot read \(url.path)") }
        return text + "\n"
    }

    /// Writes `schema` then `rows` (SQL) into the store file, then closes it:
    /// no journal is left beside it.
    func write(_ schema: String, rows: String = "") throws {
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: schema)
            if !rows.isEmpty {
                try db.inTransaction {
                    try db.execute(sql: rows)
                    return .commit
                }
            }
        }
        try queue.close()
    }

    /// `count` clean weights (and items when `items`), quickly, in SQL.
    func writeLarge(version: Int, weights: Int, items: Int = 0) throws {
        let schema = [1: Self.version1, 2: Self.version2, 3: Self.version3][version]!
        var rows = ""
        if version < 3 {
            rows += """
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(weights))
                INSERT INTO weight_entry SELECT i, 120 + (i % 9000) * 0.01234567, 400000000 + i * 3600.25 FROM n;
                """
        } else {
            rows += """
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(weights))
                INSERT INTO weight_entry SELECT i, (100 + i % 90) || '.' || (i % 10), 'kg', 1400000000 + i * 3600 FROM n;
                """
        }
        if items > 0 && version >= 2 {
            let table = version == 2 ? "amount" : "unit"
            let nameColumn = version == 2 ? "xyz" : "name"
            rows += """
                INSERT INTO \(table) (id, \(nameColumn)) VALUES (1, 'kg'), (2, 'bottle');
                WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < \(items))
                INSERT INTO item SELECT i, 'Item ' || i, 1 + i % 5, i % 2, i % 3 = 0, 1 + i % 3 FROM n;
                """
        }
        try write(schema, rows: rows)
    }

    var bytes: Data { FileManager.default.contents(atPath: path) ?? Data() }

    /// Names in the folder, the state folder left out.
    var files: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).filter { $0 != "state" }.sorted()
    }

    func options(backup: Bool = true) -> MigrationOptions {
        MigrationOptions(backup: backup, waitForLock: true, logFile: logURL)
    }
}
