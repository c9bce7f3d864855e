import Foundation
import GrocerCore
import GrocerStore
import Synchronization
import Testing

@testable import GrocerApp
@testable import GrocerUI

/// A sync runner whose network sync blocks until the test lets it go (or
/// five seconds pass: then it notes it timed out, so a loop that waited for
/// it fails the test instead of hanging it).
final class FakeSyncRunner: Sendable {
    struct State {
        var status = SyncStatus(lastSync: nil, waiting: 2)
        var conflicts: [SyncConflictLine] = []
        var syncs = 0
        var timedOut = false
        var taken: [Int64] = []
        var dismissed: [Int64] = []
        var failRead = false
    }
    struct ReadFailed: Error {}

    let state = Mutex(State())
    let started = DispatchSemaphore(value: 0)
    let gate = DispatchSemaphore(value: 0)

    var syncs: Int { state.withLock { $0.syncs } }
    var timedOut: Bool { state.withLock { $0.timedOut } }

    func waitForRelease() -> Bool { gate.wait(timeout: .now() + 5) == .success }

    var runner: SyncRunner {
        SyncRunner(
            status: { [self] _ in
                try state.withLock {
                    if $0.failRead { throw ReadFailed() }
                    return $0.status
                }
            },
            syncNow: { [self] _ in
                state.withLock { $0.syncs += 1 }
                started.signal()
                let released = waitForRelease()
                return state.withLock {
                    if !released { $0.timedOut = true }
                    $0.status = SyncStatus(lastSync: FakeClock.noon)
                    return $0.status
                }
            },
            conflicts: { [self] _ in state.withLock { $0.conflicts } },
            takeOther: { [self] _, id in
                state.withLock {
                    $0.taken.append(id)
                    $0.conflicts.removeAll { $0.id == id }
                }
            },
            dismiss: { [self] _, id in
                state.withLock {
                    $0.dismissed.append(id)
                    $0.conflicts.removeAll { $0.id == id }
                }
            })
    }
}

/// Results posted to the mailbox, one semaphore signal each.
final class Posted: Sendable {
    let results = Mutex<[EffectResult]>([])
    let arrived = DispatchSemaphore(value: 0)
    func post(_ result: EffectResult) {
        results.withLock { $0.append(result) }
        arrived.signal()
    }
    /// Waits for the next result (at most five seconds).
    func next() -> EffectResult? {
        guard arrived.wait(timeout: .now() + 5) == .success else { return nil }
        return results.withLock { $0.last }
    }
}

@Suite struct LiveEffectsSyncTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("grocer-live-sync-\(UUID().uuidString)")

    /// Without a runner (a build without sync) sync is not set up, said at once.
    @Test func withoutARunnerSyncIsNotSetUp() {
        let live = LiveEffects(
            path: "/nowhere/grocer.sqlite", environment: [:], zone: { .current }, post: { result in Issue.record("posted \(result)") })
        #expect(live.answer(.sync(.status)) == .sync(.status(.notSetUp)))
        #expect(live.answer(.sync(.now)) == .sync(.synced(.notSetUp)))
        #expect(live.answer(.sync(.conflicts)) == .sync(.conflicts([])))
        #expect(live.answer(.sync(.takeOther(id: 1))) == .sync(.failed(.takeOther(id: 1), GroceriesScreen.notSetUpLine)))
    }

    /// A sync asked for while one runs is not started: the running one's
    /// end is the answer. A status read meanwhile says it runs.
    @Test func aRunningSyncIsNotStartedTwice() {
        let fake = FakeSyncRunner()
        let posted = Posted()
        let live = LiveEffects(
            path: "/nowhere/grocer.sqlite", environment: [:], zone: { .current }, syncRunner: fake.runner, post: { posted.post($0) })
        live.perform(.sync(.now))
        #expect(fake.started.wait(timeout: .now() + 5) == .success)
        live.perform(.sync(.now))
        live.perform(.sync(.status))
        #expect(posted.next() == .sync(.status(SyncStatus(lastSync: nil, waiting: 2, running: true))))
        fake.gate.signal()
        #expect(posted.next() == .sync(.synced(SyncStatus(lastSync: FakeClock.noon))))
        #expect(fake.syncs == 1)
        // Once it ended, another may start.
        live.perform(.sync(.now))
        #expect(fake.started.wait(timeout: .now() + 5) == .success)
        fake.gate.signal()
        #expect(posted.next() == .sync(.synced(SyncStatus(lastSync: FakeClock.noon))))
        #expect(fake.syncs == 2)
    }

    @Test func takingTheOtherValueAndDismissingAnswerWithTheConflictsLeft() {
        let fake = FakeSyncRunner()
        let lines = [7, 9].map {
            SyncConflictLine(id: $0, title: "flour", field: "quantity", here: "2 kg", there: "3 kg", kept: .remote, at: FakeClock.noon)
        }
        fake.state.withLock { $0.conflicts = lines }
        let posted = Posted()
        let live = LiveEffects(
            path: "/nowhere/grocer.sqlite", environment: [:], zone: { .current }, syncRunner: fake.runner, post: { posted.post($0) })
        live.perform(.sync(.conflicts))
        #expect(posted.next() == .sync(.conflicts(lines)))
        live.perform(.sync(.takeOther(id: 7)))
        #expect(posted.next() == .sync(.conflicts([lines[1]])))
        live.perform(.sync(.dismiss(id: 9)))
        #expect(posted.next() == .sync(.conflicts([])))
        #expect(fake.state.withLock { ($0.taken, $0.dismissed) } == ([7], [9]))
        // A read that fails is one line, for the request asked.
        fake.state.withLock { $0.failRead = true }
        live.perform(.sync(.status))
        guard case .sync(.failed(.status, let line))? = posted.next() else {
            Issue.record("no failure")
            return
        }
        #expect(line.hasPrefix("Sync could not read the store"))
    }

    /// Through the loop on a real store: the grocery screen opens, asks the
    /// status, then a sync; while the runner is held in the "network", the
    /// loop goes on taking keys (Tab shows Shop, the header says
    /// syncing…); when it is let go, the header says synced.
    @Test func theNetworkSyncRunsOffTheLoopsThreadAndKeysGoOn() throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let url = folder.appendingPathComponent("grocer.sqlite")
        let fake = FakeSyncRunner()
        let clock = FakeClock()
        let mailbox = Mailbox<EffectResult>()
        let statusPosted = DispatchSemaphore(value: 0)
        let syncedPosted = DispatchSemaphore(value: 0)
        let live = LiveEffects(
            path: url.path, environment: ["LANG": "en_US.UTF-8"], zone: { .current },
            store: try Store.open(at: url.path, mode: .create, zone: .current, stop: StopFlag()), syncRunner: fake.runner,
            post: { result in
                mailbox.post(result)
                if case .sync(.status) = result { statusPosted.signal() }
                if case .sync(.synced) = result { syncedPosted.signal() }
            })
        live.answerWait = nil
        let terminal = FakeTerminal(
            [
                // The status is in the mailbox: the loop starts the sync.
                .call { _ = statusPosted.wait(timeout: .now() + 5) },
                // The runner is in the network now, held there.
                .call { _ = fake.started.wait(timeout: .now() + 5) },
                .keys([.tab]),
                .call {
                    fake.gate.signal()
                    _ = syncedPosted.wait(timeout: .now() + 5)
                },
                .keys([]),
            ], clock: clock, mailbox: mailbox)
        let context = AppContext(
            locales: Locales(
                numeric: Locale(identifier: "en_US"), time: Locale(identifier: "en_US"), monetary: Locale(identifier: "en_US"),
                timeZone: TimeZone(identifier: "UTC")!), storePath: url.path, defaultUnit: .lbs, now: FakeClock.noon)
        let loop = AppLoop(terminal: terminal, effects: live.client, mailbox: mailbox, clock: clock.client)
        _ = loop.run(AppModel(context: context), from: .groceries)
        #expect(!fake.timedOut, "the loop waited for the network")
        #expect(fake.syncs == 1)
        let headers = terminal.frames.map { $0.lines[0] }
        #expect(headers.contains { $0.hasSuffix("0 of 0 ticked   syncing… · 2 waiting") }, "\(headers)")
        #expect(headers.last?.hasSuffix("0 of 0 ticked   synced just now") == true, "\(headers)")
    }
}
