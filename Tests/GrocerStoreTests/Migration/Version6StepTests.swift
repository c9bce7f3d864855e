import Foundation
import GRDB
import GrocerCore
import Testing

@testable import GrocerStore

/// Version 5 -> 6: `weight_entry` and `item` made again with AUTOINCREMENT
/// (an id is never given twice) and a note on each weight entry.
@Suite struct Version6StepTests {
    /// A version 5 store as the release before version 6 left it: the
    /// version 4 store of `Version5StepTests`, stepped to 5 only.
    static func version5Store(_ fixture: LegacyStoreFixture) throws {
        try Version5StepTests.version4Store(fixture)
        try Migrator(path: fixture.path, options: fixture.options(backup: false), steps: [FormatStep.version5]).run()
        try #require(try Version5StepTests.int(fixture.path, "PRAGMA user_version") == 5)
        try FileManager.default.removeItem(at: fixture.logURL)
    }

    static func rows(_ path: String, _ sql: String) throws -> [String] {
        try Version5StepTests.strings(path, sql)
    }

    @Test func aVersion5StoreKeepsEveryRowAndIdAndGainsEmptyNotes() throws {
        let fixture = try LegacyStoreFixture()
        defer { fixture.remove() }
        try Self.version5Store(fixture)
        let weights = "SELECT id || ' ' || value || ' ' || unit || ' ' || recorded_at FROM weight_entry ORDER BY id"
        let items =
            "SELECT id || ' ' || name || ' ' || quantity || ' ' || coalesce(amount, '-') || ' ' || coalesce(unit_id, '-') FROM item ORDER BY id"
        let weightsBefore = try Self.rows(fixture.path, weights)
        let itemsBefore = try Self.rows(fixture.path, items)
        try #require(!weightsBefore.isEmpty && !itemsBefore.isEmpty)

        let summary = try Migrator(path: fixture.path, options: fixture.options()).run()

        #expect(summary.fromVersion == 5 && summary.toVersion == StoreFormat.currentVersion)
        #expect(try Self.rows(fixture.path, weights) == weightsBefore)
        #expect(try Self.rows(fixture.path, items) == itemsBefore)
        #expect(try Self.rows(fixture.path, "SELECT DISTINCT quote(note) FROM weight_entry") == ["''"])
        // SQLite's own counter starts at the highest id each table had.
        #expect(
            try Self.rows(fixture.path, "SELECT name || ' ' || seq FROM sqlite_sequence ORDER BY name")
                == [
                    "item \(try Version5StepTests.int(fixture.path, "SELECT max(id) FROM item") ?? -1)",
                    "weight_entry \(try Version5StepTests.int(fixture.path, "SELECT max(id) FROM weight_entry") ?? -1)",
                ])
        #expect(try Version5StepTests.int(fixture.path + ".v5.bak", "PRAGMA user_version") == 5)
        #expect(try Self.rows(fixture.path, "SELECT \"table\" FROM pragma_foreign_key_check") == [])
        try Store.open(at: fixture.path, mode: .create, zone: .current, stop: StopFlag()).close()
    }

    /// The point of the step (issue 21, #2): a deleted entry's or item's id
    /// is never given to a new one, so an undo that puts it back, or
    /// another grocer still holding it, never meets someone else's row.
    @Test func anIdFreedByADeleteIsNeverGivenAgain() throws {
        let dir = TempDir()
        let store = try Store.open(at: dir.url.appendingPathComponent("s.sqlite").path, mode: .create, zone: .current, stop: StopFlag())
        defer { try? store.close() }
        let day = Date(timeIntervalSince1970: 1_767_000_000)
        let first = try store.weights.add(Weight(digits: "70", unit: .kg)!, at: day)
        let last = try store.weights.add(Weight(digits: "71", unit: .kg)!, at: day.addingTimeInterval(60))
        try store.weights.delete(ids: [last.id])
        let next = try store.weights.add(Weight(digits: "72", unit: .kg)!, at: day.addingTimeInterval(120))
        #expect(next.id == last.id + 1 && first.id < last.id)
        // Undo of the delete gets its own id back.
        #expect(try store.weights.restore([last]).map(\.id) == [last.id])

        let groceries = try GroceryFixture()
        try groceries.add("Flour")
        try groceries.add("Milk")
        let milk = try groceries.named("Milk")
        try groceries.store.groceries.delete(id: milk.id)
        try groceries.add("Eggs")
        #expect(try groceries.named("Eggs").id == milk.id + 1)
    }

    /// A version 5 file changed outside grocer can hold an amount its CHECK
    /// refuses; copying the items into version 6's table checks every row
    /// again, so such a row is quarantined whole first, not a lock-out.
    @Test func anItemBreakingVersion5sAmountCheckIsQuarantinedAndTheStepRuns() throws {
        let fixture = try LegacyStoreFixture()
        defer { fixture.remove() }
        try Self.version5Store(fixture)
        let items = try Version5StepTests.int(fixture.path, "SELECT count(*) FROM item") ?? 0
        try fixture.write(
            "PRAGMA ignore_check_constraints = ON;",
            rows: "INSERT INTO item (id, name, amount) VALUES (50, 'Comma', '1,5');")

        let summary = try Migrator(path: fixture.path, options: fixture.options(backup: false)).run()

        #expect(summary.toVersion == StoreFormat.currentVersion)
        #expect(summary.quarantined == ["amount is not a decimal": 1])
        #expect(try Version5StepTests.int(fixture.path, "SELECT count(*) FROM item") == items)
        #expect(
            try Self.rows(fixture.path, "SELECT row_json FROM quarantine WHERE source_table = 'item' AND source_id = 50")
                == [
                    #"{"id":50,"name":"Comma","quantity":1,"listed":1,"collected":0,"unit_id":null,"place_id":null,"aisle_id":null,"amount":"1,5"}"#
                ])
    }
}

/// A rebuild of an older store makes the current tables empty and copies
/// each row once into them, then runs what the steps do to rows
/// (`FormatStep.rowsSQL`): the same file, row for row, as copying into
/// version 4 and running every step over the rows.
@Suite struct RebuildIntoTheCurrentTablesTests {
    /// The released steps without what they do to rows: a rebuild then runs
    /// each over the copied rows.
    static let stepByStep = FormatStep.released.map { FormatStep(version: $0.version, sql: $0.sql) }

    static func migrated(_ write: (LegacyStoreFixture) throws -> Void, steps: [FormatStep]) throws -> (rows: [String], schema: [String]) {
        let fixture = try LegacyStoreFixture()
        defer { fixture.remove() }
        try write(fixture)
        try Migrator(path: fixture.path, options: fixture.options(backup: false), steps: steps).run()
        let schema = try Version5StepTests.read(fixture.path) { db in
            try String.fetchAll(db, sql: "SELECT type || ' ' || name || ': ' || coalesce(sql, '') FROM sqlite_master ORDER BY name")
        }
        return (try Version5StepTests.contents(fixture.path), schema)
    }

    static let fixtures: [(String, @Sendable (LegacyStoreFixture) throws -> Void)] = [
        ("version 1, dirty rows", { try $0.write(LegacyStoreFixture.version1, rows: MigrationRulesTests.version1Rows) }),
        ("version 2, dirty rows", { try $0.write(LegacyStoreFixture.version2, rows: Version5StepTests.version2Rows) }),
        ("version 3", { try $0.writeLarge(version: 3, weights: 200, items: 40) }),
        ("version 2", { try $0.writeLarge(version: 2, weights: 200, items: 40) }),
    ]

    @Test(arguments: fixtures.indices)
    func theSameFileRowForRow(index: Int) throws {
        let (name, write) = Self.fixtures[index]
        let fast = try Self.migrated(write, steps: FormatStep.released)
        let slow = try Self.migrated(write, steps: Self.stepByStep)
        #expect(fast.rows == slow.rows, "\(name)")
        #expect(fast.schema == slow.schema, "\(name)")
        if name != "version 1, dirty rows" {  // version 1 had no items
            #expect(fast.rows.contains { $0.hasPrefix("item ") && $0.contains("amount:\"") }, "\(name): no item has an amount")
        }
        #expect(fast.rows.contains("user_version \(StoreFormat.currentVersion)"))
    }
}
