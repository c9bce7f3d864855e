import Foundation
import GRDB
import GrocerCore
import Testing

@testable import GrocerStore

/// A version 4 store changed outside grocer, before the in-place steps run
/// over it: a foreign trigger, view or missing table is refused by name
/// with nothing made beside the file (a trigger would fire inside a step);
/// a reference edited to point nowhere becomes no reference, counted, as a
/// rebuild does, instead of failing every step's foreign key check.
@Suite struct InPlaceStepHostileTests {
    static let changes: [(sql: String, problem: String)] = [
        ("CREATE TRIGGER wipe AFTER UPDATE ON item BEGIN DELETE FROM weight_entry; END;", "a trigger grocer did not create: wipe on item"),
        ("CREATE VIEW shopping AS SELECT name FROM item;", "a view grocer did not create: shopping"),
        ("DROP TABLE quarantine;", "no table quarantine"),
        ("ALTER TABLE item DROP COLUMN collected;", "item lacks collected"),
        // Behaviour hidden in a constraint survives no step: refused before it.
        (
            "PRAGMA writable_schema = ON; UPDATE sqlite_master SET sql = replace(sql, 'REFERENCES unit(id) ON DELETE SET NULL', 'REFERENCES unit(id) ON DELETE CASCADE') WHERE name = 'item';",
            "item has constraints grocer did not create (its definition is not grocer's)"
        ),
        ("CREATE UNIQUE INDEX one_a_time ON weight_entry(recorded_at);", "an index grocer did not create: one_a_time on weight_entry"),
    ]

    @Test(arguments: changes.indices)
    func aVersion4FileChangedOutsideGrocerIsRefusedAndLeftAsItWas(index: Int) throws {
        let (sql, problem) = Self.changes[index]
        let fixture = try LegacyStoreFixture()
        defer { fixture.remove() }
        try Version5StepTests.version4Store(fixture)
        try fixture.write(sql)
        let before = fixture.bytes
        #expect {
            try Migrator(path: fixture.path, options: fixture.options()).run()
        } throws: { error in
            guard case .unexpectedSchema(_, 4, let detail) = error as? MigrationError else { return false }
            return detail.contains(problem)
        }
        #expect(fixture.bytes == before)
        #expect(fixture.files == ["grocer.sqlite"])
        #expect(try Version5StepTests.int(fixture.path, "SELECT count(*) FROM weight_entry") == 5)
        #expect(try Version5StepTests.int(fixture.path, "PRAGMA user_version") == 4)
    }

    @Test func aDanglingUnitReferenceBecomesNoUnitCountedAndTheBackupKeepsIt() throws {
        let fixture = try LegacyStoreFixture()
        defer { fixture.remove() }
        try Version5StepTests.version4Store(fixture)
        // As sqlite3 does by default: foreign keys off, a unit deleted under its items.
        let queue = try DatabaseQueue(path: fixture.path)
        try queue.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA foreign_keys = OFF; DELETE FROM unit WHERE name = 'bottle';")
        }
        try queue.close()
        try #require(try Version5StepTests.int(fixture.path, "SELECT count(*) FROM pragma_foreign_key_check") == 1)

        let summary = try Migrator(path: fixture.path, options: fixture.options()).run()

        #expect(summary.toVersion == StoreFormat.currentVersion)
        #expect(summary.repairs == ["dangling unit reference removed": 1])
        #expect(summary.lines.contains { $0.contains("dangling unit reference removed") })
        #expect(
            try Version5StepTests.strings(fixture.path, "SELECT name || ':' || coalesce(unit_id, '-') FROM item WHERE name = 'Milk'") == ["Milk:-"])
        #expect(try Version5StepTests.int(fixture.path, "SELECT count(*) FROM item") == 6)
        #expect(try Version5StepTests.int(fixture.path, "SELECT count(*) FROM pragma_foreign_key_check") == 0)
        #expect(try Version5StepTests.int(fixture.path + ".v4.bak", "SELECT unit_id FROM item WHERE name = 'Milk'") == 2)
    }
}
