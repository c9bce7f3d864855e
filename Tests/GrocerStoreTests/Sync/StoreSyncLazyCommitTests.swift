import Foundation
import GRDB
import GrocerCore
import Testing

@testable import GrocerStore

/// A push's batch committed without waiting for the disk (issue 36,
/// `SyncBatch.lazyCommit`): applied whole like any batch, and the
/// connection's own `synchronous` back once it is committed, so every
/// other save still waits for the disk. And each record's kept reading
/// (format version 13, issue 35) kept as written.
@Suite struct StoreSyncLazyCommitTests {
    static let listURL = "https://dav.example/grocer/list/"

    func synchronous(_ store: Store) throws -> Int? {
        try store.writer.read { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") }
    }

    @Test func aLazyBatchIsAppliedAndTheConnectionWaitsForTheDiskAgain() throws {
        let f = try GroceryFixture()
        try f.store.sync.setSyncAccount(SyncAccount(collection: .list, url: Self.listURL))
        #expect(try f.store.writer.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") } == "wal")
        let before = try synchronous(f.store)
        #expect(before == 2)
        var batch = SyncBatch()
        batch.lazyCommit = true
        batch.records = [SyncRecord(uid: "u1", href: "/grocer/list/u1.ics", etag: "\"e1\"", agreed: [0x41], agreedReading: "1:1")]
        try f.store.sync.applySync(.list, batch, locale: Locale(identifier: "en_US"))
        #expect(try synchronous(f.store) == before)
        #expect(try f.store.sync.syncRecords(.list) == batch.records)
        // Seen by another connection: committed.
        let other = try DatabaseQueue(path: f.store.path)
        #expect(try other.read { db in try String.fetchOne(db, sql: "SELECT agreed_reading FROM sync_record") } == "1:1")
        try other.close()
    }

    @Test func aRefusedLazyBatchLeavesNothingAndTheSettingAsItWas() throws {
        let f = try GroceryFixture()
        // No account: the batch is refused.
        var batch = SyncBatch()
        batch.lazyCommit = true
        batch.records = [SyncRecord(uid: "u1", href: "/grocer/list/u1.ics")]
        #expect(throws: StoreError.self) { try f.store.sync.applySync(.list, batch, locale: Locale(identifier: "en_US")) }
        #expect(try synchronous(f.store) == 2)
        #expect(try f.store.sync.syncRecords(.list).isEmpty)
    }
}
