import Foundation
import GrocerCore
import Testing

@testable import GrocerUI

/// A weight changed goes out a few seconds later whichever screen shows,
/// and the history says where sync stands (`WeightsSync`, through the app
/// model, on a clock moved by hand).
@Suite struct WeightsSyncTests {
    static let entry = WeightEntry(id: 1, weight: Weight(digits: "72.5", unit: .kg)!, recordedAt: testContext().now)
    static let waiting = SyncStatus(lastSync: nil, waiting: 1)

    /// The app on `route` at uptime 0, with nothing due.
    func app(on route: Route) -> AppModel {
        var app = AppModel(context: testContext())
        app.resize(Size(width: 80, height: 24))
        _ = app.start(at: route)
        return app
    }

    /// Moves the clock to `uptime` and wakes the app.
    func wake(_ app: inout AppModel, at uptime: Duration) -> Outcome {
        app.setClock(now: testContext().now, uptime: uptime)
        return app.wake()
    }

    @Test func nothingOfSyncRunsBeforeAChangeOnTheWeightScreen() {
        let app = app(on: .weight)
        #expect(app.weightsSync == WeightsSync())
        #expect(app.weightsSync.wakeAt(showing: false) == nil)
    }

    @Test func aSavedWeightAsksTheStatusAtOnceThenSyncsFiveSecondsLater() {
        var app = app(on: .weight)
        app.setClock(now: testContext().now, uptime: .seconds(10))
        _ = app.receive(.weightSaved(Self.entry))
        #expect(app.wakeAt == .seconds(10))
        #expect(wake(&app, at: .seconds(10)) == .perform(.sync(.status)))
        _ = app.receive(.sync(.status(Self.waiting)))
        #expect(app.wakeAt == .seconds(15))
        #expect(wake(&app, at: .seconds(14)) == .none)
        #expect(wake(&app, at: .seconds(15)) == .perform(.sync(.now)))
    }

    /// The goal and the unit travel with the weights (issue 36): set on
    /// the history or in the unit picker, they go out as a weight does.
    @Test func aGoalOrAUnitSetGoesOutFiveSecondsLater() {
        var app = app(on: .weight)
        app.setClock(now: testContext().now, uptime: .seconds(10))
        _ = app.receive(.goalSet(Weight(digits: "75", unit: .kg)))
        #expect(wake(&app, at: .seconds(10)) == .perform(.sync(.status)))
        _ = app.receive(.sync(.status(Self.waiting)))
        #expect(wake(&app, at: .seconds(15)) == .perform(.sync(.now)))
        _ = app.receive(.sync(.synced(SyncStatus(lastSync: testContext().now))))
        app.setClock(now: testContext().now, uptime: .seconds(20))
        #expect(app.handle(.ctrl("u")) == .redraw)
        #expect(app.handle(.down) == .perform(.setDefaultUnit(.kg)))
        #expect(wake(&app, at: .seconds(20)) == .perform(.sync(.status)))
        _ = app.receive(.sync(.status(Self.waiting)))
        #expect(wake(&app, at: .seconds(25)) == .perform(.sync(.now)))
    }

    @Test func savesInARowGoInOneSyncFiveSecondsAfterTheLast() {
        var app = app(on: .weight)
        _ = app.receive(.weightSaved(Self.entry))
        _ = wake(&app, at: .zero)
        app.setClock(now: testContext().now, uptime: .seconds(3))
        _ = app.receive(.weightEdited(before: Self.entry, after: Self.entry))
        _ = wake(&app, at: .seconds(3))
        app.setClock(now: testContext().now, uptime: .seconds(4))
        _ = app.receive(.weightsDeleted([Self.entry]))
        #expect(wake(&app, at: .seconds(4)) == .perform(.sync(.status)))
        var syncs = 0
        for second in 5...20 where wake(&app, at: .seconds(second)) == .perform(.sync(.now)) {
            #expect(second == 9)
            syncs += 1
        }
        #expect(syncs == 1)
    }

    @Test func withSyncNotSetUpNoSyncIsAsked() {
        var app = app(on: .weight)
        _ = app.receive(.weightSaved(Self.entry))
        #expect(wake(&app, at: .zero) == .perform(.sync(.status)))
        _ = app.receive(.sync(.status(.notSetUp)))
        #expect(wake(&app, at: .seconds(5)) == .none)
        #expect(app.wakeAt == nil)
    }

    @Test func theHistoryAsksTheStatusWhenItAppearsAndHearsEverySyncsEnd() {
        var app = app(on: .weight)
        _ = app.handle(.function(3))
        #expect(app.top == .history)
        #expect(wake(&app, at: .zero) == .perform(.sync(.status)))
        _ = app.receive(.sync(.status(Self.waiting)))
        #expect(app.screen(.history, as: HistoryScreen.self)?.syncStatus == Self.waiting)
        let synced = SyncStatus(lastSync: testContext().now)
        #expect(app.receive(.sync(.synced(synced))) == .redraw)
        #expect(app.screen(.history, as: HistoryScreen.self)?.syncStatus == synced)
        // "synced just now" becomes "synced 1 min ago": drawn again each minute.
        #expect(app.wakeAt == .seconds(60))
        #expect(wake(&app, at: .seconds(60)) == .redraw)
        #expect(app.wakeAt == .seconds(120))
    }

    @Test func aWeightChangedInTheHistorySyncsToo() {
        var app = app(on: .history)
        _ = wake(&app, at: .zero)
        _ = app.receive(.sync(.status(SyncStatus(lastSync: testContext().now))))
        app.setClock(now: testContext().now, uptime: .seconds(30))
        _ = app.receive(.weightsRestored([Self.entry]))
        #expect(wake(&app, at: .seconds(30)) == .perform(.sync(.status)))
        #expect(wake(&app, at: .seconds(35)) == .perform(.sync(.now)))
    }
}

/// The history's title row says where sync stands, as the grocery header
/// does, when it fits.
private let now = HistoryFixture.noon
private let offline = SyncStatus.Failure(headline: "offline", line: "Not synced: the server did not answer.")

@Suite struct HistorySyncHeaderTests {
    static let plain = " Weight History                                        1w  1m [3m] 6m  1y  all"

    func titleRow(_ status: SyncStatus?, width: Int = 80) -> (String, Style) {
        var h = HistoryFixture(entries: HistoryFixture.daily(5))
        if let status { _ = h.screen.receive(.sync(.status(status)), &h.context) }
        var canvas = Canvas(width: width, height: 23)
        h.screen.render(into: &canvas, h.context)
        return (canvas.lines[0], canvas[0, 17].style)
    }

    /// `words` from column 17, two after the title.
    static func row(_ words: String) -> String {
        String(plain.prefix(17)) + words + String(plain.dropFirst(17 + words.count))
    }

    @Test(
        arguments: [
            (SyncStatus(lastSync: now, waiting: 1), "sync: 1 waiting"),
            (SyncStatus(lastSync: now.addingTimeInterval(-120)), "synced 2 min ago"),
            (SyncStatus(lastSync: now, failure: offline), "sync: offline"),
            (SyncStatus(lastSync: now, waiting: 2, failure: offline), "sync: offline · 2 waiting"),
            (SyncStatus(lastSync: nil), "not synced yet"),
            (SyncStatus(lastSync: now, running: true), "syncing…"),
        ] as [(SyncStatus, String)])
    func theTitleRowSaysWhereSyncStands(status: SyncStatus, words: String) {
        #expect(titleRow(status).0 == Self.row(words))
    }

    @Test func notSetUpOrNotHeardShowsNothing() {
        #expect(titleRow(nil).0 == Self.plain)
        #expect(titleRow(.notSetUp).0 == Self.plain)
    }

    @Test func aFailureStandsOutAndTheRestIsDim() {
        #expect(titleRow(SyncStatus(lastSync: now, failure: offline)).1 == .accent)
        #expect(titleRow(SyncStatus(lastSync: now, waiting: 1)).1 == .dim)
    }

    /// At 50 columns there is no room: the title and the ranges stay whole.
    @Test func whereTheWordsDoNotFitNothingShows() {
        let (row, _) = titleRow(SyncStatus(lastSync: now, waiting: 1), width: 50)
        #expect(!row.contains("sync"))
        #expect(row.hasPrefix(" Weight History"))
    }
}

/// A sync that runs when the change's sync is due may have read the store
/// before the change: the change's sync starts once its end is heard.
@Suite struct WeightsSyncWhileRunningTests {
    static let entry = WeightEntry(id: 1, weight: Weight(digits: "72.5", unit: .kg)!, recordedAt: testContext().now)

    @Test func aSyncRunningWhenTheChangesIsDueIsFollowedByIt() {
        var app = AppModel(context: testContext())
        app.resize(Size(width: 80, height: 24))
        _ = app.start(at: .weight)
        _ = app.receive(.weightSaved(Self.entry))
        #expect(app.wake() == .perform(.sync(.status)))
        _ = app.receive(.sync(.status(SyncStatus(lastSync: nil, waiting: 1, running: true))))
        app.setClock(now: testContext().now, uptime: .seconds(5))
        #expect(app.wake() == .none)
        // Only the history's minute is due while it runs.
        #expect(app.wakeAt == .seconds(60))
        app.setClock(now: testContext().now, uptime: .seconds(8))
        _ = app.receive(.sync(.synced(SyncStatus(lastSync: testContext().now, waiting: 1))))
        #expect(app.wakeAt == .seconds(5))
        #expect(app.wake() == .perform(.sync(.now)))
        // Its own runs until its end is heard: a change meanwhile waits for it.
        app.setClock(now: testContext().now, uptime: .seconds(9))
        _ = app.receive(.weightEdited(before: Self.entry, after: Self.entry))
        #expect(app.wake() == .perform(.sync(.status)))
        app.setClock(now: testContext().now, uptime: .seconds(14))
        #expect(app.wake() == .none)
        _ = app.receive(.sync(.synced(SyncStatus(lastSync: testContext().now))))
        #expect(app.wake() == .perform(.sync(.now)))
    }
}
