import Foundation
import GrocerApp
import GrocerCLI
import GrocerCore
import GrocerStore
import GrocerSync
import GrocerSyncEngine
import GrocerSyncLive

extension SyncRunner {
    /// The grocery screen's sync over the store file at the path it is
    /// given, each call on a connection of its own (so the screen's store
    /// watch sees what a sync wrote): the engine over the live transport,
    /// as `grocer sync` runs it, with the password command's stderr
    /// discarded (it would write over the screen). Names and quantities
    /// are compared in the numeric locale of `environment`, made at the
    /// first call: nothing of this runs before the first frame.
    ///
    /// `zone` is the person's (read after the first frame): what a sync
    /// writes into the weights is grouped into days in it, as the screen's
    /// own store does.
    static func live(environment: Environment, zone: @escaping @Sendable () -> TimeZone) -> SyncRunner {
        let environment = environment
        var locale: Locale { UserLocale.locale(for: .numeric, environment: environment) }
        let logins = LoginCache()
        return SyncRunner(
            status: { path in
                try withService(path, locale, zone()) { service, store in
                    var status = try service.status()
                    // Set up, but with no login on this machine: the header says so.
                    if status.isSetUp, let problem = notSetUpHere(try store.sync.syncAccounts(), storePath: store.path) { status.failure = problem }
                    return status
                }
            },
            syncNow: { path in
                await syncNow(
                    path, locale: locale, filing: CatalogueFiling(language: CatalogueLanguage(environment: environment)), zone: zone(),
                    deadline: screenDeadline(environment), logins: logins)
            },
            conflicts: { path in try withService(path, locale, zone()) { service, _ in try service.conflictLines() } },
            takeOther: { path, id in
                try withService(path, locale, zone()) { service, _ in
                    do { try service.takeOther(id: id) } catch is SyncService.NoSuchConflict { return }
                }
            },
            dismiss: { path, id in
                try withService(path, locale, zone()) { service, _ in
                    do { try service.dismiss(id: id) } catch is SyncService.NoSuchConflict { return }
                }
            })
    }

    /// The sync service over a connection of its own beside the screen's
    /// (`StoreOpenMode.beside`: never `.create`, whose judge would drop this process's locks on
    /// the file).
    private static func withService<T>(_ path: String, _ locale: Locale, _ zone: TimeZone, _ body: (SyncService, Store) throws -> T) throws
        -> T
    {
        let store = try Store.open(at: path, mode: .beside, zone: zone, stop: StopFlag())
        defer { try? store.close() }
        return try body(SyncService(ledger: store.sync, locale: locale), store)
    }

    /// The header's "sync not set up here" when an account has no login on
    /// this machine (no entry in the person's logins file, nothing in
    /// .netrc), or only a command the store carries: the screen never asks
    /// about it and never runs it (issue 36). Nothing is run to find out.
    static func notSetUpHere(_ accounts: [SyncAccount], storePath: String) -> SyncStatus.Failure? {
        let resolver = SyncLogin.resolver(interactive: false)
        for account in accounts {
            let asked = SyncLogin.account(account, storePath: storePath)
            let problem: SyncLoginResolver.Failure
            do {
                switch try resolver.look(asked).choice {
                case .here: continue
                case .notSetUpHere: problem = .notSetUpHere(url: asked.url, option: asked.option)
                case .storeCommand: problem = .storeCommandNotRun(url: asked.url, option: asked.option)
                }
            } catch {
                return SyncStatus.Failure(headline: "logins refused", line: VisibleText.escaped("sync: \(error.description)"))
            }
            return SyncStatus.Failure(headline: "sync not set up here", line: VisibleText.escaped("sync: \(problem.description)"))
        }
        return nil
    }

    /// The screen's sync deadline: GROCER_SYNC_DEADLINE seconds, else (or
    /// when it is not whole seconds from 1 to 86400)
    /// `DAVTimeLimits.screenDeadline`.
    static func screenDeadline(_ environment: Environment) -> Int {
        environment["GROCER_SYNC_DEADLINE"].flatMap(DAVTimeLimits.seconds) ?? DAVTimeLimits.screenDeadline
    }

    /// Every collection set up, one after the other, within one deadline;
    /// the first failure ends it and is what the header says.
    /// The logins are `logins`' (kept a while: the screen syncs every 20 s),
    /// dropped when the server refuses one.
    private static func syncNow(
        _ path: String, locale: Locale, filing: CatalogueFiling, zone: TimeZone, deadline: Int, logins: LoginCache
    ) async -> SyncStatus {
        let limits = DAVTimeLimits(deadline: .seconds(deadline))
        let store: Store
        do { store = try Store.open(at: path, mode: .beside, zone: zone, stop: StopFlag()) } catch { return failed(error) }
        defer { try? store.close() }
        // A phone's new item is filed as one typed here (issue 33).
        let service = SyncService(ledger: store.sync.filingNewItems(with: filing), locale: locale)
        // No login here for one of them: nothing runs, the header says so.
        if let accounts = try? store.sync.syncAccounts(), let problem = notSetUpHere(accounts, storePath: path) {
            var status = (try? service.status()) ?? SyncStatus()
            status.failure = problem
            return status
        }
        let failed: (any Error) -> SyncStatus.Failure = { error in
            if (error as? SyncFailure) == .loginRefused || (error as? DAVFailure) == .loginRefused { logins.forget() }
            return headline(error)
        }
        return await service.syncAndStatus(failed: failed) { account, work in
            let login: @Sendable () throws -> LiveTransport.Login? = {
                try logins.login(account.url) { try SyncLogin.resolve(account, storePath: path, interactive: false) }
            }
            return try await SyncSession.connect(account, login: login, limits: limits, work)
        }
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
