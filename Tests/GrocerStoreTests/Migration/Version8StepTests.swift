import Foundation
import GRDB
import GrocerCore
import Testing

@testable import GrocerStore

/// Version 7 -> 8: each item's name key (`ItemNameKey`), indexed, so the
/// duplicate check of quick entry is a lookup, not a comparison with every
/// name; and the trigger that forgets a key when another tool renames.
@Suite struct Version8StepTests {
    /// A version 7 store as the release before version 8 left it, with
    /// names whose keys fold case, accents, width and the Turkic "i".
    static func version7Store(_ fixture: LegacyStoreFixture) throws {
        try Version7StepTests.version6Store(fixture)
        try Migrator(
            path: fixture.path, options: fixture.options(backup: false), steps: [FormatStep.version5, FormatStep.version6, FormatStep.version7]
        )
        .run()
        try fixture.write(
            "",
            rows: """
                INSERT INTO item (id, name) VALUES (20, 'Crème Fraîche'), (21, 'ＭＩＬＫ'), (22, 'İSTANBUL Simit'), (23, x'6d696c6b');
                """)
        try #require(try Version5StepTests.int(fixture.path, "PRAGMA user_version") == 7)
        try FileManager.default.removeItem(at: fixture.logURL)
    }

    static func keys(_ path: String) throws -> [String] {
        try Version5StepTests.read(path) { db in
            try Row.fetchAll(db, sql: "SELECT id, name_key FROM item ORDER BY id").map { "\($0[0] as Int64) \($0[1] as String? ?? "NULL")" }
        }
    }

    /// A raw write to the file, as the sqlite3 tool would make it.
    static func outside(_ path: String, _ sql: String) throws {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        try queue.writeWithoutTransaction { db in try db.execute(sql: sql) }
    }

    @Test func version8IsTheFourthReleasedStep() {
        #expect(FormatStep.released.map(\.version).prefix(4) == [5, 6, 7, 8])
    }

    @Test func aVersion7StoreKeepsEveryRowAndEachItemGainsItsKey() throws {
        let fixture = try LegacyStoreFixture()
        defer { fixture.remove() }
        try Self.version7Store(fixture)
        let before = try Version5StepTests.contents(fixture.path)

        let summary = try Migrator(path: fixture.path, options: fixture.options()).run()

        #expect(summary.fromVersion == 7 && summary.toVersion == StoreFormat.currentVersion)
        // Every row as it was but for the new column; each text name keyed.
        // The item whose name is not text (23), which grocer cannot read,
        // is quarantined whole (issue 31), as the rebuild of older files does.
        let after = try Version5StepTests.contents(fixture.path)
        // (The later steps' columns, empty, are not this step's.)
        let unkeyed = after.map {
            $0.replacingOccurrences(of: #" name_key:(NULL|"[^"]*")"#, with: "", options: .regularExpression)
                .replacingOccurrences(of: #" note:"" second_amount:NULL second_unit_id:NULL"#, with: "")
                .replacingOccurrences(of: " body_fat:NULL", with: "").replacingOccurrences(of: " fat_hundredths:0 fat_count:0", with: "")
        }
        let quarantined = unkeyed.filter { $0.hasPrefix("quarantine [") && $0.contains("source_id:23 ") }
        #expect(quarantined.count == 1 && quarantined.first?.contains(#"reason:"item name is not text""#) == true, "\(quarantined)")
        #expect(summary.quarantined == ["item name is not text": 1])
        #expect(
            unkeyed.filter { !$0.hasPrefix("user_version") && !quarantined.contains($0) }
                == before.filter { !$0.hasPrefix("user_version") && !$0.hasPrefix("item [id:23 ") })
        let names = try Version5StepTests.read(fixture.path) { db in
            try Row.fetchAll(db, sql: "SELECT id, name FROM item WHERE typeof(name) = 'text' ORDER BY id").map { ($0[0] as Int64, $0[1] as String) }
        }
        try #require(names.count >= 5)
        let expected = try Version5StepTests.read(fixture.path) { db in
            try Row.fetchAll(db, sql: "SELECT id, typeof(name) FROM item ORDER BY id").map { row -> String in
                let id: Int64 = row[0]
                guard let name = names.first(where: { $0.0 == id })?.1 else { return "\(id) NULL" }
                return "\(id) \(ItemNameKey.of(name))"
            }
        }
        #expect(try Self.keys(fixture.path) == expected)
        #expect(try Self.keys(fixture.path).contains("20 creme fraiche"))
        #expect(try Self.keys(fixture.path).contains("21 milk"))
        #expect(try Self.keys(fixture.path).contains("22 istanbul simit"))
        #expect(try !Self.keys(fixture.path).contains { $0.hasPrefix("23 ") })
        #expect(try Version5StepTests.int(fixture.path + ".v7.bak", "PRAGMA user_version") == 7)
        // Its schema is a fresh store's, trigger and index too, and it opens.
        #expect(try SchemaCheckTests.tableTexts(fixture.path) == SchemaCheck.expectedSQL)
        let objects = try Version5StepTests.read(fixture.path) { db in try SchemaCheck.objects(in: db) }
        #expect(objects.triggers == SchemaCheck.expectedObjects.triggers)
        #expect(objects.indexes == SchemaCheck.expectedObjects.indexes)
        try Store.open(at: fixture.path, mode: .create, zone: .current, stop: StopFlag()).close()
    }

    /// The lookup reads the index, not the table: red if the step's index
    /// or the query's use of it goes.
    @Test func theDuplicateCheckIsALookupByTheKeysIndex() throws {
        let f = try GroceryFixture()
        try f.add("Milk")
        let plan = try f.store.writer.base.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + ItemRecord.keyCandidates, arguments: ["milk"]).map { $0["detail"] as String }
        }
        #expect(
            plan.allSatisfy { $0.contains("USING INDEX item_by_name_key") || $0.hasPrefix("MULTI-INDEX OR") || $0.hasPrefix("INDEX ") }, "\(plan)")
        #expect(!plan.contains { $0.hasPrefix("SCAN item") }, "\(plan)")
    }

    /// grocer writes the key with every name, renames too.
    @Test func everyWriteKeepsTheKey() throws {
        let f = try GroceryFixture()
        try f.add("Crème brûlée")
        let item = try f.named("Crème brûlée")
        try f.store.groceries.edit(id: item.id, GroceryItemEdit(name: "Œufs"), locale: f.en)
        #expect(try Self.keys(f.dir.url.appendingPathComponent("grocer.sqlite").path) == ["\(item.id) œufs"])
        try f.store.groceries.edit(id: item.id, GroceryItemEdit(name: "ŒUFS"), locale: f.en)
        #expect(try Self.keys(f.dir.url.appendingPathComponent("grocer.sqlite").path) == ["\(item.id) œufs"])
    }

    /// Another tool renames "Milk" to "Eggs" without a key: the trigger
    /// forgets the old key, so "eggs" still finds the item (and keys it);
    /// red without the trigger, when "eggs" would add a second item.
    @Test func aRenameOutsideGrocerLeavesNoStaleKey() throws {
        let f = try GroceryFixture()
        let path = f.dir.url.appendingPathComponent("grocer.sqlite").path
        try f.add("Milk")
        let milk = try f.named("Milk")
        try Self.outside(path, "UPDATE item SET name = 'Eggs' WHERE id = \(milk.id)")
        #expect(try Self.keys(path) == ["\(milk.id) NULL"])
        // The next lookup compares it by hand and keys it.
        try f.add("Flour")
        let flour = try f.named("Flour")
        #expect(try Self.keys(path) == ["\(milk.id) eggs", "\(flour.id) flour"])
        // Another case in ASCII is the same key: kept.
        try Self.outside(path, "UPDATE item SET name = 'FLOUR' WHERE id = \(flour.id)")
        #expect(try Self.keys(path) == ["\(milk.id) eggs", "\(flour.id) flour"])

        let change = try f.add("eggs")
        #expect(change.edits.map(\.id) == [milk.id])
        #expect(try f.store.groceries.items().count == 2)
        #expect(try Self.keys(path) == ["\(milk.id) eggs", "\(flour.id) flour"])
    }

    /// A row another tool inserted has no key: found all the same, and keyed.
    @Test func anItemWrittenWithoutAKeyIsFoundAndKeyed() throws {
        let f = try GroceryFixture()
        let path = f.dir.url.appendingPathComponent("grocer.sqlite").path
        try Self.outside(path, "INSERT INTO item (id, name, listed) VALUES (7, 'Pâte feuilletée', 0)")
        let change = try f.add("PÂTE FEUILLETÉE")
        #expect(change.edits.map(\.id) == [7])
        #expect(try Self.keys(path) == ["7 pate feuilletee"])
        // A key that differs from the name's is not the name: a new item.
        try Self.outside(path, "INSERT INTO item (id, name, name_key) VALUES (8, 'Salt', 'pepper')")
        #expect(try f.add("salt").edits.map(\.id) != [8])
    }
}
