import Foundation
import GrocerApp
import GrocerCore
import Testing

@testable import GrocerUI

/// The loop driven through a fake terminal and fake effects: keys in,
/// frames out, in milliseconds.
@Suite struct AppLoopTests {
    final class Effects: @unchecked Sendable {
        var performed: [Effect] = []
        var results: [(Effect, EffectResult)] = []
        var finished = false
        /// Answers of `storeChanged`, one per tick of the watch; then false.
        var changes: [Bool] = []
        var watched = 0
        /// Answers of `storeTouched` (the store watch's nudge), one per pass; then false.
        var touches: [Bool] = []
        var watchInterval: Duration? = nil
        /// Where answers go: the loop's mailbox (`run`).
        var post: (EffectResult) -> Void = { _ in }
        let entry = WeightEntry(id: 1, weight: Weight(digits: "72.5", unit: .kg)!, recordedAt: FakeClock.noon)

        var client: AppEffects {
            AppEffects(
                perform: { [self] effect in
                    performed.append(effect)
                    if let answer = answer(effect) { post(answer) }
                }, finish: { [self] in finished = true },
                checkStore: { [self] _ in
                    watched += 1
                    if !changes.isEmpty, changes.removeFirst() { post(.storeChanged) }
                },
                storeTouched: { [self] in touches.isEmpty ? false : touches.removeFirst() }, watchInterval: watchInterval)
        }

        func answer(_ effect: Effect) -> EffectResult? {
            if let result = results.first(where: { $0.0 == effect }) { return result.1 }
            switch effect {
            case .saveWeight(let weight, let at, _, _): return .weightSaved(WeightEntry(id: 2, weight: weight, recordedAt: at))
            case .history(.openHistory): return .historyOpened(HistoryOpening(count: 1, newest: [entry], days: [], goal: nil))
            case .openStore: return .storeOpened(LaunchHints(unit: .kg))
            case .history(.loadWeightPage(let request)) where { if case .around = request { true } else { false } }():
                return .weightPage([entry], for: request)
            case .groceries: return .groceries(.loaded(items: [], catalog: GroceryCatalog()))
            // As LiveEffects answers without a sync runner.
            case .sync(.status): return .sync(.status(.notSetUp))
            default: return nil
            }
        }
    }

    struct Run {
        let exit: Exit
        let terminal: FakeTerminal
        let effects: Effects
    }

    func run(_ script: [FakeTerminal.Step], from route: Route = .weight, effects: Effects = Effects()) -> Run {
        let clock = FakeClock()
        let mailbox = Mailbox<EffectResult>()
        let terminal = FakeTerminal(script, clock: clock, mailbox: mailbox)
        effects.post = { mailbox.post($0) }
        let context = AppContext(
            locales: Locales(
                numeric: Locale(identifier: "en_US"), time: Locale(identifier: "en_US"), monetary: Locale(identifier: "en_US"),
                timeZone: TimeZone(identifier: "UTC")!), storePath: "/home/me/grocer.sqlite", defaultUnit: .lbs, now: FakeClock.noon)
        let loop = AppLoop(terminal: terminal, effects: effects.client, mailbox: mailbox, clock: clock.client)
        let exit = loop.run(AppModel(context: context), from: route)
        return Run(exit: exit, terminal: terminal, effects: effects)
    }

    static func type(_ text: String) -> FakeTerminal.Step { .keys(text.map(Key.char)) }

    @Test func theFirstFrameIsTodaysWeightAndF10Quits() {
        let r = run([.keys([.function(10)])])
        #expect(r.exit == .normal)
        #expect(r.terminal.frames.count == 1)
        #expect(r.terminal.screen.contains("Enter Today's Weight"))
        #expect(r.terminal.ended && r.effects.finished)
    }

    @Test func f3ThenEscShowsTodaysWeight() {
        let r = run([.keys([.function(3)]), .keys([.escape])])
        #expect(r.terminal.frames.count == 3)
        #expect(r.terminal.frames[1].lines.contains { $0.contains("Weight History") })
        #expect(r.terminal.screen.contains("Enter Today's Weight"))
        // The history asks where sync stands once it shows (issue 36).
        #expect(r.effects.performed == [.history(.openHistory(unit: .lbs, limit: EntryWindow.pageSize)), .sync(.status)])
    }

    @Test func savingShowsTheHistoryWithANotice() {
        let r = run([Self.type("72.5"), .keys([.enter])])
        #expect(r.terminal.screen.contains("Saved 72.5 lbs"))
        #expect(
            r.effects.performed == [
                .saveWeight(Weight(digits: "72.5", unit: .lbs)!, at: FakeClock.noon, note: ""),
                .history(.openHistory(unit: .lbs, limit: EntryWindow.pageSize)),
            ])
    }

    @Test func aFailedSaveShowsItsMessage() {
        let effects = Effects()
        effects.results = [
            (
                .saveWeight(Weight(digits: "72.5", unit: .lbs)!, at: FakeClock.noon, note: ""),
                .failed(
                    .saveWeight(Weight(digits: "72.5", unit: .lbs)!, at: FakeClock.noon, note: ""),
                    "Could not write to /x: disk full. Nothing was lost; try again.")
            )
        ]
        let r = run([Self.type("72.5"), .keys([.enter])], effects: effects)
        #expect(r.terminal.screen.contains("Could not write to /x: disk full."))
        #expect(r.terminal.screen.contains("│ 72.5"))
    }

    @Test func aFailedHistoryLoadSaysItCouldNotRead() {
        let effects = Effects()
        effects.results = [
            (
                .history(.openHistory(unit: .lbs, limit: EntryWindow.pageSize)),
                .failed(
                    .history(.openHistory(unit: .lbs, limit: EntryWindow.pageSize)),
                    "Could not read /x: disk I/O error. Nothing was changed; try again.")
            )
        ]
        let r = run([.keys([.function(3)])], effects: effects)
        #expect(r.terminal.screen.contains("Could not read /x"))
    }

    @Test func ninetyNineEnterAtTooSmallSavesNothing() {
        let r = run([
            .resize(Size(width: 20, height: 6)), Self.type("99"), .keys([.enter]),
            .resize(Size(width: 80, height: 24)),
        ])
        #expect(r.effects.performed.isEmpty)
        #expect(r.terminal.frames[1].lines.joined().contains("Terminal too small"))
        #expect(r.terminal.screen.contains("e.g. 160.5"))
    }

    @Test func aRejectedKeyRingsTheBell() {
        let r = run([Self.type("x")])
        #expect(r.terminal.frames.last?.alert == true)
    }

    @Test func aSignalEndsWith128PlusItAndRestoresTheTerminal() {
        let r = run([])
        #expect(r.exit == Exit(status: 143))
        #expect(r.terminal.ended && r.effects.finished)
    }

    // MARK: Another process writes

    @Test func theWatchAsksOnItsTickAndTheScreenOnTopReadsTheStoreAgain() {
        let effects = Effects()
        effects.watchInterval = .seconds(1)
        effects.changes = [false, true]
        // The first timer is the history's ask of where sync stands (at once).
        let r = run([.keys([.function(3)]), .waitForTimer, .waitForTimer, .waitForTimer, .keys([.function(10)])], effects: effects)
        #expect(effects.watched == 2)
        // Opened once by F3, then the rows around the selection read again.
        #expect(
            r.effects.performed == [
                .history(.openHistory(unit: .lbs, limit: EntryWindow.pageSize)), .sync(.status),
                .history(.loadWeightPage(.around(effects.entry, limit: EntryWindow.pageSize))), .history(.loadRecentWeightDays(unit: .lbs)),
            ])
    }

    @Test func aScreenUnderHelpHearsOfTheChangeWhenHelpCloses() {
        let effects = Effects()
        effects.watchInterval = .seconds(1)
        effects.changes = [true]
        let r = run([.keys([.function(5)]), .keys([.function(1)]), .waitForTimer, .keys([.escape]), .keys([.function(10)])], effects: effects)
        let loads = r.effects.performed.filter { $0 == .groceries(.load) }
        #expect(loads.count == 2)
        #expect(r.terminal.frames.last?.lines.contains { $0.contains("Groceries") } == true)
    }

    @Test func theWatchsNudgeAsksAtOnceWithoutTheTick() {
        let effects = Effects()
        effects.touches = [false, true]
        effects.changes = [true]
        let r = run([.keys([.function(3)]), .keys([]), .keys([.function(10)])], effects: effects)
        // Asked once, on the pass the nudge came; the clock never moved.
        #expect(effects.watched == 1)
        #expect(r.effects.performed.contains(.history(.loadRecentWeightDays(unit: .lbs))))
    }

    @Test func withoutAWatchTheLoopNeverAsks() {
        let effects = Effects()
        effects.changes = [true]
        _ = run([.keys([.function(3)]), .waitForTimer, .keys([.function(10)])], effects: effects)
        #expect(effects.watched == 0)
    }

    // MARK: The migration route

    static let summary = MigrationSummary(fromVersion: 1, toVersion: 4, carried: ["weight_entry": 10], repairs: [:], quarantined: [:])

    @Test func aFinishedMigrationOpensTodaysWeightAfterTheSummary() {
        let r = run(
            [
                .post(.migration(.progress(done: 5, total: 10))), .post(.migration(.finished(Self.summary))),
                .keys([.function(3), .char("7")]), .waitForTimer, .keys([.function(10)]),
            ], from: .migration)
        let shown = r.terminal.frames.map { $0.lines.joined(separator: "\n") }
        #expect(shown.contains { $0.contains("Migration Progress: 50%") })
        #expect(shown.contains { $0.contains("10 rows carried") })
        #expect(r.effects.performed == [.startMigration, .openStore, .loadWeighInHabits(unit: .kg)])
        #expect(r.terminal.screen.contains("Enter Today's Weight"))
        // Keys typed during the migration did nothing; the default unit is the store's.
        #expect(r.terminal.screen.contains("e.g. 72.5"))
        #expect(r.terminal.screen.contains("[ kg ^U ]"))
        #expect(r.exit == .normal)
    }

    @Test func enterSkipsTheSummary() {
        let r = run([.post(.migration(.finished(Self.summary))), .keys([.enter])], from: .migration)
        #expect(r.effects.performed == [.startMigration, .openStore, .loadWeighInHabits(unit: .kg)])
        #expect(r.terminal.screen.contains("Enter Today's Weight"))
    }

    @Test func ctrlCDuringMigrationAsksAndYStopsWith130() {
        let r = run(
            [
                .post(.migration(.progress(done: 1, total: 10))), .keys([.function(10), .char("y")]),
                .keys([.ctrl("c")]), .keys([.char("y")]), .post(.migration(.cancelled)),
            ], from: .migration)
        #expect(r.terminal.frames.contains { $0.lines.contains { $0.contains("Stop migration? y/n") } })
        #expect(r.effects.performed == [.startMigration, .stopMigration])
        #expect(r.exit == Exit(status: 130, message: "migration stopped; /home/me/grocer.sqlite was left as it was."))
        #expect(r.effects.finished)
    }

    @Test func aFailedMigrationShowsItsMessageAndEnterExits2() {
        let r = run([.post(.migration(.failed("The disk became full while migrating /x."))), .keys([.enter])], from: .migration)
        #expect(r.terminal.frames.last!.lines.contains { $0.contains("The disk became full") })
        #expect(r.exit == Exit(status: 2, message: "The disk became full while migrating /x."))
    }

    @Test func waitingForAnotherGrocerThenAlreadyCurrentOpensTheStore() {
        let r = run([.post(.migration(.waiting)), .post(.migration(.alreadyCurrent))], from: .migration)
        #expect(r.terminal.frames.contains { $0.lines.contains { $0.contains("Another grocer is migrating this store") } })
        #expect(r.effects.performed == [.startMigration, .openStore, .loadWeighInHabits(unit: .kg)])
        #expect(r.terminal.screen.contains("Enter Today's Weight"))
    }
}
