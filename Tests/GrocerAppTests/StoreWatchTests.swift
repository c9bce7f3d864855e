import Foundation
import GrocerCore
import GrocerStore
import Testing

@testable import GrocerApp
@testable import GrocerUI

/// The store watch (inotify on the store's folder, in the mailbox's wait):
/// another connection's write wakes the loop, which then shows the
/// write with no tick of the 1 s poll (the tests' clock never moves and
/// the tick is off). No test times anything: a wait for a wake gives up
/// after 30 s only so that a broken watch fails instead of hanging.
@Suite struct StoreWatchTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("grocer-watch-\(UUID().uuidString)")
    static let noon = FakeClock.noon

    var path: String { folder.appendingPathComponent("grocer.sqlite").path }

    func makeStore() throws -> Store {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return try Store.open(at: path, mode: .create, zone: .current, stop: StopFlag())
    }

    /// Waits (30 s at most, so that a broken watch fails instead of
    /// hanging) for the mailbox's wait to wake, and takes what woke it:
    /// whether the watch then says to check the store. Its timer's own
    /// wakes (the burst going quiet) are waited for too.
    func nextCheck(_ watch: StoreWatch, _ mailbox: Mailbox<Int>) -> Bool {
        for _ in 0..<1000 {
            var fds = [pollfd(fd: mailbox.readFD, events: Int16(POLLIN), revents: 0)]
            guard poll(&fds, 1, 30_000) > 0 else { return false }
            _ = mailbox.drain()
            if watch.take() { return true }
        }
        return false
    }

    @Test func anotherConnectionsWriteWakesTheLoopsWaitForOneCheck() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let mine = try makeStore()
        let other = try Store.open(at: path, mode: .create, zone: .current, stop: StopFlag())
        try mine.weights.add(Weight(digits: "70", unit: .kg)!, at: Self.noon)
        let mailbox = Mailbox<Int>()
        guard let watch = StoreWatch.start(path: path, wakeOn: { mailbox.alsoWake(on: $0) }) else {
            Issue.record("the watch did not start")
            return
        }
        defer { watch.stop() }
        try other.weights.add(Weight(digits: "71", unit: .kg)!, at: Self.noon.addingTimeInterval(60))
        #expect(nextCheck(watch, mailbox))
        // One check covers the whole burst: nothing more to take.
        #expect(!watch.take())
        var fds = [pollfd(fd: mailbox.readFD, events: Int16(POLLIN), revents: 0)]
        #expect(poll(&fds, 1, 0) == 0)
        #expect(try mine.changeCounters().others != 0)
    }

    /// A check that saw no commit asks to look again: the watch's timer
    /// wakes the loop's wait, once per ask, as many times as `lookAgain`
    /// has waits.
    @Test func aLookAgainWakesTheWaitAfterItsDelay() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try makeStore()
        let mailbox = Mailbox<Int>()
        guard let watch = StoreWatch.start(path: path, wakeOn: { mailbox.alsoWake(on: $0) }) else {
            Issue.record("the watch did not start")
            return
        }
        defer { watch.stop() }
        for _ in StoreWatch.lookAgain {
            watch.lookAgainSoon()
            #expect(nextCheck(watch, mailbox))
        }
        // No more: the tick takes over.
        watch.lookAgainSoon()
        var fds = [pollfd(fd: mailbox.readFD, events: Int16(POLLIN), revents: 0)]
        #expect(poll(&fds, 1, 0) == 0)
        #expect(!watch.take())
    }

    @Test func aWriteInAnotherFileOfTheFolderIsNotTheStores() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try makeStore()
        #expect(StoreWatch.split(path) == (folder.path, "grocer.sqlite"))
        let names = StoreWatch.watchedNames("grocer.sqlite").map { String(decoding: $0, as: UTF8.self) }
        #expect(names == ["grocer.sqlite", "grocer.sqlite-wal", "grocer.sqlite-journal"])
        #expect(StoreWatch.split("grocer.sqlite") == (".", "grocer.sqlite"))
        #expect(StoreWatch.split("/grocer.sqlite") == ("/", "grocer.sqlite"))
    }

    @Test func aWatchThatCannotStartIsNoneAndTheTickGoesOn() {
        #expect(StoreWatch.start(path: "/nonexistent-\(UUID().uuidString)/grocer.sqlite", wakeOn: { _ in true }) == nil)
        let live = LiveEffects(
            path: "/nonexistent-\(UUID().uuidString)/grocer.sqlite", environment: [:], zone: { .current }, wakeOn: { _ in true },
            post: { _ in })
        #expect(live.client.watchInterval == AppLoop.watchInterval)
        #expect(!live.watching)
        #expect(live.storeTouched() == false)
    }

    @Test func stoppingTwiceIsOnce() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        _ = try makeStore()
        let watch = StoreWatch.start(path: path, wakeOn: { _ in true })
        #expect(watch != nil)
        watch?.stop()
        watch?.stop()
    }

    /// The live effects on a real store, the loop on a fake terminal whose
    /// clock stands still, the tick off: only the watch can show it.
    @Test func anotherConnectionsWriteShowsOnTheOpenHistoryWithoutTheTick() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let other = try makeStore()
        try other.weights.add(Weight(digits: "70", unit: .kg)!, at: Self.noon.addingTimeInterval(-86_400))
        let mailbox = Mailbox<EffectResult>()
        let live = LiveEffects(
            path: path, environment: ["LANG": "en_US.UTF-8"], zone: { .current }, wakeOn: { mailbox.alsoWake(on: $0) },
            post: { mailbox.post($0) })
        live.watchInterval = nil
        live.answerWait = nil
        guard case .storeOpened? = live.answer(.openStore) else {
            Issue.record("the store did not open")
            return
        }
        #expect(live.watching)
        let clock = FakeClock()
        let terminal = FakeTerminal(
            [
                .keys([.function(3)]),
                .wake(
                    after: { _ = try? other.weights.add(Weight(digits: "71", unit: .kg)!, at: Self.noon.addingTimeInterval(-3600)) },
                    until: { $0.contains(" of 2") }),
                .keys([.function(10)]),
            ], clock: clock, mailbox: mailbox)
        let context = AppContext(
            locales: Locales(
                numeric: Locale(identifier: "en_US"), time: Locale(identifier: "en_US"), monetary: Locale(identifier: "en_US"),
                timeZone: TimeZone(identifier: "UTC")!), storePath: path, defaultUnit: .kg, now: Self.noon)
        let loop = AppLoop(terminal: terminal, effects: live.client, mailbox: mailbox, clock: clock.client)
        let exit = loop.run(AppModel(context: context), from: .weight)
        #expect(!terminal.gaveUpWaiting)
        #expect(exit == .normal)
        #expect(terminal.frames.contains { $0.lines.contains { $0.contains(" of 1") } })
        #expect(terminal.screen.contains(" of 2"))
        #expect(clock.uptime == .zero)
        // `finish` stopped the watch.
        #expect(!live.watching)
    }
}
