import Foundation
import GrocerApp
import GrocerCLI
import GrocerCore
import GrocerStore
import GrocerSync
import GrocerSyncEngine

extension SyncRunner {
    /// The grocery screen's sync over the store file at the path it is
    /// given, each call on a connection of its own (so the screen's store
    /// watch sees what a sync wrote): the engine over the live transport,
    /// as `grocer sync` runs it, with the password command's stderr
    /// discarded (it would write over the screen). Names and quantities
    /// are compared in the numeric locale of `environment`, made at the
    /// first call: nothing of this runs before the first frame.
    static func live(environment: Environment) -> SyncRunner {
        let environment = environment
        var locale: Locale { UserLocale.locale(for: .numeric, environment: environment) }
        return SyncRunner(
            status: { path in try withStore(path) { try status(of: $0, locale: locale) } },
            syncNow: { path in await syncNow(path, locale: locale, deadline: screenDeadline(environment)) },
            conflicts: { path in
                try withStore(path) { store in
                    try store.syncConflicts().reversed().map { conflict in
                        SyncConflictLine(
                            id: conflict.id ?? 0, title: conflict.title, field: conflict.field, here: conflict.localValue,
                            there: conflict.remoteValue, kept: conflict.kept == "local" ? .local : .remote, at: conflict.at)
                    }
                }
            },
            takeOther: { path, id in
                try withStore(path) { store in
                    guard let conflict = try store.syncConflicts().first(where: { $0.id == id }) else { return }
                    try SyncEngine.takeOther(conflict, ledger: store, locale: locale)
                    try store.dismissSyncConflict(id: id)
                }
            },
            dismiss: { path, id in try withStore(path) { try $0.dismissSyncConflict(id: id) } })
    }

    /// A connection of its own beside the screen's (never `Store.open`,
    /// whose judge would drop this process's locks on the file).
    private static func withStore<T>(_ path: String, _ body: (Store) throws -> T) throws -> T {
        let store = try Store.openBeside(at: path)
        defer { try? store.close() }
        return try body(store)
    }

    static func status(of store: Store, locale: Locale) throws -> SyncStatus {
        let accounts = try store.syncAccounts()
        guard !accounts.isEmpty else { return .notSetUp }
        var waiting = 0
        for account in accounts { waiting += try SyncEngine.waiting(ledger: store, collection: account.collection, locale: locale) }
        return SyncStatus(
            lastSync: accounts.compactMap(\.lastSync).max(), waiting: waiting, conflicts: try store.syncConflicts().count)
    }

    /// The screen's sync deadline: GROCER_SYNC_DEADLINE seconds, else (or
    /// when it is not whole seconds from 1 to 86400)
    /// `DAVTimeLimits.screenDeadline`.
    static func screenDeadline(_ environment: Environment) -> Int {
        environment["GROCER_SYNC_DEADLINE"].flatMap(DAVTimeLimits.seconds) ?? DAVTimeLimits.screenDeadline
    }

    /// Every collection set up, one after the other, within one deadline;
    /// the first failure ends it and is what the header says.
    private static func syncNow(_ path: String, locale: Locale, deadline: Int) async -> SyncStatus {
        let limits = DAVTimeLimits(deadline: .seconds(deadline))
        let store: Store
        do { store = try Store.openBeside(at: path) } catch { return failed(error) }
        defer { try? store.close() }
        var failure: SyncStatus.Failure?
        do {
            for account in try store.syncAccounts() {
                _ = try await SyncSession.connect(account, quiet: true, limits: limits) { client in
                    try await SyncEngine(ledger: store, client: client, collection: account.collection, locale: locale, now: { Date() })
                        .sync()
                }
            }
        } catch {
            failure = failed(error).failure
        }
        var status = (try? status(of: store, locale: locale)) ?? SyncStatus()
        status.failure = failure
        return status
    }

    private static func failed(_ error: any Error) -> SyncStatus {
        SyncStatus(failure: headline(error))
    }

    /// A few words for the header, and the line that says what to do.
    static func headline(_ error: any Error) -> SyncStatus.Failure {
        switch error {
        case let failure as SyncFailure:
            let words: String
            switch failure {
            case .serverUnreachable: words = "offline"
            case .tooSlow: words = "server too slow"
            case .loginRefused: words = "login refused"
            case .refused: words = "refused"
            case .serverFailed: words = "server failed"
            case .nonsense: words = "bad answer"
            case .listingCutShort: words = "listing cut short"
            case .storeBusy, .storeChangedMeanwhile: words = "store busy"
            case .store: words = "store error"
            case .interrupted: words = "stopped"
            case .notSetUp: words = "not set up"
            }
            return SyncStatus.Failure(headline: words, line: VisibleText.escaped(failure.description))
        case let failure as DAVFailure:
            return headline(SyncFailure(failure))
        case let failure as Failure:
            return SyncStatus.Failure(headline: "no password", line: VisibleText.escaped(failure.description))
        case let failure as StoreError:
            return SyncStatus.Failure(headline: "store error", line: VisibleText.escaped(failure.errorDescription ?? "the store failed"))
        default:
            return SyncStatus.Failure(headline: "sync failed", line: "sync failed unexpectedly (\(type(of: error))); please report it")
        }
    }
}
