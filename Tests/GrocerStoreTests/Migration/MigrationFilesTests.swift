import Foundation
import GRDB
import GrocerCore
import Testing

@testable import GrocerStore

/// The files around a migration: symlinks are followed only where they
/// must be (the store itself), never written through; old stores in WAL
/// mode are read whole and left byte for byte as they were on failure.
@Suite struct MigrationFilesTests {
    func linkTarget(_ path: String) -> String? {
        try? FileManager.default.destinationOfSymbolicLink(atPath: path)
    }

    @Test func aStoreThatIsASymlinkIsMigratedBesideTheRealFileAndTheLinkKept() throws {
        let fixture = try LegacyStoreFixture()
        defer { fixture.remove() }
        try fixture.writeLarge(version: 2, weights: 100, items: 10)
        let real = fixture.dir.appendingPathComponent("real")
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: fixture.path, toPath: real.path + "/grocer.sqlite")
        try FileManager.default.createSymbolicLink(atPath: fixture.path, withDestinationPath: "real/grocer.sqlite")

        let summary = try Migrator(path: fixture.path, options: fixture.options()).run()

        #expect(linkTarget(fixture.path) == "real/grocer.sqlite")
        #expect(StoreJudge.judge(path: real.path + "/grocer.sqlite").state == .current)
        #expect(summary.backupPath == real.path + "/grocer.sqlite.v2.bak")
        #expect(fixture.files == ["grocer.sqlite", "real"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: real.path).sorted() == ["grocer.sqlite", "grocer.sqlite.v2.bak"])
    }

    /// Backups an earlier (killed) run left are never removed, but the
    /// summary names them and the room they take.
    /// A migration reads every page of its copy before the swap; the
    /// summary names the fingerprint of the file then at the path, so the
    /// next launch or command keeps it and does not read every page again
    /// (a version 2 store is rebuilt, a version 12 one grows in a copy). A
    /// write since moves the fingerprint.
    @Test(arguments: [2, 12])
    func theSummaryNamesTheFingerprintOfTheCheckedFile(version: Int) throws {
        let fixture = try LegacyStoreFixture()
        defer { fixture.remove() }
        if version == 12 { try Version14StepTests.version12Store(fixture) } else { try fixture.writeLarge(version: version, weights: 100, items: 10) }
        let summary = try Migrator(path: fixture.path, options: fixture.options()).run()
        let now = try #require(StoreFingerprint(path: fixture.path))
        #expect(summary.checkedFingerprint == now.text)
        #expect(now.isSettled)
        let store = try Store.open(at: fixture.path, mode: .existing, zone: .current, stop: StopFlag())
        try store.weights.add(Weight(digits: "70", unit: .kg)!, at: Date())
        try store.close()
        #expect(StoreFingerprint(path: fixture.path)?.text != summary.checkedFingerprint)
    }

    @Test func earlierBackupsOfTheSameVersionAreNamedWithTheirSize() throws {
        let fixture = try LegacyStoreFixture()
        defer { fixture.remove() }
        try fixture.writeLarge(version: 2, weights: 100, items: 10)
        #expect(FileManager.default.createFile(atPath: fixture.path + ".v2.bak", contents: Data(count: 2_500_000)))
        #expect(FileManager.default.createFile(atPath: fixture.path + ".v2-2.bak", contents: Data(count: 100_000)))
        #expect(FileManager.default.createFile(atPath: fixture.path + ".v2-x.bak", contents: Data(count: 7)))
        #expect(FileManager.default.createFile(atPath: fixture.path + ".v1.bak", contents: Data(count: 7)))
        let summary = try Migrator(path: fixture.path, options: fixture.options()).run()
        #expect(summary.backupPath == fixture.path + ".v2-3.bak")
        #expect(summary.earlierBackups == [fixture.path + ".v2.bak", fixture.path + ".v2-2.bak"])
        #expect(summary.earlierBackupBytes == 2_600_000)
        #expect(
            summary.lines.last
                == "  2 earlier backups of format version 2 beside it take 2.6 MB: \(fixture.path).v2.bak, \(fixture.path).v2-2.bak (remove what you do not need)"
        )
        #expect(MigrationSummary.megabytes(0) == "0.0 MB" && MigrationSummary.megabytes(1_234_567_890) == "1,234.6 MB")
    }

    @Test func aBackupNameTakenByASymlinkToTheStoreIsNeverTheBackup() throws {
        let fixture = try LegacyStoreFixture()
        defer { fixture.remove() }
        try fixture.writeLarge(version: 1, weights: 100)
        let before = fixture.bytes
        try FileManager.default.createSymbolicLink(atPath: fixture.path + ".v1.bak", withDestinationPath: fixture.path)
        let summary = try Migrator(path: fixture.path, options: fixture.options()).run()
        #expect(summary.backupPath == fixture.path + ".v1-2.bak")
        #expect(FileManager.default.contents(atPath: fixture.path + ".v1-2.bak") == before)
        #expect(linkTarget(fixture.path + ".v1.bak") == fixture.path)
    }

    @Test func aDanglingBackupLinkNeverBlocks() throws {
        let fixture = try LegacyStoreFixture()
        defer { fixture.remove() }
        try fixture.writeLarge(version: 3, weights: 100)
        try FileManager.default.createSymbolicLink(atPath: fixture.path + ".v3.bak", withDestinationPath: fixture.dir.path + "/nowhere")
        let summary = try Migrator(path: fixture.path, options: fixture.options()).run()
        #expect(summary.backupPath == fixture.path + ".v3-2.bak")
        #expect(linkTarget(fixture.path + ".v3.bak") == fixture.dir.path + "/nowhere")
        #expect(!FileManager.default.fileExists(atPath: fixture.dir.path + "/nowhere"))
    }

    @Test func filesGrocerMakesAreNeverCreatedThroughASymlink() throws {
        let fixture = try LegacyStoreFixture()
        defer { fixture.remove() }
        let victim = fixture.dir.path + "/victim"
        try Data("precious".utf8).write(to: URL(fileURLWithPath: victim))
        let racing = fixture.path + ".migrating"
        try FileManager.default.createSymbolicLink(atPath: racing, withDestinationPath: victim)
        #expect(throws: MigrationError.self) { try MigrationFiles.createExclusive(racing) }
        #expect(throws: MigrationError.self) { try MigrationFiles.copy(fixture.dir.path + "/victim", to: racing) }
        #expect(FileManager.default.contents(atPath: victim) == Data("precious".utf8))
        // The log neither.
        try FileManager.default.createDirectory(at: fixture.logURL.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: fixture.logURL.path, withDestinationPath: victim)
        MigrationLog(url: fixture.logURL).append(["written through"], at: Date())
        #expect(FileManager.default.contents(atPath: victim) == Data("precious".utf8))
    }

    // MARK: WAL

    /// A version 3 store in WAL mode as a crash leaves it: rows committed
    /// in the -wal, never checkpointed into the file. Made by copying the
    /// files while the writing connection is still open.
    func walStore(_ fixture: LegacyStoreFixture, withSHM: Bool) throws {
        let scratch = fixture.dir.appendingPathComponent("scratch")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        let writer = try DatabaseQueue(path: scratch.path + "/w.sqlite")
        try writer.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0;")
            try db.execute(sql: LegacyStoreFixture.version3)
            try db.execute(sql: "INSERT INTO weight_entry VALUES (1, '80.5', 'kg', 1700000000)")
            try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
            try db.inTransaction {
                try db.execute(
                    sql: """
                        WITH RECURSIVE n(i) AS (SELECT 2 UNION ALL SELECT i + 1 FROM n WHERE i < 3000)
                        INSERT INTO weight_entry SELECT i, '81.' || (i % 10), 'kg', 1700000000 + i * 86400 FROM n;
                        INSERT INTO unit VALUES (1, 'kg');
                        """)
                return .commit
            }
            for suffix in ["", "-wal"] + (withSHM ? ["-shm"] : []) {
                try FileManager.default.copyItem(atPath: scratch.path + "/w.sqlite" + suffix, toPath: fixture.path + suffix)
            }
        }
        try writer.close()
        try FileManager.default.removeItem(at: scratch)
    }

    func companions(_ fixture: LegacyStoreFixture) -> [String: Data] {
        var out: [String: Data] = [:]
        for suffix in ["", "-wal", "-shm"] {
            if let data = FileManager.default.contents(atPath: fixture.path + suffix) { out[suffix] = data }
        }
        return out
    }

    @Test(arguments: [true, false])
    func anOldStoreInWALModeMigratesWithTheRowsOnlyInItsWAL(withSHM: Bool) throws {
        let fixture = try LegacyStoreFixture()
        defer { fixture.remove() }
        try walStore(fixture, withSHM: withSHM)
        let before = companions(fixture)
        try #require(before["-wal"].map { $0.count > 4096 } == true)
        let summary = try Migrator(path: fixture.path, options: fixture.options()).run()
        #expect(summary.carried["weight_entry"] == 3000)
        #expect(summary.carried["unit"] == 1)
        let store = try Store.open(at: fixture.path, mode: .create, zone: .current, stop: StopFlag())
        #expect(try store.rowCounts()["weight_entry"] == 3000)
        try store.close()
        // Nothing of the old file is left beside the new one (SQLite would
        // apply an old -wal to it); the backup holds every old row by itself.
        #expect(fixture.files == ["grocer.sqlite", "grocer.sqlite.v3.bak"])
        let backup = try DatabaseQueue(path: fixture.path + ".v3.bak")
        #expect(try backup.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM weight_entry") } == 3000)
        try backup.close()
    }

    @Test func aWALStoreMigratedWithoutBackupLeavesOnlyTheNewStore() throws {
        let fixture = try LegacyStoreFixture()
        defer { fixture.remove() }
        try walStore(fixture, withSHM: true)
        let summary = try Migrator(path: fixture.path, options: fixture.options(backup: false)).run()
        #expect(summary.carried["weight_entry"] == 3000)
        #expect(fixture.files == ["grocer.sqlite"])
    }

    @Test func aVersion4StoreInWALModeTakesTheStepWithEveryRow() throws {
        let fixture = try LegacyStoreFixture()
        defer { fixture.remove() }
        try fixture.writeLarge(version: 3, weights: 10)
        try Migrator(path: fixture.path, options: fixture.options(backup: false), steps: []).run()
        // Version 4 in WAL mode, rows only in its -wal.
        let scratch = fixture.dir.path + "/scratch.sqlite"
        try FileManager.default.moveItem(atPath: fixture.path, toPath: scratch)
        let writer = try DatabaseQueue(path: scratch)
        try writer.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA journal_mode = WAL; PRAGMA wal_autocheckpoint = 0;")
            try db.execute(sql: "INSERT INTO weight_entry (value, unit, recorded_at) VALUES ('70', 'kg', 1800000000)")
            for suffix in ["", "-wal", "-shm"] { try FileManager.default.copyItem(atPath: scratch + suffix, toPath: fixture.path + suffix) }
        }
        try writer.close()
        try FileManager.default.removeItem(atPath: scratch)
        // The released steps, version 4 -> 5 -> 6.
        let summary = try Migrator(path: fixture.path, options: fixture.options()).run()
        #expect(summary.carried["weight_entry"] == 11)
        #expect(fixture.files == ["grocer.sqlite", "grocer.sqlite.v4.bak"])
        let queue = try DatabaseQueue(path: fixture.path)
        #expect(try queue.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM weight_entry") } == 11)
        #expect(try queue.read { db in try Int.fetchOne(db, sql: "PRAGMA user_version") } == StoreFormat.currentVersion)
        try queue.close()
        let backup = try DatabaseQueue(path: fixture.path + ".v4.bak")
        #expect(try backup.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM weight_entry") } == 11)
        try backup.close()
    }

    /// A kill in the middle of an old release's write leaves a hot journal:
    /// the copy rolls it back (in a snapshot) and carries the committed rows.
    @Test func anOldStoreWithAHotJournalMigratesItsCommittedRows() throws {
        let fixture = try LegacyStoreFixture()
        defer { fixture.remove() }
        try fixture.writeLarge(version: 1, weights: 2000)
        let scratch = fixture.dir.path + "/scratch.sqlite"
        try FileManager.default.moveItem(atPath: fixture.path, toPath: scratch)
        let writer = try DatabaseQueue(path: scratch)
        try writer.writeWithoutTransaction { db in
            try db.execute(sql: "PRAGMA cache_size = 1; BEGIN; DELETE FROM weight_entry WHERE id > 10; UPDATE weight_entry SET weight_lbs = 1;")
            for suffix in ["", "-journal"] { try FileManager.default.copyItem(atPath: scratch + suffix, toPath: fixture.path + suffix) }
            try db.execute(sql: "ROLLBACK")
        }
        try writer.close()
        try FileManager.default.removeItem(atPath: scratch)
        try #require(FileManager.default.fileExists(atPath: fixture.path + "-journal"))
        let summary = try Migrator(path: fixture.path, options: fixture.options()).run()
        #expect(summary.carried["weight_entry"] == 2000)
        #expect(fixture.files == ["grocer.sqlite", "grocer.sqlite.v1.bak"])
    }

    @Test(arguments: [true, false])
    func aFailedMigrationLeavesAWALStoreAndItsCompanionsByteIdentical(withSHM: Bool) throws {
        let fixture = try LegacyStoreFixture()
        defer { fixture.remove() }
        try walStore(fixture, withSHM: withSHM)
        let before = companions(fixture)
        var calls = 0
        #expect(throws: MigrationError.cancelled(path: fixture.path)) {
            try Migrator(path: fixture.path, options: fixture.options()).run(isCancelled: {
                calls += 1
                return calls > 1
            })
        }
        #expect(companions(fixture) == before)
        #expect(fixture.files == (withSHM ? ["grocer.sqlite", "grocer.sqlite-shm", "grocer.sqlite-wal"] : ["grocer.sqlite", "grocer.sqlite-wal"]))
    }
}
