import Foundation
import GRDB
import GrocerCore
import Testing

@testable import GrocerStore

/// The check of a current (version 7) file's own schema: grocer's stores,
/// fresh or migrated, pass it; a change made outside grocer to any of its
/// tables, version 5's new ones included, is refused, named, and the file
/// is left as it was.
@Suite struct SchemaCheckTests {
    static func problems(_ path: String) throws -> [String] {
        try ReadOnlyFile.read(path: path, stop: StopFlag()) { db in try SchemaCheck.problems(in: db) }
    }

    static func tableTexts(_ path: String) throws -> [String: String] {
        try ReadOnlyFile.read(path: path, stop: StopFlag()) { db in
            try Dictionary(
                uniqueKeysWithValues: Row.fetchAll(db, sql: "SELECT name, sql FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
                    .map {
                        ($0["name"] as String, $0["sql"] as String)
                    })
        }
    }

    @Test func theExpectedSchemaHasVersion8sTablesAndColumns() {
        #expect(
            Set(SchemaCheck.expected.keys) == [
                "weight_entry", "setting", "unit", "item", "quarantine", "place", "aisle", "weight_day", "sync_account", "sync_record",
                "sync_conflict", "shop", "shop_aisle", "item_shop", "weight_block",
            ])
        #expect(
            SchemaCheck.expected["item"]?.map(\.name) == [
                "id", "name", "quantity", "listed", "collected", "unit_id", "place_id", "aisle_id", "amount", "name_key", "note",
                "second_amount", "second_unit_id",
            ])
        #expect(SchemaCheck.expected["aisle"]?.map(\.name) == ["id", "name", "position"])
        #expect(
            SchemaCheck.expected["weight_day"]?.map(\.name) == ["day", "unit", "hundredths", "count", "fat_hundredths", "fat_count", "low", "high"])
        #expect(SchemaCheck.expected["weight_entry"]?.map(\.name) == ["id", "value", "unit", "recorded_at", "note", "body_fat"])
        #expect(
            SchemaCheck.expected["sync_account"]?.map(\.name) == ["collection", "url", "user", "password_command", "token", "last_sync"])
        #expect(
            SchemaCheck.expected["sync_record"]?.map(\.name) == [
                "collection", "uid", "href", "etag", "agreed", "local_id", "previous", "sort_order", "agreed_reading",
            ])
        #expect(
            SchemaCheck.expected["sync_conflict"]?.map(\.name) == [
                "id", "collection", "uid", "title", "field", "local_value", "remote_value", "kept", "local_record", "remote_record", "at",
            ])
        // The shapes the store's reads check name the same columns.
        for shape in Store.syncShapes { #expect(SchemaCheck.expected[shape.name]?.map(\.name) == shape.columns, "\(shape.name)") }
        for shape in ShopRecords.shapes { #expect(SchemaCheck.expected[shape.name]?.map(\.name) == shape.columns, "\(shape.name)") }
    }

    /// A store migrated from version 4 passes the check by its fast path:
    /// every table's CREATE text is the fresh store's, word for word.
    @Test func aMigratedVersion5StorePassesAsAFreshOneDoes() throws {
        let fixture = try LegacyStoreFixture()
        defer { fixture.remove() }
        try Version5StepTests.version4Store(fixture)
        try Migrator(path: fixture.path, options: fixture.options(backup: false)).run()
        #expect(try Self.problems(fixture.path) == [])
        #expect(try Self.tableTexts(fixture.path) == SchemaCheck.expectedSQL)
        try Store.open(at: fixture.path, mode: .create, zone: .current, stop: StopFlag()).close()
    }

    /// A current store's tables, as grocer wrote them, are judged by their
    /// text alone: the columns grocer expects (a second schema built in
    /// memory, a quarter of a small store's launch, issue 35) are asked for
    /// only when a table's text differs, to name what differs.
    @Test func theExpectedColumnsAreBuiltOnlyWhenATablesTextDiffers() throws {
        let dir = TempDir()
        let path = dir.path("s.sqlite")
        try Store.open(at: path, mode: .create, zone: .current, stop: StopFlag()).close()
        func problems() throws -> (problems: [String], asked: Bool) {
            var asked = false
            let problems = try ReadOnlyFile.read(path: path, stop: StopFlag()) { db in
                try SchemaCheck.problems(
                    in: db,
                    expected: {
                        asked = true
                        return SchemaCheck.expected
                    }, expectedObjects: SchemaCheck.expectedObjects)
            }
            return (problems, asked)
        }
        let current = try problems()
        #expect(current.problems == [] && !current.asked)
        try dir.sqlite("s.sqlite", "ALTER TABLE place ADD COLUMN note TEXT;")
        let changed = try problems()
        #expect(changed.problems == ["place has a column grocer did not make: note"] && changed.asked)
    }

    static let foreignChanges: [(sql: String, problem: String)] = [
        ("CREATE TRIGGER shuffle AFTER UPDATE ON aisle BEGIN DELETE FROM weight_entry; END;", "a trigger grocer did not create: shuffle on aisle"),
        ("CREATE TRIGGER sums AFTER INSERT ON weight_day BEGIN DELETE FROM item; END;", "a trigger grocer did not create: sums on weight_day"),
        // grocer's own trigger (version 8), made again to do something else.
        (
            """
            DROP TRIGGER item_name_key_follows_name;
            CREATE TRIGGER item_name_key_follows_name AFTER UPDATE OF name ON item BEGIN DELETE FROM weight_entry; END;
            """,
            "a trigger grocer did not create: item_name_key_follows_name on item"
        ),
        (
            "CREATE VIEW shopping AS SELECT item.name, aisle.name FROM item JOIN aisle ON aisle.id = item.aisle_id;",
            "a view grocer did not create: shopping"
        ),
        ("DROP TABLE weight_day;", "no table weight_day"),
        ("DROP TABLE place;", "no table place"),
        ("ALTER TABLE aisle RENAME TO walkway;", "no table aisle"),
        ("ALTER TABLE item DROP COLUMN amount;", "item lacks amount"),
        ("DROP INDEX aisle_by_position; ALTER TABLE aisle DROP COLUMN position;", "aisle lacks position"),
        ("ALTER TABLE place ADD COLUMN note TEXT;", "place has a column grocer did not make: note"),
        (
            "ALTER TABLE weight_day RENAME TO weight_day_old; CREATE VIEW weight_day AS SELECT * FROM weight_day_old;",
            "weight_day is a view, not a table"
        ),
        (
            "PRAGMA writable_schema = ON; UPDATE sqlite_master SET sql = replace(sql, ' hundredths INTEGER NOT NULL', ' hundredths REAL') WHERE name = 'weight_day';",
            "weight_day.hundredths is REAL, not INTEGER NOT NULL"
        ),
        // Behaviour hidden in a constraint, with every column as grocer's:
        // deleting an aisle would delete its items.
        (
            "PRAGMA writable_schema = ON; UPDATE sqlite_master SET sql = replace(sql, 'REFERENCES aisle(id) ON DELETE SET NULL', 'REFERENCES aisle(id) ON DELETE CASCADE') WHERE name = 'item';",
            "item has constraints grocer did not create (its definition is not grocer's)"
        ),
        // A save would silently delete an earlier weight at the same time.
        (
            """
            PRAGMA foreign_keys = OFF;
            CREATE TABLE w2 (
              id          INTEGER PRIMARY KEY AUTOINCREMENT,
              value       TEXT NOT NULL CHECK (value GLOB '[0-9]*' AND value NOT GLOB '*[^0-9.]*'),
              unit        TEXT NOT NULL CHECK (unit IN ('lbs', 'kg')),
              recorded_at INTEGER NOT NULL UNIQUE ON CONFLICT REPLACE,
              note        TEXT NOT NULL DEFAULT '',
              body_fat    TEXT CHECK (body_fat IS NULL OR (body_fat GLOB '[0-9]*' AND body_fat NOT GLOB '*[^0-9.]*'))
            );
            DROP TABLE weight_entry; ALTER TABLE w2 RENAME TO weight_entry;
            CREATE INDEX weight_entry_by_time ON weight_entry(recorded_at, id);
            """,
            "weight_entry has constraints grocer did not create (its definition is not grocer's)"
        ),
        // A string's contents are what a CHECK compares: every save of a
        // weight would fail with SQLite's "CHECK constraint failed".
        (
            "PRAGMA writable_schema = ON; UPDATE sqlite_master SET sql = replace(sql, '''lbs'', ''kg''', '''LBS'',''KG''') WHERE name = 'weight_entry';",
            "weight_entry has constraints grocer did not create (its definition is not grocer's)"
        ),
        // Brackets inside a string are the pattern's, not an identifier's.
        (
            "PRAGMA writable_schema = ON; UPDATE sqlite_master SET sql = replace(sql, 'value GLOB ''[0-9]*''', 'value GLOB ''0-9*''') WHERE name = 'weight_entry';",
            "weight_entry has constraints grocer did not create (its definition is not grocer's)"
        ),
        ("CREATE UNIQUE INDEX unit_names ON unit(name);", "an index grocer did not create: unit_names on unit"),
        (
            "DROP INDEX item_by_aisle; CREATE INDEX item_by_aisle ON item(aisle_id) WHERE aisle_id > 3;",
            "an index grocer did not create: item_by_aisle on item"
        ),
        ("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT);", "a table grocer did not create: notes"),
        // Ids at their end: every save would fail as if the disk were full.
        (
            "INSERT OR REPLACE INTO sqlite_sequence (name, seq) VALUES ('weight_entry', 9223372036854775807);",
            "sqlite_sequence gives weight_entry the id 9223372036854775807, near the last SQLite has: no new row could be saved"
        ),
    ]

    /// The same store, spelt otherwise (case, spaces, quotes), is grocer's.
    @Test func aDefinitionSpeltOtherwiseIsStillGrocers() throws {
        let dir = TempDir()
        let url = dir.url.appendingPathComponent("s.sqlite")
        try Store.open(at: url.path, mode: .create, zone: .current, stop: StopFlag()).close()
        try dir.sqlite(
            "s.sqlite",
            "PRAGMA writable_schema = ON; UPDATE sqlite_master SET sql = replace(replace(sql, 'recorded_at INTEGER', '\"recorded_at\"   integer'), '(', ' (  ') WHERE name = 'weight_entry';"
        )
        #expect(try Self.problems(dir.path("s.sqlite")) == [])
        try Store.open(at: url.path, mode: .create, zone: .current, stop: StopFlag()).close()
    }

    /// Quotes, brackets, case, white space and comments around the same
    /// tokens are the same definition; a string's, a number's or an
    /// operator's text is not.
    static let spellings: [(a: String, b: String, same: Bool)] = [
        ("unit TEXT NOT NULL CHECK (unit IN ('lbs', 'kg'))", "\"UNIT\"  text not null check(`unit` in('lbs','kg'))", true),
        ("id INTEGER PRIMARY KEY", "[id] integer /* the key */ primary -- a comment\n key", true),
        ("unit IN ('lbs', 'kg')", "unit IN ('LBS', 'KG')", false),
        ("value GLOB '[0-9]*'", "value GLOB '0-9*'", false),
        ("value GLOB '[0-9]*'", "value GLOB '[0-9]* '", false),
        ("listed IN (0, 1)", "listed IN (0, 2)", false),
        ("listed IN (0, 1)", "listed IN (0, 1.0)", false),
        ("position >= 0", "position > 0", false),
        ("name TEXT DEFAULT 'it''s'", "name TEXT DEFAULT 'its'", false),
        ("x'AB'", "X'AB'", true),
        ("x'AB'", "x'ab'", false),
        ("\"a b\" TEXT", "a b TEXT", false),
        ("\"a b\" TEXT", "[A B] TEXT", true),
        ("unit IN ('lbs')", "unit IN (\"lbs\")", false),
    ]

    @Test(arguments: spellings.indices)
    func onlySpellingThatCannotChangeMeaningIsNormalised(index: Int) {
        let (a, b, same) = Self.spellings[index]
        #expect((SchemaCheck.normalized(a) == SchemaCheck.normalized(b)) == same, "\(a) | \(b)")
    }

    @Test(arguments: foreignChanges.indices)
    func aChangeMadeOutsideGrocerToAVersion5TableIsRefusedNamedAndUntouched(index: Int) throws {
        let (sql, problem) = Self.foreignChanges[index]
        let dir = TempDir()
        let url = dir.url.appendingPathComponent("s.sqlite")
        try Store.open(at: url.path, mode: .create, zone: .current, stop: StopFlag()).close()
        try dir.sqlite("s.sqlite", sql)
        let before = try #require(dir.bytes("s.sqlite"))

        let error = #expect(throws: StoreError.self) { try Store.open(at: url.path, mode: .create, zone: .current, stop: StopFlag()) }
        guard case .unexpectedSchema(_, let problems)? = error else {
            Issue.record("expected unexpectedSchema, got \(String(describing: error))")
            return
        }
        #expect(problems.contains(problem), "\(problems)")
        #expect(error?.errorDescription?.contains("not changed") == true)
        #expect(dir.bytes("s.sqlite") == before)
        #expect(dir.listing() == ["s.sqlite"])
        let status = StoreStatus.read(path: dir.path("s.sqlite"), stop: StopFlag())
        #expect(status.state == .foreign)  // changed outside grocer, never "corrupt"
    }
}
