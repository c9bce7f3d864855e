import Foundation
import GRDB
import GrocerCore
import Testing

@testable import GrocerStore

/// The first released in-place step, version 4 -> 5: places, aisles, an
/// item's exact amount and the per-day weight sums, run on stores as the
/// release before it left them.
@Suite struct Version5StepTests {
    /// A version 2 file with dirty rows among clean ones: weights to
    /// quarantine, an item whose quantity is not whole, a dangling amount.
    static let version2Rows =
        MigrationRulesTests.version1Rows + """
            INSERT INTO amount VALUES (1, 'kg'), (2, ' bottle '), (3, NULL);
            INSERT INTO item VALUES (1, 'Milk', 2, 1, 0, 2);
            INSERT INTO item VALUES (2, 'Flour', 1, 0, 1, 1);
            INSERT INTO item VALUES (3, 'Ghost', 1, 1, 0, 99);
            INSERT INTO item VALUES (4, 'Half', 2.5, 1, 0, 1);
            INSERT INTO item VALUES (5, 'Eggs', 12, 0, 0, 3);
            INSERT INTO item VALUES (6, 'None left', 0, 1, 0, NULL);
            INSERT INTO item VALUES (7, 'Owed', -2, 1, 0, NULL);
            """

    /// A version 4 store as the release before version 5 wrote it: the
    /// version 2 file migrated by that release (no in-place step), with
    /// its quarantine rows; the log of that migration removed.
    static func version4Store(_ fixture: LegacyStoreFixture) throws {
        try fixture.write(LegacyStoreFixture.version2, rows: version2Rows)
        try Migrator(path: fixture.path, options: fixture.options(backup: false), steps: []).run()
        try #require(try int(fixture.path, "PRAGMA user_version") == 4)
        try FileManager.default.removeItem(at: fixture.logURL)
    }

    static func read<T>(_ path: String, _ body: (Database) throws -> T) throws -> T {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read(body)
    }

    static func int(_ path: String, _ sql: String) throws -> Int? {
        try read(path) { db in try Int.fetchOne(db, sql: sql) }
    }

    static func strings(_ path: String, _ sql: String) throws -> [String] {
        try read(path) { db in try String.fetchAll(db, sql: sql) }
    }

    /// Every row of every table, and the versions: what a file holds.
    static func contents(_ path: String) throws -> [String] {
        try read(path) { db in
            var lines = [
                "user_version \(try Int.fetchOne(db, sql: "PRAGMA user_version") ?? -1)",
                "application_id \(try Int.fetchOne(db, sql: "PRAGMA application_id") ?? -1)",
            ]
            for table in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name") {
                lines += try Row.fetchAll(db, sql: "SELECT * FROM \(table.quotedDatabaseIdentifier)").map { "\(table) \($0)" }
            }
            return lines
        }
    }

    static func inode(_ path: String) -> (inode: UInt, links: UInt) {
        var info = stat()
        stat(path, &info)
        return (UInt(info.st_ino), UInt(info.st_nlink))
    }

    /// The version a migration reaches now (version 5 and every step after it).
    static let current = StoreFormat.currentVersion

    @Test func aVersion4StoreWithQuarantineBecomesVersion5InPlaceAfterARealBackupCopy() throws {
        let fixture = try LegacyStoreFixture()
        defer { fixture.remove() }
        try Self.version4Store(fixture)
        let before = try Self.contents(fixture.path)
        let oldInode = Self.inode(fixture.path).inode
        var events: [MigrationProgress] = []

        let summary = try Migrator(path: fixture.path, options: fixture.options()).run(progress: { events.append($0) })

        #expect(summary.fromVersion == 4 && summary.toVersion == Self.current)
        #expect(events.first?.done == 0 && events.first?.phase == .copy)
        #expect(events.last == MigrationProgress(done: MigrationMeter.scale, total: MigrationMeter.scale, phase: .swap))
        #expect(try Self.int(fixture.path, "PRAGMA user_version") == Self.current)
        #expect(try Self.int(fixture.path, "SELECT count(*) FROM quarantine") == 7)
        #expect(try Self.int(fixture.path, "SELECT count(*) FROM weight_entry") == 5)
        #expect(try Self.strings(fixture.path, "SELECT name FROM item ORDER BY id") == ["Milk", "Flour", "Ghost", "Eggs", "None left", "Owed"])
        #expect(try Self.strings(fixture.path, "SELECT name FROM unit ORDER BY id") == ["kg", "bottle", "New Unit"])
        #expect(try Self.int(fixture.path, "SELECT count(*) FROM place") == 0)
        #expect(try Self.int(fixture.path, "SELECT count(*) FROM aisle") == 0)
        #expect(try Self.int(fixture.path, "SELECT count(*) FROM weight_day") == 0)
        // The backup: a real copy of version 4 (SQLite's backup API, every
        // row of the old file), its own inode; never another name for the
        // file that changed.
        #expect(summary.backupPath == fixture.path + ".v4.bak")
        let backup = fixture.path + ".v4.bak"
        #expect(try Self.contents(backup) == before)
        #expect(Self.inode(backup).inode != Self.inode(fixture.path).inode)
        #expect(Self.inode(backup).inode != oldInode)
        #expect(Self.inode(backup).links == 1)
        #expect(try Self.int(backup, "PRAGMA user_version") == 4)
        #expect(try Self.int(backup, "SELECT count(*) FROM sqlite_master WHERE name IN ('place', 'aisle', 'weight_day')") == 0)
        #expect(fixture.files == ["grocer.sqlite", "grocer.sqlite.v4.bak"])
        let log = try String(contentsOf: fixture.logURL, encoding: .utf8)
        #expect(log.contains("migrated \(fixture.path) from format version 4 to \(Self.current)"))
        // The store opens as current, and its schema is a fresh store's.
        let store = try Store.open(at: fixture.path, mode: .create, zone: .current, stop: StopFlag())
        #expect(try store.quarantinedRows().count == 7)
        try store.close()
    }

    @Test func amountIsTheWholeQuantityAsDecimalTextOrNoneWhenItIsNotSensible() throws {
        let fixture = try LegacyStoreFixture()
        defer { fixture.remove() }
        try Self.version4Store(fixture)
        try Migrator(path: fixture.path, options: fixture.options(backup: false)).run()
        let amounts = try Self.read(fixture.path) { db in
            try Row.fetchAll(db, sql: "SELECT name, amount FROM item ORDER BY id").map {
                "\($0["name"] as String)=\($0["amount"] as String? ?? "nil")"
            }
        }
        #expect(amounts == ["Milk=2", "Flour=1", "Ghost=1", "Eggs=12", "None left=0", "Owed=nil"])
        #expect(try Self.strings(fixture.path, "SELECT DISTINCT typeof(amount) FROM item WHERE amount IS NOT NULL") == ["text"])
    }

    /// A version 4 file changed outside grocer can hold any value in
    /// `quantity`: only a whole number that is not negative becomes an
    /// amount; one that is not a whole number (REAL, BLOB) is quarantined
    /// whole, as the rebuild of an older file does.
    @Test func aHostileQuantityGetsNoAmountAndBreaksNothing() throws {
        let fixture = try LegacyStoreFixture()
        defer { fixture.remove() }
        try Self.version4Store(fixture)
        try fixture.write(
            "",
            rows: """
                INSERT INTO item (id, name, quantity) VALUES (20, 'Real', 1.5), (21, 'Text', '3'), (22, 'Blob', X'33'), (23, 'Big', 9223372036854775807);
                """)
        let summary = try Migrator(path: fixture.path, options: fixture.options(backup: false)).run()
        #expect(
            try Self.strings(fixture.path, "SELECT name || '=' || coalesce(amount, 'nil') FROM item WHERE id >= 20 ORDER BY id")
                == ["Text=3", "Big=9223372036854775807"])
        #expect(summary.quarantined == ["item quantity is not a whole number": 2])
        #expect(
            try Self.strings(fixture.path, "SELECT source_id || ' ' || reason FROM quarantine WHERE source_id >= 20 ORDER BY source_id")
                == ["20 item quantity is not a whole number", "22 item quantity is not a whole number"])
    }

    /// An item whose name is not text or whose quantity is not a whole
    /// number cannot be read: carried, it made `items list` exit 2 and the
    /// list unsyncable until fixed with sqlite3. It is quarantined whole
    /// (the BLOB as x'..' text) and every item left can be read.
    @Test func aVersion4ItemWithABlobNameOrARealQuantityIsQuarantinedAndTheListReads() throws {
        let fixture = try LegacyStoreFixture()
        defer { fixture.remove() }
        try Self.version4Store(fixture)
        let itemsBefore = try Self.int(fixture.path, "SELECT count(*) FROM item") ?? 0
        try fixture.write(
            "",
            rows: """
                INSERT INTO item (id, name, quantity) VALUES (50, X'4D696C6B', 1), (51, 'Butter', 2.5);
                """)
        let summary = try Migrator(path: fixture.path, options: fixture.options(backup: false)).run()
        #expect(summary.quarantined == ["item name is not text": 1, "item quantity is not a whole number": 1])
        #expect(summary.carried["item"] == itemsBefore)
        #expect(
            try Self.strings(fixture.path, "SELECT source_id || ' ' || row_json FROM quarantine WHERE source_id >= 50 ORDER BY source_id")
                == [
                    #"50 {"id":50,"name":"x'4D696C6B'","quantity":1,"listed":1,"collected":0,"unit_id":null}"#,
                    #"51 {"id":51,"name":"Butter","quantity":2.5,"listed":1,"collected":0,"unit_id":null}"#,
                ])
        let store = try Store.open(at: fixture.path, mode: .create, zone: .current, stop: StopFlag())
        defer { try? store.close() }
        let report = try store.groceries.forEachItem { _ in }
        #expect(report.isComplete, "\(report)")
        #expect(try store.groceries.items().count == itemsBefore)
    }

    /// A version 4 file changed outside grocer can hold rows that break its
    /// own CHECKs (written with ignore_check_constraints): the step moves
    /// them whole to quarantine, by reason, instead of stopping on the
    /// first ("CHECK constraint failed", no row named, locked out).
    @Test func rowsBreakingAVersion4CheckAreQuarantinedAndTheStepRuns() throws {
        let fixture = try LegacyStoreFixture()
        defer { fixture.remove() }
        try Self.version4Store(fixture)
        let quarantinedBefore = try Self.int(fixture.path, "SELECT count(*) FROM quarantine") ?? 0
        let itemsBefore = try Self.int(fixture.path, "SELECT count(*) FROM item") ?? 0
        try fixture.write(
            "PRAGMA ignore_check_constraints = ON;",
            rows: """
                INSERT INTO item (id, name, quantity, listed, collected) VALUES (30, 'Seven', 1, 7, 0), (31, 'Odd', 2, 1, -1);
                INSERT INTO weight_entry (id, value, unit, recorded_at) VALUES (40, '11.5', 'stone', 1700000000), (41, 'heavy', 'kg', 1700000001);
                """)
        let summary = try Migrator(path: fixture.path, options: fixture.options(backup: false)).run()
        #expect(try Self.int(fixture.path, "PRAGMA user_version") == Self.current)
        #expect(
            summary.quarantined == [
                "listed is not 0 or 1": 1, "collected is not 0 or 1": 1, "unit is not lbs or kg": 1, "value is not a decimal": 1,
            ])
        #expect(try Self.int(fixture.path, "SELECT count(*) FROM item") == itemsBefore)
        #expect(try Self.int(fixture.path, "SELECT count(*) FROM quarantine") == quarantinedBefore + 4)
        #expect(
            try Self.strings(
                fixture.path,
                "SELECT source_table || ' ' || source_id || ' ' || row_json FROM quarantine WHERE source_id IN (30, 40) ORDER BY source_table")
                == [
                    #"item 30 {"id":30,"name":"Seven","quantity":1,"listed":7,"collected":0,"unit_id":null}"#,
                    #"weight_entry 40 {"id":40,"value":"11.5","unit":"stone","recorded_at":1700000000}"#,
                ])
        #expect(summary.carried["item"] == itemsBefore)
        let store = try Store.open(at: fixture.path, mode: .create, zone: .current, stop: StopFlag())
        #expect(try store.quarantinedRows().count == quarantinedBefore + 4)
        try store.close()
    }

    @Test func deletingAPlaceOrAnAisleLeavesItsItemsWithoutIt() throws {
        let fixture = try LegacyStoreFixture()
        defer { fixture.remove() }
        try Self.version4Store(fixture)
        try Migrator(path: fixture.path, options: fixture.options(backup: false)).run()
        let queue = try DatabaseQueue(path: fixture.path)  // GRDB turns foreign keys on
        defer { try? queue.close() }
        try queue.write { db in
            try db.execute(
                sql: """
                    INSERT INTO place (id, name) VALUES (1, 'Fridge'), (2, 'Pantry');
                    INSERT INTO aisle (id, name, position) VALUES (1, 'Dairy', 1), (2, 'Bakery', 2);
                    UPDATE item SET place_id = 1, aisle_id = 1 WHERE name = 'Milk';
                    UPDATE item SET place_id = 2, aisle_id = 2 WHERE name = 'Flour';
                    DELETE FROM place WHERE id = 1;
                    DELETE FROM aisle WHERE id = 2;
                    """)
        }
        let rows = try queue.read { db in
            try String.fetchAll(
                db,
                sql:
                    "SELECT name || ':' || coalesce(place_id, '-') || ':' || coalesce(aisle_id, '-') FROM item WHERE name IN ('Milk', 'Flour') ORDER BY id"
            )
        }
        #expect(rows == ["Milk:-:1", "Flour:2:-"])
        let keys = try queue.read { db in
            try String.fetchAll(db, sql: #"SELECT "from" || '>' || "table" || ' ' || on_delete FROM pragma_foreign_key_list('item') ORDER BY "from""#)
        }
        // (second_unit_id is version 11's.)
        #expect(keys == ["aisle_id>aisle SET NULL", "place_id>place SET NULL", "second_unit_id>unit SET NULL", "unit_id>unit SET NULL"])
        // An item may not name a place that does not exist.
        #expect(throws: DatabaseError.self) {
            try queue.write { db in try db.execute(sql: "UPDATE item SET place_id = 99 WHERE name = 'Milk'") }
        }
    }

    @Test func placeAndAisleNamesAreUniqueAndAnAmountIsDecimalText() throws {
        let dir = TempDir()
        try Store.open(at: dir.url.appendingPathComponent("s.sqlite").path, mode: .create, zone: .current, stop: StopFlag()).close()
        let queue = try DatabaseQueue(path: dir.path("s.sqlite"))
        defer { try? queue.close() }
        for sql in [
            "INSERT INTO place (name) VALUES ('Fridge'), ('Fridge')",
            "INSERT INTO aisle (name, position) VALUES ('Dairy', 1), ('Dairy', 2)",
            "INSERT INTO item (name, amount) VALUES ('Milk', '1,5')",
            "INSERT INTO item (name, amount) VALUES ('Milk', '-1')",
            "INSERT INTO weight_day (day, unit, hundredths, count) VALUES (1, 'stone', 100, 1)",
            "INSERT INTO weight_day (day, unit, hundredths, count) VALUES (1, 'kg', 100, 0)",
        ] {
            #expect(throws: DatabaseError.self, "\(sql)") { try queue.write { db in try db.execute(sql: sql) } }
        }
        try queue.write { db in try db.execute(sql: "INSERT INTO item (name, amount) VALUES ('Flour', '1.25')") }
    }

    @Test(arguments: [1, 2, 3])
    func anOlderStoreReachesVersion5InOneRunWithOneSwap(version: Int) throws {
        let fixture = try LegacyStoreFixture()
        defer { fixture.remove() }
        try fixture.writeLarge(version: version, weights: 300, items: version >= 2 ? 40 : 0)
        let before = fixture.bytes
        var events: [MigrationProgress] = []

        let summary = try Migrator(path: fixture.path, options: fixture.options()).run(progress: { events.append($0) })

        #expect(summary.fromVersion == version && summary.toVersion == Self.current)
        #expect(try Self.int(fixture.path, "PRAGMA user_version") == Self.current)
        #expect(try Self.int(fixture.path, "SELECT count(*) FROM weight_entry") == 300)
        // One swap: one backup (the old bytes), one log line straight from
        // the old version to the current one, nothing left beside the store.
        #expect(fixture.files == ["grocer.sqlite", "grocer.sqlite.v\(version).bak"])
        #expect(FileManager.default.contents(atPath: fixture.path + ".v\(version).bak") == before)
        let log = try String(contentsOf: fixture.logURL, encoding: .utf8)
        #expect(log.components(separatedBy: "migrated \(fixture.path) from format version").count == 2)
        #expect(log.contains("from format version \(version) to \(Self.current)"))
        #expect(zip(events, events.dropFirst()).allSatisfy { $0.done <= $1.done })
        if version >= 2 {
            #expect(try Self.int(fixture.path, "SELECT count(*) FROM item WHERE amount IS NULL OR amount <> CAST(quantity AS TEXT)") == 0)
            #expect(try Self.strings(fixture.path, "SELECT name FROM unit ORDER BY id") == ["kg", "bottle"])
        } else {
            #expect(try Self.strings(fixture.path, "SELECT name FROM unit") == [])
        }
        try Store.open(at: fixture.path, mode: .create, zone: .current, stop: StopFlag()).close()
    }

    @Test func aFreshStoreOffersTheCommonUnitsAndAMigratedOneOnlyItsOwn() throws {
        let dir = TempDir()
        let fresh = try Store.open(at: dir.url.appendingPathComponent("fresh.sqlite").path, mode: .create, zone: .current, stop: StopFlag())
        #expect(try fresh.groceries.unitNames() == CommonUnits.names)
        try fresh.close()
        // As the old apps' users checked theirs: plain SQL on the file.
        #expect(try Self.strings(dir.path("fresh.sqlite"), "SELECT name FROM unit") == CommonUnits.names)

        let fixture = try LegacyStoreFixture()
        defer { fixture.remove() }
        try Self.version4Store(fixture)
        try Migrator(path: fixture.path, options: fixture.options(backup: false)).run()
        let migrated = try Store.open(at: fixture.path, mode: .create, zone: .current, stop: StopFlag())
        #expect(try migrated.groceries.unitNames() == ["kg", "bottle", "New Unit"])
        try migrated.close()
        #expect(try Self.strings(fixture.path, "SELECT name FROM unit") == ["kg", "bottle", "New Unit"])
    }

    /// The step runs `PRAGMA foreign_key_check` before it commits: a step
    /// that leaves a broken reference is never swapped in.
    @Test func afterTheStepEveryReferenceHolds() throws {
        let fixture = try LegacyStoreFixture()
        defer { fixture.remove() }
        try Self.version4Store(fixture)
        try Migrator(path: fixture.path, options: fixture.options(backup: false)).run()
        #expect(try Self.strings(fixture.path, "SELECT \"table\" FROM pragma_foreign_key_check") == [])
    }
}
