import Foundation
import GRDB
import GrocerCore
import Testing

@testable import GrocerStore

/// The screen's launch refuses a store with a damaged page behind a good
/// header, as the commands do, before anything is shown and without
/// making anything beside it; it reads every page only when the file
/// changed since a check last passed on it.
@Suite struct LaunchJudgementTests {
    static let t0 = Date(timeIntervalSince1970: 1_795_262_400)

    /// A current store with a few weights, closed (no -wal, no -shm).
    static func store(_ dir: TempDir) throws -> String {
        let store = try Store.open(at: dir.url.appendingPathComponent("s.sqlite").path, mode: .create, zone: .current, stop: StopFlag())
        for i in 0..<20 { try store.weights.add(Weight(digits: "7\(i % 10)", unit: .kg)!, at: t0.addingTimeInterval(Double(i) * 3600)) }
        try store.close()
        return dir.path("s.sqlite")
    }

    /// Writes over weight_entry's root page in place (the file keeps its
    /// size and header), as `dd conv=notrunc` would.
    static func damageWeightsPage(_ path: String) throws {
        let queue = try DatabaseQueue(path: ReadOnlyFile.immutableURI(path), configuration: Configuration())
        let (page, size) = try queue.read { db in
            (
                try Int.fetchOne(db, sql: "SELECT rootpage FROM sqlite_master WHERE name = 'weight_entry'") ?? 0,
                try Int.fetchOne(db, sql: "PRAGMA page_size") ?? 0
            )
        }
        try queue.close()
        #expect(page > 1)
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.seek(toOffset: UInt64((page - 1) * size))
        handle.write(Data(repeating: 0xA5, count: size))
        try handle.close()
    }

    /// Until the file's last change is older than the clock file times
    /// come from (a condition, not a fixed time: at most one tick).
    static func waitUntilSettled(_ path: String) {
        while StoreFingerprint(path: path)?.isSettled == false { usleep(1000) }
    }

    @Test func aDamagedPageBehindAGoodHeaderIsRefusedAndNothingIsMadeBesideIt() throws {
        let dir = TempDir()
        let path = try Self.store(dir)
        try Self.damageWeightsPage(path)
        let before = dir.bytes("s.sqlite")
        #expect(StoreJudge.judge(path: path).state == .current)  // the header alone passes
        let launch = StoreJudge.judgeAtLaunch(path: path, checked: nil, stop: StopFlag())
        #expect(launch.judgement.state == .corrupt)
        #expect(launch.ranCheck)
        #expect(launch.checked == nil)
        let refusal = StoreError.refusal(at: path, judgement: launch.judgement)
        guard case .corrupt(path, _) = refusal else {
            Issue.record("not refused as damaged: \(refusal)")
            return
        }
        #expect(refusal.errorDescription?.contains("the file was not changed") == true)
        #expect(dir.listing() == ["s.sqlite"])
        #expect(dir.bytes("s.sqlite") == before)
    }

    @Test func aCheckedStoreIsReadAgainOnlyOnceItChanged() throws {
        let dir = TempDir()
        let path = try Self.store(dir)
        Self.waitUntilSettled(path)
        let first = StoreJudge.judgeAtLaunch(path: path, checked: nil, stop: StopFlag())
        #expect(first.judgement.state == .current)
        #expect(first.ranCheck)
        let kept = try #require(first.checked)
        let again = StoreJudge.judgeAtLaunch(path: path, checked: kept, stop: StopFlag())
        #expect(again.judgement.state == .current)
        #expect(!again.ranCheck)
        #expect(again.checked == kept)
        // A save moves the fingerprint: the next launch checks again.
        let store = try Store.open(at: path, mode: .create, zone: .current, stop: StopFlag())
        try store.weights.add(Weight(digits: "80", unit: .kg)!, at: Self.t0)
        try store.close()
        let afterSave = StoreJudge.judgeAtLaunch(path: path, checked: kept, stop: StopFlag())
        #expect(afterSave.ranCheck)
        #expect(afterSave.judgement.state == .current)
    }

    /// The kept fingerprint never hides damage done in place after the
    /// check: the file's change time moved.
    @Test func damageAfterACheckIsFoundAtTheNextLaunch() throws {
        let dir = TempDir()
        let path = try Self.store(dir)
        Self.waitUntilSettled(path)
        let kept = try #require(StoreJudge.judgeAtLaunch(path: path, checked: nil, stop: StopFlag()).checked)
        try Self.damageWeightsPage(path)
        let next = StoreJudge.judgeAtLaunch(path: path, checked: kept, stop: StopFlag())
        #expect(next.ranCheck)
        #expect(next.judgement.state == .corrupt)
        #expect(dir.listing() == ["s.sqlite"])
    }

    /// Another grocer's save holding the file (a rollback-journal store,
    /// its exclusive lock held for a moment) is waited for, never called
    /// damaged; nothing is kept, as the file was busy.
    @Test func aStoreHeldByAnotherGrocerIsWaitedForNotCalledDamaged() throws {
        let dir = TempDir()
        let path = try Self.store(dir)
        try dir.sqlite("s.sqlite", "PRAGMA journal_mode = DELETE;")
        let other = try holdingLock(path, sql: "INSERT INTO weight_entry (value, unit, recorded_at) VALUES ('71', 'kg', 1795262400)")
        let launch = StoreJudge.judgeAtLaunch(path: path, checked: nil, stop: StopFlag())
        try other.close()
        #expect(launch.ranCheck)
        #expect(launch.judgement.state == .current)
    }

    @Test func theFingerprintCountsFramesInTheWALButNotAnEmptyWAL() throws {
        let dir = TempDir()
        let path = try Self.store(dir)
        let alone = try #require(StoreFingerprint(path: path))
        _ = FileManager.default.createFile(atPath: path + "-wal", contents: Data())
        #expect(StoreFingerprint(path: path) == alone)
        _ = FileManager.default.createFile(atPath: path + "-wal", contents: Data(repeating: 1, count: 32))
        #expect(StoreFingerprint(path: path) != alone)
        #expect(StoreFingerprint(path: dir.path("none.sqlite")) == nil)
    }
}
