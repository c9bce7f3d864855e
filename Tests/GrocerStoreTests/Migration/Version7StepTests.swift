import Foundation
import GRDB
import GrocerCore
import Testing

@testable import GrocerStore

/// Version 6 -> 7: sync's tables (the accounts, the records, the
/// conflicts), added beside the person's data, which the step leaves as it
/// was.
@Suite struct Version7StepTests {
    /// A version 6 store as the release before version 7 left it: the
    /// version 4 store of `Version5StepTests`, stepped to 6 only.
    static func version6Store(_ fixture: LegacyStoreFixture) throws {
        try Version5StepTests.version4Store(fixture)
        try Migrator(path: fixture.path, options: fixture.options(backup: false), steps: [FormatStep.version5, FormatStep.version6]).run()
        try #require(try Version5StepTests.int(fixture.path, "PRAGMA user_version") == 6)
        try FileManager.default.removeItem(at: fixture.logURL)
    }

    @Test func aVersion6StoreKeepsEveryRowAndGainsEmptySyncTables() throws {
        let fixture = try LegacyStoreFixture()
        defer { fixture.remove() }
        try Self.version6Store(fixture)
        try fixture.write("", rows: "UPDATE weight_entry SET note = 'after a run' WHERE id = (SELECT min(id) FROM weight_entry);")
        let before = try Version5StepTests.contents(fixture.path)
        try #require(before.contains { $0.hasPrefix("item ") } && before.contains { $0.contains("after a run") })

        let summary = try Migrator(
            path: fixture.path, options: fixture.options(), steps: [FormatStep.version5, FormatStep.version6, FormatStep.version7]
        ).run()

        #expect(summary.fromVersion == 6 && summary.toVersion == 7)
        // Every row of every table as it was; only the version moved.
        let after = try Version5StepTests.contents(fixture.path)
        #expect(after.filter { !$0.hasPrefix("user_version") } == before.filter { !$0.hasPrefix("user_version") })
        #expect(after.contains("user_version 7"))
        for table in ["sync_account", "sync_record", "sync_conflict"] {
            #expect(try Version5StepTests.int(fixture.path, "SELECT count(*) FROM \(table)") == 0, "\(table)")
        }
        #expect(try Version5StepTests.int(fixture.path + ".v6.bak", "PRAGMA user_version") == 6)
        #expect(fixture.files == ["grocer.sqlite", "grocer.sqlite.v6.bak"])
        // Version 8 (`Version8StepTests`) follows on from it, and sync works
        // on what both make.
        try Migrator(path: fixture.path, options: fixture.options(backup: false)).run()
        let store = try Store.open(at: fixture.path, mode: .create, zone: .current, stop: StopFlag())
        defer { try? store.close() }
        try store.sync.setSyncAccount(SyncAccount(collection: .list, url: "https://dav.example/list/"))
        #expect(try store.sync.syncAccounts().map(\.url) == ["https://dav.example/list/"])
    }

    /// A record outlives its item (a delete here is still to be sent), so
    /// `local_id` is no foreign key; one item is one object (a unique index).
    @Test func aRecordOutlivesItsItemAndOneItemHasOneRecord() throws {
        let groceries = try GroceryFixture()
        try groceries.add("Flour")
        let flour = try groceries.named("Flour")
        let uids = try groceries.store.sync.claimSyncUIDs(.list, localIDs: [flour.id], makeUID: { "u1" })
        try groceries.store.groceries.delete(id: flour.id)
        #expect(try groceries.store.sync.syncRecords(.list) == [SyncRecord(uid: try #require(uids[flour.id]), localID: flour.id)])
        #expect(throws: DatabaseError.self) {
            try groceries.store.writer.base.write { db in
                try db.execute(sql: "INSERT INTO sync_record (collection, uid, local_id) VALUES ('list', 'u2', ?)", arguments: [flour.id])
            }
        }
    }
}
