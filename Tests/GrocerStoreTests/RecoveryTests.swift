import Foundation
import GrocerCore
import Testing

@testable import GrocerStore

/// A save killed at the worst instant is recovered, never called damage;
/// reading a store for `store status` leaves nothing beside it.
@Suite struct RecoveryTests {
    static let strace = "/usr/bin/strace"

    /// Runs sqlite3 under strace so that it is killed (SIGKILL) when it
    /// deletes its rollback journal: the commit's pages are in the file and
    /// the journal that undoes them is hot.
    static func killAtJournalDeletion(_ path: String, _ sql: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: strace)
        process.arguments = [
            "-f", "-o", "/dev/null", "-e", "trace=unlink,unlinkat", "-e", "inject=unlink,unlinkat:signal=SIGKILL",
            "/usr/bin/sqlite3", path, sql,
        ]
        try process.run()
        process.waitUntilExit()
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: strace)))
    func aHotJournalIsRolledBackNotCalledCorrupt() throws {
        let dir = TempDir()
        let path = try HostileStoreTests.currentStore(dir)
        try dir.sqlite("s.sqlite", "PRAGMA journal_mode = DELETE;")
        try Self.killAtJournalDeletion(
            path,
            """
            INSERT INTO weight_entry (value, unit, recorded_at)
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000) SELECT '70', 'kg', i FROM n;
            """)
        try #require(FileManager.default.fileExists(atPath: path + "-journal"), "the kill left no journal")
        let judgement = StoreJudge.judge(path: path, stop: StopFlag())
        #expect(judgement.state == .current)
        #expect(!FileManager.default.fileExists(atPath: path + "-journal"))
        let store = try Store.open(at: path, mode: .create, zone: .current, stop: StopFlag())
        #expect(try store.recentWeights(limit: 5000).count == 1)
        try store.close()
        #expect(StoreStatus.read(path: path, stop: StopFlag()).rows["weight_entry"] == 1)
    }

    @Test func statusLeavesNothingBesideAWALStore() throws {
        let dir = TempDir()
        let path = try HostileStoreTests.currentStore(dir)
        try #require(Header(path: path)?.isWAL == true)
        let before = try #require(dir.bytes("s.sqlite"))
        let status = StoreStatus.read(path: path, stop: StopFlag())
        #expect(status.state == .current)
        #expect(status.rows["weight_entry"] == 1)
        #expect(StoreJudge.judge(path: path, deep: true, stop: StopFlag()).state == .current)
        #expect(dir.listing() == ["s.sqlite"])
        #expect(dir.bytes("s.sqlite") == before)
    }

    @Test func statusLeavesNothingBesideAnOlderStoreInWALMode() throws {
        let dir = TempDir()
        try dir.sqlite("old.sqlite", StoreJudgeTests.v1 + "\nPRAGMA journal_mode = WAL;")
        let before = try #require(dir.bytes("old.sqlite"))
        let status = StoreStatus.read(path: dir.path("old.sqlite"), stop: StopFlag())
        #expect(status.state == .needsMigration)
        #expect(status.rows["weight_entry"] == 1)
        #expect(dir.listing() == ["old.sqlite"])
        #expect(dir.bytes("old.sqlite") == before)
    }

    @Test(arguments: [
        "PRAGMA application_id = 1196573522; CREATE TABLE t(x); PRAGMA user_version = 99; PRAGMA journal_mode = WAL;",
        "CREATE TABLE notes(body TEXT); INSERT INTO notes VALUES ('x'); PRAGMA journal_mode = WAL;",
    ])
    func refusedWALFilesStayByteIdenticalWithNothingBeside(sql: String) throws {
        let dir = TempDir()
        try dir.sqlite("w.sqlite", sql)
        let before = try #require(dir.bytes("w.sqlite"))
        _ = StoreStatus.read(path: dir.path("w.sqlite"), stop: StopFlag())
        #expect(throws: StoreError.self) {
            try Store.open(at: dir.url.appendingPathComponent("w.sqlite").path, mode: .create, zone: .current, stop: StopFlag())
        }
        #expect(dir.listing() == ["w.sqlite"])
        #expect(dir.bytes("w.sqlite") == before)
    }

    @Test func statusSeesRowsOnlyInTheWALOfAStoreInUse() throws {
        let dir = TempDir()
        let url = dir.url.appendingPathComponent("s.sqlite")
        let store = try Store.open(at: url.path, mode: .create, zone: .current, stop: StopFlag())
        defer { try? store.close() }
        try store.weights.add(Weight(digits: "70", unit: .kg)!, at: Date(timeIntervalSince1970: 1_795_262_400))
        #expect(StoreStatus.read(path: url.path, stop: StopFlag()).rows["weight_entry"] == 1)
    }

    /// A store copied with its -wal but without its -shm: status reads the
    /// rows only in the -wal and leaves no -shm (nor anything else) beside it.
    @Test func statusOnAWALWithoutItsShmLeavesNothingBeside() throws {
        let dir = TempDir()
        let url = dir.url.appendingPathComponent("s.sqlite")
        let store = try Store.open(at: url.path, mode: .create, zone: .current, stop: StopFlag())
        try store.weights.add(Weight(digits: "70", unit: .kg)!, at: Date(timeIntervalSince1970: 1_795_262_400))
        try store.weights.add(Weight(digits: "71", unit: .kg)!, at: Date(timeIntervalSince1970: 1_795_262_500))
        let copies = TempDir()
        // Copied while the store is open: its rows are in the -wal.
        try FileManager.default.copyItem(atPath: url.path, toPath: copies.path("c.sqlite"))
        try FileManager.default.copyItem(atPath: url.path + "-wal", toPath: copies.path("c.sqlite-wal"))
        try store.close()
        let before = (copies.bytes("c.sqlite"), copies.bytes("c.sqlite-wal"))
        let status = StoreStatus.read(path: copies.path("c.sqlite"), stop: StopFlag())
        #expect(status.state == .current)
        #expect(status.rows["weight_entry"] == 2)
        #expect(copies.listing() == ["c.sqlite", "c.sqlite-wal"])
        #expect(copies.bytes("c.sqlite") == before.0)
        #expect(copies.bytes("c.sqlite-wal") == before.1)
    }
}
