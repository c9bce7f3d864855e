import Foundation
import GRDB
import GrocerCore
import Testing

@testable import GrocerStore

/// Version 8 -> 9: each sync record's `previous` (the copy agreed on
/// before the current one), so a stale write is seen.
@Suite struct Version9StepTests {
    /// A version 8 store with a sync account and a record.
    static func version8Store(_ fixture: LegacyStoreFixture) throws {
        try Version8StepTests.version7Store(fixture)
        try Migrator(
            path: fixture.path, options: fixture.options(backup: false),
            steps: [FormatStep.version5, FormatStep.version6, FormatStep.version7, FormatStep.version8]
        )
        .run()
        try fixture.write(
            "",
            rows: """
                INSERT INTO sync_account (collection, url) VALUES ('weights', 'http://127.0.0.1:5232/alice/weights/');
                INSERT INTO sync_record (collection, uid, href, etag, agreed, local_id)
                  VALUES ('weights', 'u1', 'http://127.0.0.1:5232/alice/weights/u1.ics', '"e1"', x'424547494e', NULL);
                """)
        try #require(try Version5StepTests.int(fixture.path, "PRAGMA user_version") == 8)
        try FileManager.default.removeItem(at: fixture.logURL)
    }

    @Test func version9IsTheFifthReleasedStep() {
        #expect(FormatStep.released.map(\.version).prefix(5) == [5, 6, 7, 8, 9])
    }

    @Test func aVersion8StoreKeepsItsRecordsWithNoPreviousCopy() throws {
        let fixture = try LegacyStoreFixture()
        defer { fixture.remove() }
        try Self.version8Store(fixture)
        let before = try Version5StepTests.contents(fixture.path)

        let summary = try Migrator(path: fixture.path, options: fixture.options()).run()

        #expect(summary.fromVersion == 8 && summary.toVersion == StoreFormat.currentVersion)
        let after = try Version5StepTests.contents(fixture.path)
        // (The later steps' columns, empty, are not this step's.)
        let without = after.map {
            $0.replacingOccurrences(of: " previous:NULL sort_order:NULL", with: "")
                .replacingOccurrences(of: #" note:"" second_amount:NULL second_unit_id:NULL"#, with: "")
                .replacingOccurrences(of: " body_fat:NULL", with: "").replacingOccurrences(of: " fat_hundredths:0 fat_count:0", with: "")
                .replacingOccurrences(of: " agreed_reading:NULL", with: "")
        }
        #expect(without.filter { !$0.hasPrefix("user_version") } == before.filter { !$0.hasPrefix("user_version") })
        #expect(after.contains { $0.hasPrefix("sync_record [") && $0.contains("previous:NULL sort_order:NULL") }, "\(after)")
        // Its schema is a fresh store's, and it opens and reads the record.
        #expect(try SchemaCheckTests.tableTexts(fixture.path) == SchemaCheck.expectedSQL)
        let store = try Store.open(at: fixture.path, mode: .create, zone: .current, stop: StopFlag())
        defer { try? store.close() }
        let records = try store.sync.syncRecords(.weights)
        #expect(records.map(\.uid) == ["u1"] && records.first?.previous == nil && records.first?.agreed == Array("BEGIN".utf8))
        // No reading kept (version 13): the engine reads the copy.
        #expect(records.first?.agreedReading == nil)
    }

    /// The store keeps what the engine gives it, and gives it back.
    @Test func aRecordKeepsItsPreviousCopy() throws {
        let store = try Store.open(at: ":memory:", mode: .memory, zone: .current, stop: StopFlag())
        try store.sync.setSyncAccount(SyncAccount(collection: .list, url: "http://127.0.0.1:5232/alice/groceries/"))
        var batch = SyncBatch()
        batch.records = [
            SyncRecord(uid: "u1", href: "/alice/groceries/u1.ics", etag: "\"e2\"", agreed: [1, 2], previous: [3, 4], sortOrder: 1_000_020_001)
        ]
        try store.sync.applySync(.list, batch, locale: Locale(identifier: "en_US_POSIX"))
        #expect(try store.sync.syncRecords(.list).map(\.previous) == [[3, 4]])
        #expect(try store.sync.syncRecords(.list).map(\.sortOrder) == [1_000_020_001])
    }
}
