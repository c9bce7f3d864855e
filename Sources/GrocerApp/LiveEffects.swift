import Dispatch
import Foundation
import GrocerCore
import GrocerStore
import GrocerUI
import Synchronization

/// Effects on the real store, on three executors, one per outside
/// resource: the store's worker (`StoreWorker`: every request on the
/// screen's connection, in order), the network (a sync with the server,
/// LiveEffects+Sync), and the long work on the file off the worker (the
/// migration before the store opens, the per-day table's rebuild after a
/// move of zone once it is open: `background`, one serial queue). The
/// store watch has no thread: the loop's own wait watches it
/// (`StoreWatch`). `perform` answers nothing itself: every answer comes
/// through the mailbox.
final class LiveEffects {
    let path: String
    let environment: Environment
    /// The person's time zone, the one the screen shows (`Locales`, made
    /// on first use, after the first frame): the store is opened in it, so
    /// its per-day table groups weights into the days the screen shows.
    let zone: @Sendable () -> TimeZone
    let post: @Sendable (EffectResult) -> Void
    /// Runs every store request on the screen's one connection.
    let worker: StoreWorker
    var store: Store? { worker.store }
    /// Raised to stop the migration between batches (and any statement
    /// that checks it); the process's, as signals raise it too.
    let stop = StopFlag.process
    /// The migration and the per-day table's rebuild, one after the other
    /// (the migration ends before the store opens); each has its group,
    /// which `finish` (the migration) and tests (the rebuild) wait on.
    private let background = DispatchQueue(label: "grocer.background", qos: .userInitiated)
    /// The launch whose pages `background` is checking beside the first
    /// frame (`checkBesideFrame`; the loop's thread only), and the check's
    /// answer once it came: the `.openStore` the app asks next finishes it.
    private var pendingLaunch: Launch?
    private let launchChecked = CheckAnswer()

    /// The page check's answer, handed from `background` to the loop.
    final class CheckAnswer: Sendable {
        let value = Mutex<LaunchJudgement?>(nil)
    }

    /// Checks the launch's pages on `background` (nothing else runs there
    /// before the store opens) and tells the loop when done; the keys
    /// meanwhile are the loop's (`AppContext.storeOpening`).
    func checkBesideFrame(_ launch: Launch) {
        pendingLaunch = launch
        let path = launch.path
        let header = launch.check
        background.async { [launchChecked, post] in
            #if GROCER_TEST_HOOKS
                // For e2e/test_damaged_launch.sh: the check holds (the file
                // made here stays) until the test removes the file.
                if let file = getenv("GROCER_TEST_HOLD_PAGE_CHECK").map({ String(cString: $0) }), !file.isEmpty {
                    let fd = open(file, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
                    if fd >= 0 { close(fd) }
                    while access(file, F_OK) == 0 { usleep(10_000) }
                }
            #endif
            let checked = StoreJudge.checkPages(path: path, after: header)
            launchChecked.value.withLock { $0 = checked }
            post(.storeChecked)
        }
    }

    private let migration = DispatchGroup()
    private var migrationStarted = false
    /// Adds a descriptor to the loop's wait (`Mailbox.alsoWake(on:)`): the
    /// store watch's; nil: no watch, the tick alone (tests that do not watch).
    private let wakeOn: ((Int32) -> Bool)?
    /// The store's files watched (inotify), from the store's opening, after
    /// the first frame, to `finish`; nil where it could not start.
    private var storeWatch: StoreWatch?
    /// Whether the store's files are watched (tests).
    var watching: Bool { storeWatch != nil }
    /// The loop's tick (`AppEffects.watchInterval`); tests set nil to
    /// leave the watch alone to notice a write.
    var watchInterval: Duration? = AppLoop.watchInterval
    /// How long the loop waits for the answers to what it just asked
    /// before it draws (an answer already on its way shows in the same
    /// frame; a slower one in the next); nil: until they come (tests, so
    /// that no test depends on a timer).
    var answerWait: Duration? = .milliseconds(20)
    /// How a save waits for another grocer's write: seen (`.saveWaiting`)
    /// and ended by Esc (`.giveUpSave`).
    let busyWait = BusyWait()
    /// The per-day table's rebuild after a move of the zone, on a
    /// connection of its own, on `background` (see `startDaysRebuild`);
    /// tests wait on the group.
    let daysRebuild = DispatchGroup()
    /// Tests only: runs on the rebuild's thread before it starts.
    var beforeZoneRebuild: (@Sendable () -> Void)?
    /// Sync's work, when the build has sync (see `SyncRunner`).
    let syncRunner: SyncRunner?
    /// A sync with the server runs (`syncTask`): not started twice.
    let syncRunning = Flag()
    var syncTask: Task<Void, Never>?

    /// A Boolean both threads read and set.
    final class Flag: Sendable {
        private let value = Atomic<Bool>(false)
        var isSet: Bool { value.load(ordering: .sequentiallyConsistent) }
        func set(_ on: Bool) { value.store(on, ordering: .sequentiallyConsistent) }
    }

    /// `syncRunner` is only kept here: nothing of sync runs until a screen
    /// asks (the grocery screen, when it opens), never before the first
    /// frame. `wakeOn` is kept too: the store watch starts when the store
    /// opens (`openStore`).
    init(
        path: String, environment: Environment, zone: @escaping @Sendable () -> TimeZone, store: Store? = nil,
        syncRunner: SyncRunner? = nil, recipeReader: RecipeReader? = nil, wakeOn: ((Int32) -> Bool)? = nil,
        post: @escaping @Sendable (EffectResult) -> Void
    ) {
        self.path = path
        self.environment = environment
        self.zone = zone
        self.syncRunner = syncRunner
        self.wakeOn = wakeOn
        self.post = post
        worker = StoreWorker(path: path, environment: environment, store: store, recipeReader: recipeReader, post: post)
    }

    var client: AppEffects {
        AppEffects(
            perform: { [self] in perform($0) }, awaitAnswers: { [self] in worker.awaitAnswers(upTo: answerWait) },
            finish: { [self] in finish() }, checkStore: { [self] in checkStore(woken: $0) },
            storeTouched: { [self] in storeTouched() }, watchInterval: watchInterval)
    }

    /// Every answer through the mailbox: a store request's from the worker
    /// when its turn comes, the rest's at once or from their own executor.
    func perform(_ effect: Effect) {
        if let request = storeRequest(effect) {
            worker.ask(request)
        } else if let answer = performHere(effect) {
            post(answer)
        }
    }

    /// The answer to `effect`, waited for (tests): a store request's run
    /// in its turn on the worker, the rest as `perform` does them (an
    /// answer that comes later is posted).
    func answer(_ effect: Effect) -> EffectResult? {
        if let request = storeRequest(effect) { return worker.answer(request) }
        return performHere(effect)
    }

    /// What the worker runs for a request on the store; nil for the rest.
    private func storeRequest(_ effect: Effect) -> (@Sendable (StoreWorker) -> EffectResult?)? {
        switch effect {
        case .saveWeight(let weight, let at, let note, let bodyFat):
            let busyWait = self.busyWait
            return { $0.save(weight, at: at, note: note, bodyFat: bodyFat, busyWait: busyWait) }
        case .setDefaultUnit(let unit):
            return { worker in
                worker.access(.write, effect) {
                    try $0.settings.set(.unit, to: unit)
                    FirstFrameCache.note(unit: unit, storePath: worker.path, environment: worker.environment)
                    return nil
                }
            }
        case .history(let request):
            return { $0.history(request) }
        case .loadWeighInHabits(let unit):
            return { $0.weighInHabits(unit: unit) }
        case .groceries(let request):
            return { $0.groceries(request) }
        case .sync(let request):
            return syncRequest(request)
        case .giveUpSave, .startMigration, .stopMigration, .openStore:
            return nil
        }
    }

    /// What is not the store worker's: answered at once, or started on
    /// its own executor (the migration), which posts.
    private func performHere(_ effect: Effect) -> EffectResult? {
        switch effect {
        case .giveUpSave:
            busyWait.cancel()
        case .startMigration:
            startMigration()
        case .stopMigration:
            stop.raise()
        case .openStore:
            // The launch's own opening, its pages checked beside the frame.
            if let launch = pendingLaunch, let checked = launchChecked.value.withLock({ $0.take() }) {
                pendingLaunch = nil
                return launch.finish(checked, effects: self)
            }
            do {
                return .storeOpened(LaunchHints(unit: try openStore()))
            } catch {
                return .failed(effect, (error as? StoreError)?.onScreen ?? Self.describe(error))
            }
        case .sync(let request):
            return syncAnswerHere(request)
        case .saveWeight, .setDefaultUnit, .history, .groceries, .loadWeighInHabits:
            break
        }
        return nil
    }

    /// Opens the store (creating it when missing; first tidying what an
    /// interrupted migration left), hands it to the worker, starts
    /// watching its files, and reads its unit (the one chosen, else the
    /// region's). The worker then
    /// prepares the trend and reads the grocery list ahead, in turn.
    func openStore() throws -> DisplayUnit {
        Migrator.tidy(path: path)
        // A new store starts with the catalogue's aisles in the person's language.
        // Judged as a command's store is (`PageCheck`): the launch's check
        // (or the migration's) is kept in the cache by now, so no page is
        // read again here unless the file changed since; and the file as
        // this process's own writes leave it is kept at the end (`close`),
        // so the next launch reads no page again either.
        let store = try Store.open(
            at: path, mode: .create, zone: zone(), stop: stop, busyWait: busyWait,
            pageCheck: FirstFrameCache.pageCheck(storePath: path, environment: environment, screen: true),
            firstAisles: CatalogueFiling.firstAisles(in: CatalogueLanguage(environment: environment)))
        worker.waitUntilIdle()
        worker.open(store)
        if let wakeOn {
            storeWatch?.stop()
            storeWatch = StoreWatch.start(path: path, wakeOn: wakeOn)
        }
        let unit = try store.settings.read(.unit).display(region: DisplayUnit.regional(environment))
        startDaysRebuild()
        worker.run { $0.readAhead() }
        return unit
    }

    /// Builds the per-day table in the person's zone when it was built for
    /// another (a move, a store from another machine), and the trend's
    /// checkpoints when the history needs them and none serves
    /// (`Store.prepareHistory`): a few reads otherwise, run on the worker
    /// in turn. Done on a key press, the rebuild and the checkpoint made
    /// from every day grow with the store (docs/MEASURED.md, "Weights");
    /// here a key that needs them while it runs waits only for the rest of
    /// it (issue 18). A new store writes nothing at open (its first weight
    /// builds the table); a read-only one keeps its table as it is (the
    /// history then tallies the entries itself).
    ///
    /// After a move the rebuild runs on a connection of its own
    /// (`StoreOpenMode.beside`) on the background queue, and while it runs the
    /// history reads the table as it was built (`zoneRebuild`,
    /// `Store.recentWeightDays(asBuilt:)`): the worker's requests do not
    /// wait for it (the checkpoints made again from every day are most of
    /// its cost, MEASURED.md), and a save does not either: the rebuild
    /// holds the write lock only to swap in what it tallied, and tallies
    /// again when a save came meanwhile (`StoreWeights.rebuildDaysBeside`,
    /// issue 35). Its commit is another connection's write:
    /// the change check sees it and the screen reads
    /// again, in the new zone's days.
    func startDaysRebuild() {
        guard let store else { return }
        let moved = (try? store.weights.daysBuiltForAnotherZone()) == true
        guard moved else {
            worker.run { _ in try? store.weights.prepareHistory() }
            return
        }
        let zoneRebuild = worker.zoneRebuild
        zoneRebuild.set(true)
        background.async(group: daysRebuild) { [path, beforeZoneRebuild] in
            defer { zoneRebuild.set(false) }
            guard let beside = try? Store.open(at: path, mode: .beside, zone: store.timeZone, stop: StopFlag()) else { return }
            beforeZoneRebuild?()
            try? beside.weights.prepareHistory()
            try? beside.close()
        }
    }

    /// Whether the store watch saw the store's files written since the
    /// last call.
    func storeTouched() -> Bool {
        storeWatch?.take() ?? false
    }

    /// Reads the grocery list ahead, in turn (see `StoreWorker.readAhead`).
    func startGroceriesPrefetch() {
        worker.run { $0.readAhead() }
    }

    /// Whether another connection committed since the last check, asked in
    /// turn and waited for (tests; the loop asks `checkStore`).
    func storeChanged() -> Bool {
        worker.answer { $0.checkForChanges(woken: false, lookAgain: {}) } == .storeChanged
    }

    /// Asks the worker, in turn after everything asked before (a save
    /// included), whether another connection committed; it answers
    /// `.storeChanged` if so (see `StoreWorker.checkForChanges`).
    func checkStore(woken: Bool) {
        let watch = storeWatch
        worker.ask { $0.checkForChanges(woken: woken, lookAgain: { watch?.lookAgainSoon() }) }
    }

    static func describe(_ error: any Error) -> String {
        (error as? LocalizedError)?.errorDescription ?? String(describing: error)
    }

    private func startMigration() {
        let migrator = Migrator(path: path, options: .standard(environment: environment))
        migrationStarted = true
        let post = self.post
        let stop = self.stop
        let (path, environment) = (self.path, self.environment)
        background.async(group: migration) {
            do {
                let summary = try migrator.run(
                    // Every percent and every phase (the migrator calls
                    // no more often); the screen redraws at each event.
                    progress: { p in post(.migration(.progress(done: p.done, total: p.total, phase: p.phase))) },
                    onWait: { post(.migration(.waiting)) },
                    isCancelled: { stop.isRaised })
                // Neither the store's opening next nor the next launch
                // reads every page again.
                FirstFrameCache.pageCheck(storePath: path, environment: environment, screen: true).keepMigrated(summary)
                post(.migration(.finished(summary)))
            } catch MigrationError.cancelled {
                post(.migration(.cancelled))
            } catch MigrationError.notNeeded(_, .current) {
                // Another grocer migrated it while this one waited for the lock.
                post(.migration(.alreadyCurrent))
            } catch {
                post(.migration(.failed(error.localizedDescription)))
            }
        }
    }

    /// Stops the store watch (its descriptors close), then
    /// a running migration, waiting for it to leave the old store as it
    /// was. A sync with the server is cancelled, not waited for: the
    /// engine saves what it learnt only with what it describes, so the
    /// store is whole at any moment and the next sync goes on.
    func finish() {
        storeWatch?.stop()
        storeWatch = nil
        syncTask?.cancel()
        if migrationStarted {
            stop.raise()
            migration.wait()
        }
        worker.close(waitingUpTo: Self.closeWait)
    }

    /// How long the end waits for the worker to finish what it runs and
    /// close the store: a long write still running (the graph's blocks of
    /// a long history) is not waited for, the process ends and SQLite's
    /// journal keeps the file whole, as after a kill.
    static let closeWait: DispatchTimeInterval = .milliseconds(500)
}
