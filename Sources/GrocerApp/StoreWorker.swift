import Dispatch
import Foundation
import GrocerCore
import GrocerStore
import GrocerUI
import Synchronization

/// The screen's store connection and the one serial worker that runs every
/// request on it, in the order asked: a weight's save, the history's and
/// the groceries' reads and writes, the unit, sync's reads and the
/// conflicts' changes, the grocery list read ahead, the trend's
/// preparation, the check for another process's write. Each request's
/// answer goes through the mailbox (`post`), the request's own
/// `EffectResult`, a failure naming the request; nothing else touches the
/// connection, so the loop's thread never waits for it, and no flag says
/// who holds it.
///
/// Every write of this grocer runs here, after what was asked before it:
/// a read asked after a save sees the save; the list read ahead is used
/// only while the store's change counters are as they were when it was
/// read (SQLite's `data_version` for other connections' commits, the
/// connection's own changes for grocer's); the change check compares
/// `data_version`, which grocer's own writes never move.
///
/// The models: isowords' `.run { send in ... }` effects, gitui's asyncgit
/// jobs, lazygit's `OnWorker`.
final class StoreWorker: Sendable {
    let path: String
    let environment: Environment
    let post: @Sendable (EffectResult) -> Void
    /// Reads the file the grocery screen's `R` names (nil: none given).
    let recipeReader: RecipeReader?
    /// The per-day table is being rebuilt for a new zone on another
    /// connection (`LiveEffects.startDaysRebuild`): the history reads it as
    /// it was built meanwhile.
    let zoneRebuild = LiveEffects.Flag()
    private let queue = DispatchQueue(label: "grocer.store", qos: .userInitiated)
    /// Requests asked and not answered yet (`awaitAnswers`).
    private let answering = DispatchGroup()
    private let state: Mutex<State>

    private struct State {
        var store: Store?
        /// The change counters the last check saw.
        var seen: Store.ChangeCounters?
        /// The grocery list read ahead, and the counters when it was read.
        var readAhead: (list: GroceriesResult, at: Store.ChangeCounters)?
    }

    init(
        path: String, environment: Environment, store: Store?, recipeReader: RecipeReader? = nil,
        post: @escaping @Sendable (EffectResult) -> Void
    ) {
        self.path = path
        self.environment = environment
        self.recipeReader = recipeReader
        self.post = post
        state = Mutex(State(store: store, seen: store.flatMap { try? $0.changeCounters() }))
    }

    /// The store, once open.
    var store: Store? { state.withLock { $0.store } }

    /// Takes the store just opened (on the loop's thread, before any
    /// request for it), with its counters as they are now.
    func open(_ store: Store) {
        let counters = try? store.changeCounters()
        state.withLock {
            $0.store = store
            $0.seen = counters
            $0.readAhead = nil
        }
    }

    /// Runs a request in turn; its answer (if any) is posted.
    func ask(_ request: @escaping @Sendable (StoreWorker) -> EffectResult?) {
        answering.enter()
        queue.async { [self] in
            if let answer = request(self) { post(answer) }
            answering.leave()
        }
    }

    /// Runs work in turn that answers nothing (the list read ahead, the
    /// trend's preparation).
    func run(_ work: @escaping @Sendable (StoreWorker) -> Void) {
        queue.async { [self] in work(self) }
    }

    /// Runs a request in turn and waits for its answer (tests).
    func answer(_ request: @Sendable (StoreWorker) -> EffectResult?) -> EffectResult? {
        queue.sync { request(self) }
    }

    /// Waits until every request asked so far is answered, or `limit`
    /// passed (nil: no limit).
    func awaitAnswers(upTo limit: Duration?) {
        guard let limit else { return answering.wait() }
        let (seconds, attoseconds) = limit.components
        let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
        _ = answering.wait(timeout: .now() + .nanoseconds(nanoseconds))
    }

    /// Waits until everything asked so far has run (tests).
    func waitUntilIdle() { queue.sync {} }

    /// At the app's end: closes the store in turn, after everything asked
    /// so far, waiting up to `limit` for it. Closing a store opened with a
    /// page check keeps the file's fingerprint as this process's writes
    /// left it, unless another connection committed meanwhile
    /// (`Store.close`): the next launch then reads no page again.
    func close(waitingUpTo limit: DispatchTimeInterval) {
        let closed = DispatchSemaphore(value: 0)
        queue.async { [self] in
            let store = state.withLock { state in
                defer { state.store = nil }
                return state.store
            }
            try? store?.close()
            closed.signal()
        }
        _ = closed.wait(timeout: .now() + limit)
    }

    // MARK: On the worker

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

    /// A weight's save. A wait for another grocer's write posts
    /// `.saveWaiting` first; giving up (`busyWait.cancel`), or ten seconds,
    /// fail the save with a line that says the weight is still typed. Once
    /// saved, the grocery list is read ahead again (after the answer).
    func save(_ weight: Weight, at date: Date, note: String, bodyFat: BodyFat? = nil, busyWait: BusyWait) -> EffectResult {
        let effect = Effect.saveWeight(weight, at: date, note: note, bodyFat: bodyFat)
        guard let store else { return .failed(effect, Self.failure(.write, path: path, detail: "the store is not open")) }
        let post = self.post
        busyWait.begin { post(.saveWaiting) }
        do {
            let entry = try store.weights.add(weight, at: date, note: note, bodyFat: bodyFat)
            run { $0.readAhead() }
            return .weightSaved(entry)
        } catch StoreError.busy where busyWait.ended == .cancelled {
            return .failed(effect, "Not saved: you stopped waiting for the other grocer. Your weight is still typed; Enter saves it.")
        } catch StoreError.busy {
            return .failed(
                effect, "Not saved: another grocer kept the store busy for 10 seconds. Your weight is still typed; Enter tries again.")
        } catch let error as StoreError {
            return .failed(effect, error.onScreen)
        } catch {
            return .failed(effect, Self.failure(.write, path: store.path, detail: error.localizedDescription))
        }
    }

    /// Whether another connection committed since the last check: one
    /// `PRAGMA data_version` (see `Store.changeCounters`), which grocer's
    /// own writes never move, so no save or edit of this grocer reads the
    /// screen again. A store that cannot be asked (busy, gone) counts as
    /// unchanged: the next tick asks again. After the watch's nudge
    /// (`woken`), no commit seen and none of grocer's own rows changed
    /// means another's commit may not be visible yet: `lookAgain` (the
    /// watch wakes the loop again shortly).
    func checkForChanges(woken: Bool, lookAgain: @Sendable () -> Void) -> EffectResult? {
        guard let store, let counters = try? store.changeCounters() else {
            if woken { lookAgain() }
            return nil
        }
        let seen = state.withLock { state in
            defer { state.seen = counters }
            return state.seen
        }
        let changed = seen.map { $0.others != counters.others } ?? false
        if changed {
            // The list as it is now, read before F5 asks for it.
            run { $0.readAhead() }
            return .storeChanged
        }
        if woken, seen?.own == counters.own { lookAgain() }
        return nil
    }

    /// Reads and groups the grocery list ahead of F5 (right after the
    /// store opens, after a save, after another's write): F5 then shows
    /// 10,000 items as fast as 100. Kept with the counters it was read at.
    func readAhead() {
        guard let store, let at = try? store.changeCounters() else { return }
        let locale = self.locale
        guard let page = try? store.groceries.itemPage(), page.report.isComplete, let catalog = try? Self.catalog(store, locale: locale)
        else {
            state.withLock { $0.readAhead = nil }
            return
        }
        var prepare = GroceriesTabList(items: page.entries, tab: .prepare, locale: locale)
        prepare.prepareFilter()
        prepare.prepareShops(catalog)
        let list = GroceriesResult.prefetched(items: page.entries, catalog: catalog, prepare: prepare)
        state.withLock { $0.readAhead = (list, at) }
    }

    /// The list read ahead, if the store is still exactly as it was read
    /// (no commit by another connection, no row changed by this one); used
    /// once.
    func takeReadAhead() -> GroceriesResult? {
        guard
            let kept = state.withLock({ state in
                defer { state.readAhead = nil }
                return state.readAhead
            }),
            let store, (try? store.changeCounters()) == kept.at
        else { return nil }
        return kept.list
    }

    /// The person's locale for names (the numeric one: what quick entry reads).
    var locale: Locale { UserLocale.locale(for: .numeric, environment: environment) }

    /// Where a name never filed goes (the catalogue, in the person's
    /// language for names: LC_MESSAGES).
    var filing: CatalogueFiling { CatalogueFiling(language: CatalogueLanguage(environment: environment)) }
}
