import Foundation
import GRDB
import GrocerCore
import Synchronization
import Testing

@testable import GrocerStore

/// Every connection is hardened and interruptible; busy is waited for and
/// never called damage; creation is race-free.
@Suite struct ConnectionTests {
    @Test func theStoreConnectionDistrustsTheSchemaAndIsDefensive() throws {
        let dir = TempDir()
        let store = try Store.open(at: dir.url.appendingPathComponent("s.sqlite").path, mode: .create, zone: .current, stop: StopFlag())
        defer { try? store.close() }
        let trusted = try store.writer.read { db in try Int.fetchOne(db, sql: "PRAGMA trusted_schema") }
        #expect(trusted == 0)
        // Defensive mode refuses writes to sqlite_master even with writable_schema.
        #expect(throws: StoreError.self) {
            try store.writer.write { db in
                try db.execute(sql: "PRAGMA writable_schema = ON")
                try db.execute(sql: "UPDATE sqlite_master SET sql = 'x' WHERE name = 'unit'")
            }
        }
        let mode = try store.writer.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") }
        #expect(mode == "wal")
    }

    @Test func aRaisedStopFlagInterruptsAnEndlessStatement() throws {
        let dir = TempDir()
        let stop = StopFlag()
        let store = try Store.open(at: dir.url.appendingPathComponent("s.sqlite").path, mode: .create, zone: .current, stop: stop)
        defer { try? store.close() }
        stop.raise()
        let error = #expect(throws: StoreError.self) {
            try store.writer.read { db in
                try Int.fetchOne(db, sql: "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n")
            }
        }
        #expect(error == .interrupted(path: dir.path("s.sqlite")))
    }

    @Test func raisingTheFlagFromAnotherThreadStopsARunningEndlessView() throws {
        let dir = TempDir()
        let stop = StopFlag()
        let store = try Store.open(at: dir.url.appendingPathComponent("s.sqlite").path, mode: .create, zone: .current, stop: stop)
        defer { try? store.close() }
        let raisedAt = Mutex<ContinuousClock.Instant?>(nil)
        onOwnThread(after: 0.2) {
            raisedAt.withLock { $0 = .now }
            stop.raise()
        }
        let error = #expect(throws: StoreError.self) {
            try store.writer.write { db in
                try db.execute(sql: "CREATE TEMP VIEW forever AS WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT i FROM n")
                return try Int.fetchOne(db, sql: "SELECT count(*) FROM forever")
            }
        }
        let stoppedAfter = raisedAt.withLock { $0 }.map { ContinuousClock.now - $0 }
        print("figure: an endless recursive view stopped \(stoppedAfter.map { "\($0)" } ?? "?") after the flag was raised")
        #expect(error == .interrupted(path: dir.path("s.sqlite")))
    }

    @Test func aSaveWaitsForAnotherGrocersWriteInsteadOfFailing() throws {
        let dir = TempDir()
        let store = try Store.open(at: dir.url.appendingPathComponent("s.sqlite").path, mode: .create, zone: .current, stop: StopFlag())
        defer { try? store.close() }
        let other = try holdingLock(dir.path("s.sqlite"), begin: "BEGIN IMMEDIATE")
        try store.weights.add(Weight(digits: "70", unit: .kg)!, at: Date(timeIntervalSince1970: 1_795_262_400))
        #expect(try store.recentWeights(limit: 5).count == 1)
        try other.close()
    }

    @Test func theJudgeWaitsForAnotherGrocersLockInsteadOfCallingTheFileCorrupt() throws {
        let dir = TempDir()
        let path = try HostileStoreTests.currentStore(dir)
        try dir.sqlite("s.sqlite", "PRAGMA journal_mode = DELETE;")
        let other = try holdingLock(path, sql: "DELETE FROM setting")
        #expect(StoreJudge.judge(path: path, deep: true, stop: StopFlag()).state == .current)
        try other.close()
    }

    @Test(arguments: [
        (ResultCode.SQLITE_BUSY, StoreState?.some(.busy)),
        (.SQLITE_LOCKED, .busy),
        (.SQLITE_INTERRUPT, .busy),
        (.SQLITE_CORRUPT, .corrupt),
        (.SQLITE_NOTADB, .corrupt),
        (ResultCode(rawValue: 8 | (3 << 8)), nil),  // SQLITE_READONLY_ROLLBACK: judge by the header
    ])
    func aFailedReadIsBusyNotDamage(code: ResultCode, state: StoreState?) {
        #expect(StoreJudge.failureJudgement(DatabaseError(resultCode: code), path: "/p")?.state == state)
    }

    @Test func eightGrocersCreatingOneMissingStoreAtOnceAllSucceed() throws {
        let dir = TempDir()
        let url = dir.url.appendingPathComponent("new/s.sqlite")
        let failures = Mutex<[String]>([])
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            do {
                let store = try Store.open(at: url.path, mode: .create, zone: .current, stop: StopFlag())
                try store.weights.add(Weight(digits: "70", unit: .kg)!, at: Date(timeIntervalSince1970: 1_795_262_400))
                try store.close()
            } catch {
                failures.withLock { $0.append("\(error)") }
            }
        }
        #expect(failures.withLock { $0 } == [])
        let store = try Store.open(at: url.path, mode: .create, zone: .current, stop: StopFlag())
        #expect(try store.recentWeights(limit: 20).count == 8)
        try store.close()
        #expect(dir.listing() == ["new"])
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: dir.path("new"))) ?? []) == ["s.sqlite"])
    }

    @Test func aStoreDeletedWhileOpenSaysSoAndSavesNothing() throws {
        let dir = TempDir()
        let store = try Store.open(at: dir.url.appendingPathComponent("s.sqlite").path, mode: .create, zone: .current, stop: StopFlag())
        defer { try? store.close() }
        try FileManager.default.removeItem(atPath: dir.path("s.sqlite"))
        let error = #expect(throws: StoreError.self) {
            try store.weights.add(Weight(digits: "70", unit: .kg)!, at: Date())
        }
        #expect(error == .moved(path: dir.path("s.sqlite")))
    }

    @Test(.enabled(if: getuid() != 0, "root writes to any file"))
    func aReadOnlyStoreSaysSoWithoutSQL() throws {
        let dir = TempDir()
        try Store.open(at: dir.url.appendingPathComponent("s.sqlite").path, mode: .create, zone: .current, stop: StopFlag()).close()
        chmod(dir.path("s.sqlite"), 0o400)
        chmod(dir.url.path, 0o500)
        defer { chmod(dir.url.path, 0o700) }
        let store = try Store.open(at: dir.url.appendingPathComponent("s.sqlite").path, mode: .create, zone: .current, stop: StopFlag())
        let error = #expect(throws: StoreError.self) { try store.weights.add(Weight(digits: "70", unit: .kg)!, at: Date()) }
        #expect(error == .readOnly(path: dir.path("s.sqlite")))
    }
}
