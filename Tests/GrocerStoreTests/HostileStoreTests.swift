import Foundation
import GRDB
import GrocerCore
import Testing

@testable import GrocerStore

/// Files from elsewhere are untrusted: a current-format file whose own
/// schema is not grocer's is refused, named, and left byte-identical.
@Suite struct HostileStoreTests {
    /// A current store made by grocer, closed, with one weight.
    static func currentStore(_ dir: TempDir, _ name: String = "s.sqlite") throws -> String {
        let store = try Store.open(at: dir.url.appendingPathComponent(name).path, mode: .create, zone: .current, stop: StopFlag())
        try store.weights.add(Weight(digits: "72.5", unit: .kg)!, at: Date(timeIntervalSince1970: 1_795_262_400))
        try store.close()
        return dir.path(name)
    }

    static func weightCount(_ path: String) throws -> Int {
        try ReadOnlyFile.read(path: path, stop: StopFlag()) { db in
            try Int.fetchOne(db, sql: "SELECT count(*) FROM weight_entry") ?? -1
        }
    }

    @Test func aTriggerThatWipesTheHistoryIsRefusedNamedAndNeverFires() throws {
        let dir = TempDir()
        let path = try Self.currentStore(dir)
        try dir.sqlite("s.sqlite", "CREATE TRIGGER wipe_history AFTER INSERT ON weight_entry BEGIN DELETE FROM weight_entry; END;")
        let before = try #require(dir.bytes("s.sqlite"))
        let listing = dir.listing()
        let error = #expect(throws: StoreError.self) { try Store.open(at: path, mode: .create, zone: .current, stop: StopFlag()) }
        #expect(error?.errorDescription?.contains("a trigger grocer did not create: wipe_history on weight_entry") == true)
        #expect(error?.errorDescription?.contains("not changed") == true)
        #expect(dir.bytes("s.sqlite") == before)
        #expect(dir.listing() == listing)
        #expect(try Self.weightCount(path) == 1)
    }

    @Test func aWeightTableThatIsAViewIsRefused() throws {
        let dir = TempDir()
        try Store.open(at: dir.url.appendingPathComponent("v.sqlite").path, mode: .create, zone: .current, stop: StopFlag()).close()
        try dir.sqlite(
            "v.sqlite",
            """
            ALTER TABLE weight_entry RENAME TO weight_entry_real;
            CREATE VIEW weight_entry AS SELECT id, value, unit, recorded_at FROM weight_entry_real;
            """)
        let before = try #require(dir.bytes("v.sqlite"))
        let error = #expect(throws: StoreError.self) {
            try Store.open(at: dir.url.appendingPathComponent("v.sqlite").path, mode: .create, zone: .current, stop: StopFlag())
        }
        guard case .unexpectedSchema(_, let problems)? = error else {
            Issue.record("expected unexpectedSchema, got \(String(describing: error))")
            return
        }
        #expect(problems.contains("weight_entry is a view, not a table"))
        #expect(dir.bytes("v.sqlite") == before)
        #expect(dir.listing() == ["v.sqlite"])
    }

    @Test func aMissingTableIsRefusedAndStatusSaysSo() throws {
        let dir = TempDir()
        try Store.open(at: dir.url.appendingPathComponent("m.sqlite").path, mode: .create, zone: .current, stop: StopFlag()).close()
        try dir.sqlite("m.sqlite", "ALTER TABLE item RENAME TO shopping;")
        let error = #expect(throws: StoreError.self) {
            try Store.open(at: dir.url.appendingPathComponent("m.sqlite").path, mode: .create, zone: .current, stop: StopFlag())
        }
        #expect(error?.errorDescription?.contains("no table item") == true)
        let status = StoreStatus.read(path: dir.path("m.sqlite"), stop: StopFlag())
        #expect(status.state == .foreign)  // changed outside grocer, never "corrupt"
        #expect(status.detail?.contains("no table item") == true)
        #expect(dir.listing() == ["m.sqlite"])
    }

    @Test func aColumnThatIsNotGrocersIsRefused() throws {
        let dir = TempDir()
        try Store.open(at: dir.url.appendingPathComponent("c.sqlite").path, mode: .create, zone: .current, stop: StopFlag()).close()
        try dir.sqlite(
            "c.sqlite",
            """
            PRAGMA writable_schema = ON;
            UPDATE sqlite_master SET sql = replace(sql, 'recorded_at INTEGER NOT NULL', 'recorded_at TEXT') WHERE name = 'weight_entry';
            """)
        let error = #expect(throws: StoreError.self) {
            try Store.open(at: dir.url.appendingPathComponent("c.sqlite").path, mode: .create, zone: .current, stop: StopFlag())
        }
        #expect(error?.errorDescription?.contains("weight_entry.recorded_at is TEXT, not INTEGER NOT NULL") == true)
    }

    @Test func grocersOwnStoreHasNoSchemaProblems() throws {
        let dir = TempDir()
        let path = try Self.currentStore(dir)
        let problems = try ReadOnlyFile.read(path: path, stop: StopFlag()) { db in try SchemaCheck.problems(in: db) }
        #expect(problems == [])
        // The fast path (text compare) knows every table the slow one does.
        #expect(Set(SchemaCheck.expectedSQL.keys) == Set(SchemaCheck.expected.keys))
        let texts = try ReadOnlyFile.read(path: path, stop: StopFlag()) { db in
            try Dictionary(
                uniqueKeysWithValues: Row.fetchAll(db, sql: "SELECT name, sql FROM sqlite_master WHERE type = 'table'").map {
                    ($0["name"] as String, $0["sql"] as String)
                })
        }
        for (name, sql) in SchemaCheck.expectedSQL { #expect(texts[name] == sql, "\(name)") }
    }
}
