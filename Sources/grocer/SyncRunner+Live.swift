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
            status: { path in try withService(path, locale) { try $0.status() } },
            syncNow: { path in await syncNow(path, locale: locale) },
            conflicts: { path in try withService(path, locale) { try $0.conflictLines() } },
            takeOther: { path, id in
                try withService(path, locale) { service in
                    do { try service.takeOther(id: id) } catch is SyncService.NoSuchConflict { return }
                }
            },
            dismiss: { path, id in
                try withService(path, locale) { service in
                    do { try service.dismiss(id: id) } catch is SyncService.NoSuchConflict { return }
                }
            })
    }

    /// The sync service over a connection of its own beside the screen's
    /// (never `Store.open`, whose judge would drop this process's locks on
    /// the file).
    private static func withService<T>(_ path: String, _ locale: Locale, _ body: (SyncService) throws -> T) throws -> T {
        let store = try Store.openBeside(at: path)
        defer { try? store.close() }
        return try body(SyncService(ledger: store, locale: locale))
    }

    /// Every collection set up, one after the other; the first failure
    /// ends it and is what the header says.
    private static func syncNow(_ path: String, locale: Locale) async -> SyncStatus {
        let store: Store
        do { store = try Store.openBeside(at: path) } catch { return failed(error) }
        defer { try? store.close() }
        return await SyncService(ledger: store, locale: locale).syncAndStatus(failed: headline) { account, work in
            try await SyncSession.connect(account, quiet: true, work)
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
