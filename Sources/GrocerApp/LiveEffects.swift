import Dispatch
import Foundation
import GrocerCore
import GrocerStore
import GrocerUI
import Synchronization

/// Effects on the real store. The migration runs on its own queue and only
/// posts results, a save on its own, sync's work on its own (LiveEffects+Sync);
/// everything else runs on the loop's thread.
final class LiveEffects {
    let path: String
    let environment: Environment
    let post: @Sendable (EffectResult) -> Void
    private(set) var store: Store?
    /// Raised to stop the migration between batches (and any statement
    /// that checks it); the process's, as signals raise it too.
    let stop = StopFlag.process
    private var migrationDone: DispatchSemaphore?
    let groceriesPrefetch = GroceriesPrefetch()
    /// The store's change counters when last asked (`storeChanged`).
    private var seenChanges: Store.ChangeCounters?
    /// How the watch wakes the loop (the mailbox's pipe); nil: no watch,
    /// the tick alone (tests that do not watch).
    private let wake: (@Sendable () -> Void)?
    /// The store's files watched (inotify), from the store's opening, after
    /// the first frame, to `finish`; nil where it could not start.
    private var storeWatch: StoreWatch?
    /// The last `storeTouched` said yes: the next check is the watch's.
    private var touched = false
    /// Whether the store's files are watched (tests).
    var watching: Bool { storeWatch != nil }
    /// The loop's tick (`AppEffects.watchInterval`); tests set nil to
    /// leave the watch alone to notice a write.
    var watchInterval: Duration? = AppLoop.watchInterval
    /// How a save waits for another grocer's write: seen (`.saveWaiting`)
    /// and ended by Esc (`.giveUpSave`).
    let busyWait = BusyWait()
    /// Saves run here, off the loop's thread, so a save behind another
    /// grocer's long write never freezes the keys.
    private let saveQueue = DispatchQueue(label: "grocer.save", qos: .userInitiated)
    /// The per-day table's rebuild after a move of the zone, off the loop
    /// (see `startDaysRebuild`); tests wait on the group.
    let daysRebuild = DispatchGroup()
    /// The table is being rebuilt for a new zone on another connection:
    /// the history reads it as it was built meanwhile.
    let zoneRebuild = Flag()
    /// Tests only: runs on the rebuild's thread before it starts.
    var beforeZoneRebuild: (@Sendable () -> Void)?
    /// A save is under way: the loop's thread leaves the store alone
    /// meanwhile (its connection is busy with the save).
    private let savePending = Flag()
    /// Sync's work, when the build has sync (see `SyncRunner`).
    let syncRunner: SyncRunner?
    /// Sync's reads and the conflicts' changes, in the order asked.
    let syncQueue = DispatchQueue(label: "grocer.sync", qos: .utility)
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
    /// frame. `wake` is kept too: the store watch starts when the store
    /// opens (`openStore`).
    init(
        path: String, environment: Environment, store: Store? = nil, syncRunner: SyncRunner? = nil,
        wake: (@Sendable () -> Void)? = nil, post: @escaping @Sendable (EffectResult) -> Void
    ) {
        self.path = path
        self.environment = environment
        self.store = store
        self.syncRunner = syncRunner
        self.wake = wake
        self.post = post
    }

    var client: AppEffects {
        AppEffects(
            perform: { [self] in perform($0) }, finish: { [self] in finish() }, storeChanged: { [self] in storeChanged() },
            storeTouched: { [self] in storeTouched() }, watchInterval: watchInterval)
    }

    func perform(_ effect: Effect) -> EffectResult? {
        switch effect {
        case .saveWeight(let weight, let at, let note):
            return save(weight, at: at, note: note)
        case .giveUpSave:
            busyWait.cancel()
            return nil
        case .setDefaultUnit(let unit):
            return access(.write, effect) {
                try $0.setDefaultDisplayUnit(unit)
                FirstFrameCache.note(unit: unit, storePath: path, environment: environment)
                return nil
            }
        case .history(let request):
            return performHistory(request)
        case .startMigration:
            startMigration()
            return nil
        case .stopMigration:
            stop.raise()
            return nil
        case .groceries(let request):
            return performGroceries(request)
        case .sync(let request):
            return performSync(request)
        case .openStore:
            do {
                return .storeOpened(LaunchHints(unit: try openStore()))
            } catch {
                return .failed(effect, (error as? StoreError)?.onScreen ?? Self.describe(error))
            }
        }
    }

    /// Saves on `saveQueue`; the result comes through the mailbox. A wait
    /// for another grocer's write posts `.saveWaiting` first; giving up, or
    /// ten seconds, fail the save with a line that says the weight is
    /// still typed.
    private func save(_ weight: Weight, at date: Date, note: String) -> EffectResult? {
        let effect = Effect.saveWeight(weight, at: date, note: note)
        guard let store else { return .failed(effect, Self.failure(.write, path: path, detail: "the store is not open")) }
        let post = self.post
        let busyWait = self.busyWait
        let savePending = self.savePending
        let prefetch: @Sendable () -> Void = { [groceriesPrefetch, locale = groceriesLocale] in
            groceriesPrefetch.start(store: store, path: store.path, locale: locale)
        }
        savePending.set(true)
        busyWait.begin { post(.saveWaiting) }
        saveQueue.async {
            let result: EffectResult
            do {
                result = .weightSaved(try store.addWeight(weight, at: date, note: note))
            } catch StoreError.busy where busyWait.ended == .cancelled {
                result = .failed(effect, "Not saved: you stopped waiting for the other grocer. Your weight is still typed; Enter saves it.")
            } catch StoreError.busy {
                result = .failed(
                    effect, "Not saved: another grocer kept the store busy for 10 seconds. Your weight is still typed; Enter tries again.")
            } catch let error as StoreError {
                result = .failed(effect, error.onScreen)
            } catch {
                result = .failed(effect, Self.failure(.write, path: store.path, detail: error.localizedDescription))
            }
            savePending.set(false)
            // The save changed the store: the grocery list read afresh,
            // before F5 asks for it.
            if case .weightSaved = result { prefetch() }
            post(result)
        }
        return nil
    }

    /// Opens the store (creating it when missing; first tidying what an
    /// interrupted migration left), starts watching its files, and reads
    /// its default unit.
    func openStore() throws -> DisplayUnit {
        Migrator.tidy(path: path)
        let store = try Store.open(at: URL(fileURLWithPath: path), busyWait: busyWait)
        self.store = store
        seenChanges = try? store.changeCounters()
        if let wake {
            storeWatch?.stop()
            storeWatch = StoreWatch.start(path: path, wake: wake)
        }
        let unit = try store.defaultDisplayUnit()
        startGroceriesPrefetch()
        startDaysRebuild()
        return unit
    }

    /// Builds the per-day table in the person's zone in the background when
    /// it was built for another (a move, a store from another machine), and
    /// the trend's checkpoints when the history needs them and none serves
    /// (`Store.prepareHistory`): a few reads otherwise. Before, the first F3
    /// or save paid the whole rebuild on its key press (0.4-0.6 s at 1M
    /// entries), then the checkpoint made from every day (3.1 s at 730,000
    /// days); now a key that needs them while it runs waits only for the
    /// rest of it (issue 18). A new store writes nothing at open (its first
    /// weight builds the table); a read-only one keeps its table as it is
    /// (the history then tallies the entries itself).
    ///
    /// After a move the rebuild runs on a connection of its own
    /// (`Store.openBeside`), and while it runs the history reads the table
    /// as it was built (`zoneRebuild`, `Store.recentWeightDays(asBuilt:)`):
    /// F3 does not wait for it (it cost 2.6 s at 1,000,000 entries, most of
    /// it the checkpoints made again from every day). Its commit is another
    /// connection's write: the store watch sees it and the screen reads
    /// again, in the new zone's days.
    func startDaysRebuild() {
        guard let store else { return }
        let moved = (try? store.weightDaysBuiltForAnotherZone()) == true
        zoneRebuild.set(moved)
        DispatchQueue.global(qos: .utility).async(group: daysRebuild) { [path, zoneRebuild, beforeZoneRebuild] in
            defer { zoneRebuild.set(false) }
            guard moved, let beside = try? Store.openBeside(at: path, timeZone: store.timeZone) else {
                try? store.prepareHistory()
                return
            }
            beforeZoneRebuild?()
            try? beside.prepareHistory()
            try? beside.close()
        }
    }

    /// Whether the store watch saw the store's files written since the
    /// last call. While a save runs the nudge is left for after it (the
    /// save's result wakes the loop).
    func storeTouched() -> Bool {
        guard !savePending.isSet, let storeWatch, storeWatch.take() else { return false }
        touched = true
        return true
    }

    /// Whether another connection committed to the store since the last
    /// call: one `PRAGMA data_version` (see `Store.changeCounters`). A store
    /// that cannot be asked (busy, gone) counts as unchanged: the next tick
    /// asks again, and a read that fails says so itself. After the watch's
    /// nudge, no commit seen and none of grocer's own rows changed means
    /// another's commit may not be visible yet: the watch wakes the loop
    /// again shortly (`StoreWatch.lookAgain`). Grocer's own write costs
    /// this one pragma and no more.
    func storeChanged() -> Bool {
        // While a save runs, the connection is the save's: ask next tick.
        guard !savePending.isSet else { return false }
        let woken = touched
        touched = false
        guard let store, let counters = try? store.changeCounters() else {
            if woken { storeWatch?.lookAgainSoon() }
            return false
        }
        defer { seenChanges = counters }
        let changed = seenChanges.map { $0.others != counters.others } ?? false
        // The list as it is now, read before F5 asks for it.
        if changed {
            startGroceriesPrefetch()
        } else if woken, seenChanges?.own == counters.own {
            storeWatch?.lookAgainSoon()
        }
        return changed
    }

    enum Access { case read, write }

    /// Runs `body` on the store; a failure is answered as `effect`'s, so
    /// it reaches the request that asked.
    func access(_ kind: Access, _ effect: Effect, _ body: (Store) throws -> EffectResult?) -> EffectResult? {
        guard let store else { return .failed(effect, Self.failure(kind, path: path, detail: "the store is not open")) }
        do {
            return try body(store)
        } catch let error as StoreError {
            // Already one line naming the file and what to do, for the screen.
            return .failed(effect, error.onScreen)
        } catch {
            return .failed(effect, Self.failure(kind, path: store.path, detail: error.localizedDescription))
        }
    }

    /// One line for a failed read or write: what, which file, what to do.
    static func failure(_ kind: Access, path: String, detail: String) -> String {
        switch kind {
        case .write: return "Could not write to \(path): \(detail). Nothing was lost; try again."
        case .read: return "Could not read \(path): \(detail). Nothing was changed; try again."
        }
    }

    static func describe(_ error: any Error) -> String {
        (error as? LocalizedError)?.errorDescription ?? String(describing: error)
    }

    private func startMigration() {
        let migrator = Migrator(path: path, options: .standard(environment: environment))
        let done = DispatchSemaphore(value: 0)
        migrationDone = done
        let post = self.post
        let stop = self.stop
        DispatchQueue(label: "grocer.migration", qos: .userInitiated).async {
            defer { done.signal() }
            var lastPercent = -1
            do {
                let summary = try migrator.run(
                    progress: { p in
                        // Every percent, and the last batch; the screen
                        // redraws at each event.
                        if p.percent != lastPercent || p.done == p.total {
                            lastPercent = p.percent
                            post(.migration(.progress(done: p.done, total: p.total)))
                        }
                    },
                    onWait: { post(.migration(.waiting)) },
                    isCancelled: { stop.isRaised })
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

    /// Stops the store watch (its thread ends, its descriptors close), then
    /// a running migration, waiting for it to leave the old store as it
    /// was. A sync with the server is cancelled, not waited for: the
    /// engine saves what it learnt only with what it describes, so the
    /// store is whole at any moment and the next sync goes on.
    func finish() {
        storeWatch?.stop()
        storeWatch = nil
        syncTask?.cancel()
        guard let done = migrationDone else { return }
        stop.raise()
        done.wait()
        done.signal()
    }
}
