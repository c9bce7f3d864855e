import GrocerStore
import GrocerSync

/// Why a sync stopped, each said in one line with what to do. Whatever
/// the failure, what was applied was applied whole (one batch, one
/// transaction) and local changes wait for the next sync.
public enum SyncFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// No account for the collection: `grocer sync setup` first.
    case notSetUp(SyncCollection)
    /// No answer (refused, unreachable, timed out).
    case serverUnreachable(String)
    /// The server sent too little in time (`DAVTimeLimits`): its words.
    case tooSlow(String)
    /// 401.
    case loginRefused
    /// The server said no (403, 404, a redirect elsewhere).
    case refused(String)
    /// The server failed (5xx).
    case serverFailed(Int)
    /// An answer grocer cannot use (bad XML, too large, an unexpected
    /// status).
    case nonsense(String)
    /// The server cut short a listing grocer needed whole (a 507 on the
    /// request, RFC 6578, 3.6), and going on did not complete it: what it
    /// left out is unknown, not deleted, so nothing was applied.
    case listingCutShort
    /// Another grocer holds the store.
    case storeBusy
    /// Another grocer kept changing what sync was about to change, each
    /// of the bounded tries.
    case storeChangedMeanwhile
    /// The store failed otherwise (its own sentence).
    case store(String)
    /// Ctrl-C, SIGTERM, or the task was cancelled.
    case interrupted

    /// The failure a DAVFailure means for the person.
    public init(_ failure: DAVFailure) {
        switch failure {
        case .unreachable, .timedOut: self = .serverUnreachable(failure.description)
        case .tooSlow: self = .tooSlow(failure.description)
        case .loginRefused: self = .loginRefused
        case .forbidden, .notFound, .redirectedAway: self = .refused(failure.description)
        case .serverError(let status): self = .serverFailed(status)
        case .changedMeanwhile, .answerTooLarge, .nonsense: self = .nonsense(failure.description)
        case .stopped: self = .interrupted
        }
    }

    /// The failure a store error means; `changedElsewhere` is the one the
    /// engine retries.
    init(store error: any Error) {
        switch error as? StoreError {
        case .busy?: self = .storeBusy
        case .interrupted?: self = .interrupted
        case .changedElsewhere?: self = .storeChangedMeanwhile
        default: self = .store((error as? StoreError)?.errorDescription ?? String(describing: error))
        }
    }

    public var description: String { line(setup: false) }

    /// The line for `grocer sync` or, with `setup`, for `grocer sync
    /// setup`'s look at the server, which keeps nothing when it fails.
    public func line(setup: Bool) -> String {
        let kept = setup ? "nothing was kept" : "nothing was lost; local changes wait for the next sync"
        let sync = setup ? "sync setup" : "sync"
        switch self {
        case .notSetUp(let collection):
            return "sync: the \(collection.rawValue) has no server yet; run grocer sync setup"
        case .serverUnreachable(let why): return "\(sync): server unreachable: \(why); \(kept)"
        case .tooSlow(let why):
            return "\(sync): \(why); " + (setup ? "nothing was kept" : "nothing is lost, the rest goes at the next sync")
        case .loginRefused: return "\(sync): login refused: check --user and what --password-command prints; \(kept)"
        case .refused(let why): return "\(sync): the server refused: \(why); \(kept)"
        case .serverFailed(let status): return "\(sync): the server failed (HTTP \(status)); try again later; \(kept)"
        case .nonsense(let why): return "\(sync): the server answered nonsense: \(why); \(kept)"
        case .listingCutShort:
            return "\(sync): the server cut its listing of the collection short (HTTP 507), so grocer took nothing from it; try again later; \(kept)"
        case .storeBusy: return "sync: another grocer holds the store; try again when it is done; \(kept)"
        case .storeChangedMeanwhile: return "sync: another grocer kept changing the list meanwhile; sync again; \(kept)"
        case .store(let why): return "sync: \(why)"
        case .interrupted: return "sync: interrupted; what was received is kept, and the next sync completes it"
        }
    }
}
