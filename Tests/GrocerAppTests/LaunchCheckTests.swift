import Foundation
import GrocerCore
import GrocerStore
import GrocerUI
import Synchronization
import Testing

@testable import GrocerApp

/// The launch's check of the store's pages: after the first frame and
/// before the store opens, and only when the file moved since a check
/// passed on it, whichever build's check that was.
@Suite struct LaunchCheckTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("grocer-launch-check-\(UUID().uuidString)")
    var path: String { folder.appendingPathComponent("s.sqlite").path }
    var environment: Environment { Environment(["XDG_STATE_HOME": folder.appendingPathComponent("state").path, "LANG": "en_US.UTF-8"]) }

    func makeStore() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let store = try Store.open(at: path, mode: .create, zone: .current, stop: StopFlag())
        for i in 0..<50 { try store.weights.add(Weight(digits: "7\(i % 10)", unit: .kg)!, at: Date(timeIntervalSince1970: 1.7e9 + Double(i) * 3600)) }
        try store.close()
        // Until the file's change time is older than the clock's tick (a
        // condition, not a time): only then is a fingerprint kept.
        while StoreFingerprint(path: path)?.isSettled == false { usleep(1000) }
    }

    func listing() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0 != "state" }.sorted() }

    /// The last page overwritten in place (the weights were written last):
    /// the header judges the file current, and the store opens; the pages
    /// do not pass.
    func damagePages() throws {
        let size = try #require(FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.seek(toOffset: UInt64(size - 4096))
        handle.write(Data(repeating: 0xA5, count: 4096))
        try handle.close()
    }

    @Test func aDamagedPageIsRefusedRightAfterTheFrameBeforeTheStoreOpens() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try makeStore()
        try damagePages()
        let before = try listing()
        // Before the frame: the header alone, which passes; the pages wait.
        let launch = try Launch.prepare(storePath: path, environment: environment)
        #expect(launch.check.judgement.state == .current)
        #expect(launch.check.pagesPending)
        let effects = LiveEffects(path: path, environment: environment, zone: { .current }, post: { _ in })
        guard case .quit(let exit) = launch.settle(effects: effects) else {
            Issue.record("the damaged store was opened")
            return
        }
        #expect(exit.status == 2)
        #expect(exit.message?.contains("is damaged") == true)
        #expect(try listing() == before)
    }

    /// An upgrade (the cache written by another build) keeps the
    /// fingerprint of the bytes a check passed on; only the hints go.
    @Test func anUpgradeDoesNotCheckAnUnchangedStoreAgain() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try makeStore()
        let first = try Launch.prepare(storePath: path, environment: environment)
        #expect(first.check.pagesPending)
        _ = first.settle(effects: LiveEffects(path: path, environment: environment, zone: { .current }, post: { _ in }))
        let file = FirstFrameCache.path(environment)
        var kept = try #require(FirstFrameCache.read(path: file))
        #expect(kept.checked != nil)
        #expect(kept.hints.date != nil)
        // Another build's, whose ICU said other things.
        kept.executable = "1:2:3:4.5"
        let date = try #require(kept.hints.date)
        kept.hints.date = LongDatePattern(
            localeIdentifier: date.localeIdentifier, pattern: "y", months: date.months, shortMonths: date.shortMonths,
            standaloneMonths: date.standaloneMonths, weekdays: date.weekdays, shortWeekdays: date.shortWeekdays, am: date.am,
            pm: date.pm)
        kept.hints.numeric?.separator = "!"
        try Data(kept.text.utf8).write(to: URL(fileURLWithPath: file))
        #expect(FirstFrameCache.read(path: file) == kept)
        let upgraded = try Launch.prepare(storePath: path, environment: environment)
        #expect(!upgraded.check.pagesPending)
        #expect(upgraded.check.checked == kept.checked)
        #expect(upgraded.hints.date?.pattern != "y")
        #expect(upgraded.hints.numeric?.separator != "!")
        #expect(upgraded.hints.unit == kept.hints.unit)
    }

    /// After another program wrote the store, with every hint kept from the
    /// last launch, the check runs beside the frame (off the path of the
    /// first key) and still refuses a damaged store before it opens; a
    /// first launch (hints guessed) checks before any key, as before.
    @Test func aChangedStoreIsCheckedBesideTheFrameAndStillRefusedWhenDamaged() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try makeStore()
        let first = try Launch.prepare(storePath: path, environment: environment)
        #expect(first.check.pagesPending)
        #expect(!first.checksBesideFrame)
        let firstEffects = LiveEffects(path: path, environment: environment, zone: { .current }, post: { _ in })
        _ = first.settle(effects: firstEffects)
        firstEffects.finish()
        try damagePages()
        let before = try listing()
        let launch = try Launch.prepare(storePath: path, environment: environment)
        #expect(launch.checksBesideFrame)
        let posted = Posted()
        let effects = LiveEffects(path: path, environment: environment, zone: { .current }, post: { posted.add($0) })
        effects.checkBesideFrame(launch)
        // Until the check says it is done (a condition, not a time).
        while posted.all.isEmpty { usleep(1000) }
        #expect(posted.all == [.storeChecked])
        guard case .quit(let exit)? = effects.answer(.openStore) else {
            Issue.record("the damaged store was opened")
            return
        }
        #expect(exit.status == 2)
        #expect(exit.message?.contains("is damaged") == true)
        let after = try listing()
        #expect(after == before)
    }

    /// The cache was kept for another store: its zone, date and separator
    /// still apply, but not its unit, so the first frame shows the
    /// region's, a guess. The check then runs before any key is read, so
    /// no weight is typed against the guess (a test's typing was dropped
    /// under load when it ran beside the frame); the same store next time
    /// checks beside the frame again.
    @Test func anotherStoresCacheChecksBeforeAnyKey() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try makeStore()
        let other = folder.appendingPathComponent("other.sqlite").path
        let elsewhere = try Store.open(at: other, mode: .create, zone: .current, stop: StopFlag())
        try elsewhere.close()
        let before = try Launch.prepare(storePath: other, environment: environment)
        let beforeEffects = LiveEffects(path: other, environment: environment, zone: { .current }, post: { _ in })
        _ = before.settle(effects: beforeEffects)
        beforeEffects.finish()
        let launch = try Launch.prepare(storePath: path, environment: environment)
        #expect(launch.check.pagesPending)
        #expect(launch.hints.unit == nil)
        #expect(!launch.checksBesideFrame)
        let effects = LiveEffects(path: path, environment: environment, zone: { .current }, post: { _ in })
        _ = launch.settle(effects: effects)
        effects.finish()
        try damagePages()
        let again = try Launch.prepare(storePath: path, environment: environment)
        #expect(again.hints.unit != nil)
        #expect(again.checksBesideFrame)
    }

    final class Posted: Sendable {
        private let results = Mutex<[EffectResult]>([])
        func add(_ result: EffectResult) { results.withLock { $0.append(result) } }
        var all: [EffectResult] { results.withLock { $0 } }
    }
}
