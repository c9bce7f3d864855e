import Foundation
import GrocerApp
import GrocerCore
import Testing

@testable import GrocerUI

/// A weight saved on the weight screen goes out a few seconds later with
/// no other screen opened, on the loop's own timer (the fake clock moves
/// only when the loop waits for it).
@Suite struct AppLoopSyncTests {
    /// Every effect performed, with the uptime it was performed at.
    final class Log: @unchecked Sendable {
        var performed: [(Effect, Duration)] = []
    }

    func run(_ script: [FakeTerminal.Step], status: SyncStatus) -> (Log, FakeTerminal) {
        let clock = FakeClock()
        let mailbox = Mailbox<EffectResult>()
        let terminal = FakeTerminal(script, clock: clock, mailbox: mailbox)
        let effects = AppLoopTests.Effects()
        effects.results = [(.sync(.status), .sync(.status(status)))]
        effects.post = { mailbox.post($0) }
        let inner = effects.client
        let log = Log()
        let client = AppEffects(perform: { effect in
            log.performed.append((effect, clock.uptime))
            inner.perform(effect)
        })
        let context = AppContext(
            locales: Locales(
                numeric: Locale(identifier: "en_US"), time: Locale(identifier: "en_US"), monetary: Locale(identifier: "en_US"),
                timeZone: TimeZone(identifier: "UTC")!), storePath: "/home/me/grocer.sqlite", defaultUnit: .lbs, now: FakeClock.noon)
        _ = AppLoop(terminal: terminal, effects: client, mailbox: mailbox, clock: clock.client).run(AppModel(context: context), from: .weight)
        return (log, terminal)
    }

    @Test func aSavedWeightAsksTheStatusAtOnceAndSyncsFiveSecondsLater() {
        let (log, terminal) = run(
            [.keys("72.5".map(Key.char)), .keys([.enter]), .waitForTimer, .waitForTimer, .waitForTimer],
            status: SyncStatus(lastSync: nil, waiting: 1))
        let syncs = log.performed.filter { if case .sync = $0.0 { true } else { false } }
        #expect(syncs.map(\.0) == [.sync(.status), .sync(.now)])
        #expect(syncs.map(\.1) == [.zero, .seconds(5)])
        // The history the save shows says the weight waits.
        #expect(terminal.frames.contains { $0.lines[0].contains("sync: 1 waiting") })
    }

    @Test func withSyncNotSetUpNothingButTheStatusIsAsked() {
        let (log, _) = run([.keys("72.5".map(Key.char)), .keys([.enter]), .waitForTimer, .waitForTimer, .waitForTimer], status: .notSetUp)
        #expect(log.performed.filter { $0.0 == .sync(.now) }.isEmpty)
        #expect(log.performed.contains { $0.0 == .sync(.status) })
    }
}
