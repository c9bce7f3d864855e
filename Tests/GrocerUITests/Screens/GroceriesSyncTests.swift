import Foundation
import GrocerCore
import Testing

@testable import GrocerUI

/// A context at `uptime` (noon, 21 November 2026, as `testContext`).
private func at(_ uptime: Duration) -> AppContext {
    var context = testContext()
    context.uptime = uptime
    return context
}

/// The grocery screen opened at uptime 0, loaded, told `status` and (when
/// set up) the end of the sync that opening started, with that status.
private func opened(_ status: SyncStatus, endedAt end: Duration = .seconds(20)) -> GroceriesScreen {
    var context = at(.zero)
    var s = groceries(context: context)
    _ = s.receive(.sync(.status(status)), &context)
    guard status.isSetUp else { return s }
    context.uptime = end
    _ = s.receive(.sync(.synced(status)), &context)
    return s
}

/// The screen's header (row 0) at `width`.
private func header(_ s: GroceriesScreen, width: Int = 80, now: Date = testContext().now) -> String {
    var canvas = Canvas(width: width, height: 23)
    var context = testContext()
    context.now = now
    s.render(into: &canvas, context)
    return canvas.lines[0]
}

/// `left` and `right` on one row of `width`, `right` ending a column
/// before the edge.
private func row(_ left: String, _ right: String, width: Int = 80) -> String {
    left + String(repeating: " ", count: width - 1 - left.count - right.count) + right
}

private let tabs = " Groceries    Prepare   Shop"
private let now = testContext().now
private let offline = SyncStatus.Failure(headline: "offline", line: "Not synced: the server did not answer. Your changes wait here.")

@Suite struct GroceriesSyncHeaderTests {
    /// The words at 80 columns, with the count before them when both fit.
    @Test(
        arguments: [
            (SyncStatus(lastSync: now.addingTimeInterval(-120)), "5 of 6 on the list   synced 2 min ago"),
            (SyncStatus(lastSync: now.addingTimeInterval(-30)), "5 of 6 on the list   synced just now"),
            (SyncStatus(lastSync: now.addingTimeInterval(-120), waiting: 3), "5 of 6 on the list   3 waiting"),
            (SyncStatus(lastSync: now, failure: offline), "5 of 6 on the list   offline"),
            (SyncStatus(lastSync: now.addingTimeInterval(-7200), conflicts: 1), "5 of 6 on the list   synced 2 h ago · 1 conflict"),
            (SyncStatus(lastSync: nil), "5 of 6 on the list   not synced yet"),
            // Too long for both: sync's words alone, whole.
            (SyncStatus(lastSync: now, waiting: 12, conflicts: 2, failure: offline), "offline · 12 waiting · 2 conflicts"),
        ] as [(SyncStatus, String)])
    func theHeaderSaysWhereSyncStandsAt80Columns(status: SyncStatus, right: String) {
        #expect(header(opened(status)) == row(tabs, right))
    }

    @Test func notSetUpShowsNothingAndTheHeaderIsAsBefore() {
        #expect(header(opened(.notSetUp)) == row(tabs, "5 of 6 on the list"))
        #expect(header(groceries()) == row(tabs, "5 of 6 on the list"))
    }

    @Test func aRunningSyncSaysSyncing() {
        var context = at(.zero)
        var s = groceries(context: context)
        #expect(s.receive(.sync(.status(SyncStatus(lastSync: now))), &context) == .perform(.sync(.now)))
        #expect(header(s) == row(tabs, "5 of 6 on the list   syncing…"))
    }

    /// At 40 columns the tabs stay whole; sync's words are cut to the room
    /// right of them and the count gives way.
    @Test func atFortyColumnsTheWordsAreCutAndTheTabsStay() {
        let s = opened(SyncStatus(lastSync: now.addingTimeInterval(-120), waiting: 3, conflicts: 1))
        #expect(header(s, width: 40) == tabs + "   3 waiti…")
        #expect(header(opened(SyncStatus(lastSync: now)), width: 40) == tabs + "   synced …")
        #expect(header(opened(.notSetUp), width: 40) == tabs)
    }

    /// What the store's answers say shows: a status after a change counts
    /// it waiting; the end of a sync says when.
    @Test func resultsUpdateTheHeader() {
        var s = opened(SyncStatus(lastSync: now.addingTimeInterval(-600)))
        #expect(header(s).hasSuffix("synced 10 min ago"))
        var context = at(.seconds(30))
        _ = s.receive(.sync(.status(SyncStatus(lastSync: now.addingTimeInterval(-600), waiting: 1))), &context)
        #expect(header(s).hasSuffix("   1 waiting"))
        _ = s.receive(.sync(.synced(SyncStatus(lastSync: now, conflicts: 2))), &context)
        #expect(header(s).hasSuffix("   synced just now · 2 conflicts"))
        // Time moves on: the same status reads older.
        #expect(header(s, now: now.addingTimeInterval(180)).hasSuffix("   synced 3 min ago · 2 conflicts"))
    }

    @Test func theWordsAreDimAndAFailureOrAConflictStandsOut() {
        var canvas = Canvas(width: 80, height: 23)
        opened(SyncStatus(lastSync: now)).render(into: &canvas)
        #expect(canvas[0, 78].style == .dim)
        canvas = Canvas(width: 80, height: 23)
        opened(SyncStatus(lastSync: now, failure: offline)).render(into: &canvas)
        #expect(canvas[0, 78].style == .accent)
    }
}

@Suite struct GroceriesSyncKeysTests {
    @Test func openingAsksTheStatusOnceTheListIsReadThenASync() {
        var context = at(.zero)
        var s = GroceriesScreen(locales: context.locales)
        #expect(s.appear(&context) == .perform(.groceries(.load)))
        #expect(s.receive(.groceries(.loaded(items: Kitchen.items, catalog: Kitchen.catalog)), &context) == .perform(.sync(.status)))
        #expect(s.receive(.sync(.status(SyncStatus(lastSync: now))), &context) == .perform(.sync(.now)))
        // A later status (the store changed) starts nothing.
        _ = s.receive(.sync(.synced(SyncStatus(lastSync: now))), &context)
        #expect(s.receive(.sync(.status(SyncStatus(lastSync: now))), &context) == .redraw)
    }

    /// A change the screen did not make itself (the conflicts view took
    /// the other value; another grocer wrote) is read as waiting in a
    /// later status: it goes 3 s later, as the screen's own changes do,
    /// not at the next periodic sync (found by e2e/test_sync_screen.sh).
    @Test func changesWaitingThatNoSyncIsDueForGoAFewSecondsLater() {
        var s = opened(SyncStatus(lastSync: now))
        var context = at(.seconds(40))
        #expect(s.receive(.sync(.status(SyncStatus(lastSync: now, waiting: 1))), &context) == .redraw)
        #expect(s.wakeAt == .seconds(43))
        context.uptime = .seconds(43)
        #expect(s.wake(&context) == .perform(.sync(.now)))
        // Nothing waiting: nothing due.
        var idle = opened(SyncStatus(lastSync: now))
        context.uptime = .seconds(40)
        _ = idle.receive(.sync(.status(SyncStatus(lastSync: now))), &context)
        context.uptime = .seconds(43)
        #expect(idle.wake(&context) == .redraw)
    }

    @Test func withSyncNotSetUpOpeningRunsNothingAndNoTimerIsSet() {
        var context = at(.zero)
        var s = groceries(context: context)
        #expect(s.receive(.sync(.status(.notSetUp)), &context) == .redraw)
        #expect(s.wakeAt == nil)
        var store = FakeGroceryStore(items: Kitchen.items, catalog: Kitchen.catalog)
        store.drive(&s, [.char(" ")])
        #expect(s.wakeAt == nil)
    }

    /// `s` and `c` say in one line how to set sync up, and run nothing.
    @Test(arguments: [Key.char("s"), .char("c")])
    func theKeysSayWhenSyncIsNotSetUp(key: Key) {
        var s = opened(.notSetUp)
        #expect(s.handle(key) == .reject)
        #expect(s.message == GroceriesScreen.notSetUpLine)
        #expect(screenLines(s)[2] == " " + GroceriesScreen.notSetUpLine)
        // Before any answer too.
        var fresh = groceries()
        #expect(fresh.handle(key) == .reject)
    }

    @Test func sSyncsNowAndAFailureItAskedForIsSaid() {
        var s = opened(SyncStatus(lastSync: now.addingTimeInterval(-120)))
        var context = at(.seconds(40))
        #expect(s.handle(.char("s"), &context) == .perform(.sync(.now)))
        #expect(header(s).hasSuffix("   syncing…"))
        _ = s.receive(.sync(.synced(SyncStatus(lastSync: now.addingTimeInterval(-120), failure: offline))), &context)
        #expect(header(s).hasSuffix("   offline"))
        #expect(s.message == offline.line)
    }

    @Test func aBackgroundSyncThatFailsSaysSoOnlyInTheHeader() {
        let s = opened(SyncStatus(lastSync: now, failure: offline))
        #expect(s.message == nil)
        #expect(header(s).hasSuffix("   offline"))
    }

    /// A sync already running is not started twice: not by `s`, not by a
    /// timer (which comes back after it).
    @Test func whileASyncRunsNothingStartsAnother() {
        var context = at(.zero)
        var s = groceries(context: context)
        _ = s.receive(.sync(.status(SyncStatus(lastSync: now))), &context)
        #expect(s.syncStarted)
        #expect(s.handle(.char("s"), &context) == .redraw)
        #expect(s.message == "A sync is running already; the header shows when it ends.")
        context.uptime = .seconds(301)
        #expect(s.wake(&context) == .redraw)
        #expect(s.syncDueAt == .seconds(304))
        // One another grocer's status says runs (started before the screen opened) counts too.
        var other = groceries(context: at(.zero))
        var fresh = at(.zero)
        #expect(other.receive(.sync(.status(SyncStatus(lastSync: now, running: true))), &fresh) == .redraw)
        #expect(other.handle(.char("s"), &fresh) == .redraw)
        // Its end is heard of only through a status: a timer that comes
        // while it runs asks again, and starts the sync once it has ended.
        #expect(other.wakeAt == .seconds(3))
        fresh.uptime = .seconds(3)
        #expect(other.wake(&fresh) == .perform(.sync(.status)))
        _ = other.receive(.sync(.status(SyncStatus(lastSync: now))), &fresh)
        fresh.uptime = .seconds(6)
        #expect(other.wake(&fresh) == .perform(.sync(.now)))
    }

    /// After a change the sync waits three seconds from the last one
    /// (before the next poll, at 60 s).
    @Test func aChangeSyncsAFewSecondsAfterTheLastChange() {
        var s = opened(SyncStatus(lastSync: now))
        var store = FakeGroceryStore(items: Kitchen.items, catalog: Kitchen.catalog)
        var context = at(.seconds(30))
        var outcome = s.handle(.char(" "), &context)
        while case .perform(.groceries(let request)) = outcome { outcome = s.receive(store.perform(request), &context) }
        // The header counts the change as waiting.
        #expect(outcome == .perform(.sync(.status)))
        #expect(s.syncDueAt == .seconds(33))
        store.drive(&s, [.down, .char(" ")], context: at(.seconds(32)))
        #expect(s.syncDueAt == .seconds(35))
        context.uptime = .seconds(34)
        #expect(s.wake(&context) == .redraw)
        #expect(s.wakeAt == .seconds(35))
        context.uptime = .seconds(35)
        #expect(s.wake(&context) == .perform(.sync(.now)))
        #expect(s.syncDueAt == nil)
    }

    /// Clear and an undo are changes too.
    @Test func clearAndUndoSyncToo() {
        var s = opened(SyncStatus(lastSync: now))
        var store = FakeGroceryStore(items: Kitchen.items, catalog: Kitchen.catalog)
        store.drive(&s, [.tab, .char("C"), .char("y")], context: at(.seconds(50)))
        #expect(s.syncDueAt == .seconds(53))
        store.drive(&s, [.char("u")], context: at(.seconds(60)))
        #expect(s.syncDueAt == .seconds(63))
    }

    /// Every 20 s from the end of the last sync while open, so a
    /// partner's tick shows within 30 s; the header is drawn again each
    /// minute between.
    @Test func every20SecondsWhileOpenAfterAQuickGoodSync() {
        var s = opened(SyncStatus(lastSync: now), endedAt: .seconds(2))
        #expect(s.nextPeriodicSync == .seconds(22))
        var context = at(.seconds(22))
        #expect(s.wakeAt == .seconds(22))
        #expect(s.wake(&context) == .perform(.sync(.now)))
        context.uptime = .seconds(23)
        _ = s.receive(.sync(.synced(SyncStatus(lastSync: now))), &context)
        #expect(s.nextPeriodicSync == .seconds(43))
        context.uptime = .seconds(43)
        #expect(s.wake(&context) == .perform(.sync(.now)))
        // The header's minute comes between.
        context.uptime = .seconds(44)
        _ = s.receive(.sync(.synced(SyncStatus(lastSync: now))), &context)
        context.uptime = .seconds(60)
        #expect(s.wakeAt == .seconds(60))
        #expect(s.wake(&context) == .redraw)
        #expect(s.wakeAt == .seconds(64))
    }

    /// Offline, the wait doubles after each failure up to five minutes; a
    /// good sync brings it back to 20 s.
    @Test func afterFailuresTheWaitDoublesUpToFiveMinutes() {
        var s = opened(SyncStatus(lastSync: now), endedAt: .seconds(1))
        var context = at(.seconds(1))
        var ends: [Duration] = []
        for _ in 0..<6 {
            context.uptime = s.nextPeriodicSync!
            #expect(s.wake(&context) == .perform(.sync(.now)))
            context.uptime += .seconds(1)
            _ = s.receive(.sync(.synced(SyncStatus(lastSync: now, failure: offline))), &context)
            ends.append(s.nextPeriodicSync! - context.uptime)
        }
        #expect(ends == [40, 80, 160, 300, 300, 300].map { .seconds($0) })
        context.uptime = s.nextPeriodicSync!
        #expect(s.wake(&context) == .perform(.sync(.now)))
        context.uptime += .seconds(1)
        _ = s.receive(.sync(.synced(SyncStatus(lastSync: now))), &context)
        #expect(s.nextPeriodicSync == context.uptime + .seconds(20))
    }

    /// A sync that takes 10 s or more (a slow server) backs off as a
    /// failure does; a quick one after it polls often again.
    @Test func aSlowSyncBacksOff() {
        var s = opened(SyncStatus(lastSync: now), endedAt: .seconds(12))
        #expect(s.nextPeriodicSync == .seconds(52))
        var context = at(.seconds(52))
        #expect(s.wake(&context) == .perform(.sync(.now)))
        context.uptime = .seconds(53)
        _ = s.receive(.sync(.synced(SyncStatus(lastSync: now))), &context)
        #expect(s.nextPeriodicSync == .seconds(73))
    }

    /// The poll's own rule, by itself.
    @Test(
        arguments: [
            ([(Duration.seconds(1), false)], Duration.seconds(20)),
            ([(.seconds(1), true)], .seconds(40)),
            ([(.seconds(1), true), (.seconds(1), true)], .seconds(80)),
            ([(.seconds(10), false)], .seconds(40)),
            ([(.seconds(9), false)], .seconds(20)),
            ([(.seconds(1), true), (.seconds(1), true), (.seconds(1), false)], .seconds(20)),
            (Array(repeating: (.seconds(1), true), count: 10), .seconds(300)),
        ] as [([(Duration, Bool)], Duration)])
    func thePollsWait(ends: [(Duration, Bool)], wait: Duration) {
        var poll = SyncPoll()
        for (took, failed) in ends { _ = poll.ended(took: took, failed: failed) }
        #expect(poll.wait == wait)
    }

    @Test func theBarOffersSyncWhenSetUpAndConflictsWhenThereAreSome() {
        let bar = "Tab Shop  Space List  a Add  / Find  e Edit  d Delete  u Undo  m Manage"
        func hints(_ s: GroceriesScreen) -> String { s.hints.map { "\($0.key) \($0.action)" }.joined(separator: "  ") }
        #expect(hints(opened(.notSetUp)) == bar)
        #expect(hints(opened(SyncStatus(lastSync: now))) == bar + "  s Sync")
        #expect(hints(opened(SyncStatus(lastSync: now, conflicts: 1))) == bar + "  s Sync  c Conflicts")
    }

    @Test func cOpensTheConflicts() {
        var s = opened(SyncStatus(lastSync: now, conflicts: 1))
        #expect(s.handle(.char("c")) == .present(.syncConflicts))
    }
}

@Suite struct SyncConflictsScreenTests {
    static let flour = SyncConflictLine(
        id: 7, title: "flour", field: "quantity", here: "2 kg", there: "3 kg", kept: .remote, at: now.addingTimeInterval(-300))
    static let milk = SyncConflictLine(
        id: 9, title: "Milk", field: "aisle", here: "Dairy", there: nil, kept: .local, at: now.addingTimeInterval(-7200))

    func loaded(_ lines: [SyncConflictLine] = [flour, milk]) -> SyncConflictsScreen {
        var context = testContext()
        var s = SyncConflictsScreen()
        #expect(s.appear(&context) == .perform(.sync(.conflicts)))
        _ = s.receive(.sync(.conflicts(lines)), &context)
        return s
    }

    @Test func eachConflictIsARowWithBothValuesWhichWasKeptAndWhen() {
        #expect(
            screenLines(loaded()).prefix(5) == [
                " Sync conflicts                                                     2 conflicts",
                " Enter takes the value not kept; d dismisses (what shows stays).",
                " Item               Field       Here          There         Kept   When",
                " flour              quantity    2 kg          3 kg          there  5 min ago",
                " Milk               aisle       Dairy         (none)        here   2 h ago",
            ])
        #expect(screenLines(loaded([]))[4].trimmingCharacters(in: .whitespaces) == "No conflicts: both sides agree.")
    }

    @Test func atFortyColumnsWhenGivesWay() {
        #expect(screenLines(loaded(), width: 40)[3] == " flour     quan…  2 kg    3 kg    there")
    }

    @Test func enterTakesTheOtherValueAndSaysWhatItDid() {
        var s = loaded()
        var context = testContext()
        #expect(s.handle(.enter, &context) == .perform(.sync(.takeOther(id: 7))))
        _ = s.receive(.sync(.conflicts([Self.milk])), &context)
        #expect(s.message == "Took the other value: flour quantity is now 2 kg.")
        #expect(s.selected == Self.milk)
        #expect(s.handle(.char("d"), &context) == .perform(.sync(.dismiss(id: 9))))
        _ = s.receive(.sync(.conflicts([])), &context)
        #expect(s.message == "Dismissed: Milk aisle stays Dairy.")
        #expect(s.handle(.enter, &context) == .none)
        #expect(s.handle(.escape, &context) == .dismiss)
    }

    @Test func aFailureIsSaidAndAnotherWritersChangeReadsThemAgain() {
        var s = loaded()
        var context = testContext()
        _ = s.handle(.enter, &context)
        #expect(s.receive(.sync(.failed(.takeOther(id: 7), "The store is busy.")), &context) == .reject)
        #expect(s.message == "The store is busy.")
        // The grocery screen's answers are not its.
        #expect(s.receive(.sync(.failed(.now, "offline")), &context) == .none)
        #expect(s.receive(.storeChanged, &context) == .perform(.sync(.conflicts)))
    }

    /// Through the app: `c` over the list, Esc back; a sync's end reaches
    /// the grocery screen under the conflicts (or help), so its header does
    /// not stay "syncing…".
    @Test func aSyncsEndReachesTheGroceryScreenUnderTheConflicts() {
        var app = AppModel(context: testContext())
        app.resize(Size(width: 80, height: 24))
        _ = app.start(at: .groceries)
        #expect(app.receive(.groceries(.loaded(items: Kitchen.items, catalog: Kitchen.catalog))) == .perform(.sync(.status)))
        #expect(app.receive(.sync(.status(SyncStatus(lastSync: now, conflicts: 1)))) == .perform(.sync(.now)))
        #expect(app.handle(.char("c")) == .perform(.sync(.conflicts)))
        #expect(app.top == .syncConflicts)
        _ = app.receive(.sync(.conflicts([Self.flour])))
        #expect(app.receive(.sync(.synced(SyncStatus(lastSync: now)))) == .redraw)
        #expect(app.screen(.groceries, as: GroceriesScreen.self)?.syncStarted == false)
        #expect(app.screen(.syncConflicts, as: SyncConflictsScreen.self)?.lines == [Self.flour])
        _ = app.handle(.escape)
        #expect(app.top == .groceries)
        var canvas = Canvas(width: 80, height: 24)
        app.render(into: &canvas)
        #expect(canvas.lines[0].hasSuffix("   synced just now"))
    }
}
