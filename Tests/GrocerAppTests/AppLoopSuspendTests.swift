import Foundation
import GrocerApp
import GrocerCore
import Testing

@testable import GrocerUI

/// Ctrl-Z (a key in raw mode) and SIGTSTP (from kill) suspend through the
/// terminal; back from `fg`, the current frame is drawn again whole.
@Suite struct AppLoopSuspendTests {
    func run(_ script: [FakeTerminal.Step]) -> FakeTerminal {
        let clock = FakeClock()
        let mailbox = Mailbox<EffectResult>()
        let terminal = FakeTerminal(script, clock: clock, mailbox: mailbox)
        let context = AppContext(
            locales: Locales(
                numeric: Locale(identifier: "en_US"), time: Locale(identifier: "en_US"), monetary: Locale(identifier: "en_US"),
                timeZone: TimeZone(identifier: "UTC")!), storePath: "/home/me/grocer.sqlite", defaultUnit: .lbs, now: FakeClock.noon)
        let effects = AppEffects(perform: { _ in }, finish: {})
        _ = AppLoop(terminal: terminal, effects: effects, mailbox: mailbox, clock: clock.client).run(AppModel(context: context), from: .weight)
        return terminal
    }

    @Test func ctrlZSuspendsThenTheFrameIsDrawnAgain() {
        let terminal = run([.keys([.char("7")]), .keys([.ctrl("z")])])
        #expect(terminal.suspendedAfterFrames == [2])
        #expect(terminal.frames.count == 3)
        #expect(terminal.frames[2] == terminal.frames[1])
        #expect(terminal.frames[2].lines.contains { $0.contains("7") })
    }

    @Test func sigtstpSuspendsAsCtrlZDoes() {
        let terminal = run([.job(.suspend)])
        #expect(terminal.suspendedAfterFrames == [1])
        #expect(terminal.frames.count == 2)
    }

    @Test func aContinueAfterAnOutsideStopRedrawsEverything() {
        let terminal = run([.job(.redraw)])
        #expect(terminal.suspendedAfterFrames.isEmpty)
        #expect(terminal.invalidatedAfterFrames == [1])
        #expect(terminal.frames.count == 2)
    }
}
