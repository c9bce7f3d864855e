import Foundation
import GRDB
import GrocerCore
import Testing

@testable import GrocerStore

/// Old files from elsewhere are untrusted input: SQL in them never runs
/// grocer's functions, odd layouts are refused by name, dirty rows are
/// quarantined (never an abort), and an endless statement can be stopped.
@Suite struct MigrationHostileTests {
    func migrate(_ fixture: LegacyStoreFixture) throws -> MigrationSummary {
        try Migrator(path: fixture.path, options: fixture.options()).run()
    }

    func store(_ fixture: LegacyStoreFixture) throws -> Store {
        try Store.open(at: fixture.path, mode: .create, zone: .current, stop: StopFlag())
    }

    @Test func migrationConnectionsDistrustTheFilesSchema() throws {
        let stop = StopCheck(flag: StopFlag())
        let queue = try DatabaseQueue(configuration: MigrationConnection.configuration(label: "test", stop: stop))
        let tally = RepairTally()
        try queue.writeWithoutTransaction { db in
            tally.install(in: db)
            LegacySQLFunctions.register(in: db)
            #expect(try Int.fetchOne(db, sql: "PRAGMA trusted_schema") == 0)
            #expect(Connection.isDefensive(db))
            // Called directly: fine. Called from a view stored in the file: refused.
            #expect(try Int.fetchOne(db, sql: "SELECT grocer_tally(7, 1)") == 7)
            try db.execute(
                sql: """
                    CREATE VIEW forged AS SELECT grocer_tally(1, 1, 1, 1) AS a;
                    CREATE VIEW typed AS SELECT grocer_typed_text('072.5') AS a;
                    """)
            #expect(throws: DatabaseError.self) { try Int.fetchOne(db, sql: "SELECT a FROM forged") }
            #expect(throws: DatabaseError.self) { try String.fetchOne(db, sql: "SELECT a FROM typed") }
            #expect(tally[0] == 1)
        }
        try queue.close()
    }

    @Test func anEndlessStatementStopsWhenTheStopFlagIsRaised() throws {
        let flag = StopFlag()
        let started = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var told = false
        let stop = StopCheck(
            flag: flag,
            ask: {
                if !told {
                    told = true
                    started.signal()
                }
                return false
            })
        let queue = try DatabaseQueue(configuration: MigrationConnection.configuration(label: "test", stop: stop))
        let finished = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var outcome: Error?
        Thread.detachNewThread {
            do {
                _ = try queue.read { db in
                    try Int.fetchOne(db, sql: "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n")
                }
            } catch { outcome = error }
            finished.signal()
        }
        started.wait()
        let raised = ContinuousClock.now
        flag.raise()
        finished.wait()
        print("an endless recursive query stopped \((ContinuousClock.now - raised).seconds * 1000) ms after the stop flag was raised")
        #expect((outcome as? DatabaseError)?.resultCode == .SQLITE_INTERRUPT)
        stop.ask = nil
        try queue.close()
    }

    enum Layout: String, CaseIterable {
        case weightsAreAView, triggerOnSettings, missingColumn, withoutRowid
    }

    @Test(arguments: Layout.allCases)
    func aLegacyFileWithAnUnexpectedLayoutIsRefusedByNameAndLeftAsItWas(layout: Layout) throws {
        let fixture = try LegacyStoreFixture()
        defer { fixture.remove() }
        let named: String
        switch layout {
        case .weightsAreAView:
            // An endless view calling grocer's function: never run.
            try fixture.write(
                """
                PRAGMA application_id = 1196573522;
                CREATE TABLE setting (key TEXT PRIMARY KEY, value TEXT NOT NULL);
                CREATE VIEW weight_entry AS WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n)
                  SELECT i AS id, grocer_tally(150.0, 1) AS weight_lbs, 0.0 AS date FROM n;
                PRAGMA user_version = 1;
                """)
            named = "weight_entry is a view"
        case .triggerOnSettings:
            try fixture.write(
                LegacyStoreFixture.version3 + """
                    CREATE TRIGGER wipe AFTER INSERT ON setting BEGIN DELETE FROM weight_entry; END;
                    """)
            named = "trigger wipe on setting"
        case .missingColumn:
            try fixture.write(
                """
                PRAGMA application_id = 1196573522;
                CREATE TABLE weight_entry (id INTEGER PRIMARY KEY, weight_lbs REAL);
                CREATE TABLE setting (key TEXT PRIMARY KEY, value TEXT NOT NULL);
                PRAGMA user_version = 1;
                """)
            named = "weight_entry has no column date"
        case .withoutRowid:
            try fixture.write(
                """
                PRAGMA application_id = 1196573522;
                CREATE TABLE weight_entry (id INTEGER PRIMARY KEY, weight_lbs REAL, date REAL) WITHOUT ROWID;
                CREATE TABLE setting (key TEXT PRIMARY KEY, value TEXT NOT NULL);
                PRAGMA user_version = 1;
                """)
            named = "weight_entry is a table without rowid"
        }
        let before = fixture.bytes
        #expect {
            try migrate(fixture)
        } throws: { error in
            guard case .unexpectedSchema(_, _, let detail) = error as? MigrationError else { return false }
            return detail.contains(named) && error.localizedDescription.contains("not changed")
        }
        #expect(fixture.bytes == before)
        #expect(fixture.files == ["grocer.sqlite"])
    }

    @Test func extraTablesAreNamedAsNotCarriedAndNeverRead() throws {
        let fixture = try LegacyStoreFixture()
        defer { fixture.remove() }
        try fixture.write(
            LegacyStoreFixture.version1 + """
                CREATE TABLE notes (body TEXT);
                CREATE VIEW endless AS WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT i FROM n;
                """, rows: "INSERT INTO notes VALUES ('keep me'); INSERT INTO weight_entry VALUES (1, 150, 700000000);")
        let summary = try migrate(fixture)
        #expect(summary.notCarried == ["endless", "notes"])
        #expect(summary.lines.contains("  not carried (not part of format version 1; they remain in the backup): endless, notes"))
        let log = try String(contentsOf: fixture.logURL, encoding: .utf8)
        #expect(log.contains("not carried (not part of format version 1; they remain in the backup): endless, notes"))
        let backup = try DatabaseQueue(path: fixture.path + ".v1.bak")
        #expect(try backup.read { db in try String.fetchOne(db, sql: "SELECT body FROM notes") } == "keep me")
        try backup.close()
    }

    @Test func dirtyRowsThatUsedToAbortAreQuarantined() throws {
        let fixture = try LegacyStoreFixture()
        defer { fixture.remove() }
        // Version 3's tables, but with ids that are not rowids and flags
        // that may be NULL (a file from elsewhere); a BLOB key equal to a
        // text key is possible even in the genuine schema.
        try fixture.write(
            """
            PRAGMA application_id = 1196573522;
            CREATE TABLE weight_entry (id INTEGER PRIMARY KEY, value TEXT NOT NULL, unit TEXT NOT NULL, recorded_at INTEGER NOT NULL);
            CREATE TABLE setting (key TEXT PRIMARY KEY, value TEXT NOT NULL);
            CREATE TABLE unit (id INT, name TEXT);
            CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL, quantity INTEGER NOT NULL DEFAULT 1,
              listed INTEGER, collected INTEGER, unit_id INTEGER);
            PRAGMA user_version = 3;
            """,
            rows: """
                INSERT INTO setting VALUES ('theme', 'dark'), (CAST('theme' AS BLOB), 'light'), ('defaultUnits', 'kg');
                INSERT INTO unit VALUES (1, 'kg'), (1, 'bag'), (2, 'bottle'), ('x', 'box'), (NULL, 'tin');
                INSERT INTO item VALUES (1, 'Milk', 1, 1, 0, 2), (2, 'Tea', 1, NULL, 0, 1), (3, 'Salt', 1, 1, NULL, 1), (4, 'Rice', 1, 0, 1, 1);
                INSERT INTO weight_entry VALUES (1, '72.5', 'kg', 1700000000), (2, '\(String(repeating: "9", count: 201))', 'kg', 1700000001);
                """)
        let summary = try migrate(fixture)
        #expect(summary.carried == ["weight_entry": 1, "setting": 2, "unit": 2, "item": 2])
        #expect(
            summary.quarantined == [
                "setting: setting key is not text": 1,
                "unit: id is used by an earlier row": 1,
                "unit: id is not a whole number": 2,
                "item: item listed or collected is missing": 2,
                "weight_entry: weight is too large to show": 1,
            ])
        let store = try store(fixture)
        defer { try? store.close() }
        #expect(try store.groceries.unitNames() == ["kg", "bottle"])
        #expect(try store.settings.read(.unit).value == .kg)
        #expect(try store.quarantinedRows().first { $0.sourceTable == "setting" }?.rowJSON == #"{"key":"x'7468656D65'","value":"light"}"#)
    }

    @Test func aWeightTooLargeToShowIsQuarantinedWithItsReason() throws {
        let fixture = try LegacyStoreFixture()
        defer { fixture.remove() }
        try fixture.write(
            LegacyStoreFixture.version1,
            rows: """
                INSERT INTO weight_entry VALUES (1, 1e300, 700000000), (2, 999999999999999.875, 700000000), (3, 1e15, 700000000);
                """)
        let summary = try migrate(fixture)
        #expect(summary.quarantined == ["weight_entry: weight is too large to show": 2])
        let store = try store(fixture)
        defer { try? store.close() }
        var shown: [String] = []
        try store.weights.forEachEntry { shown.append($0.weight.digits) }
        #expect(shown == ["999999999999999.9"])
        #expect(try store.quarantinedRows().map(\.sourceID) == [1, 3])
    }
}
