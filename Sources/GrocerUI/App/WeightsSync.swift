import Foundation
import GrocerCore

/// The app's part in sync beyond the grocery screen (which drives its own,
/// GroceriesSync.swift): a weight saved, edited, deleted or restored goes
/// out to the server a few seconds later, whichever screen shows, and a
/// screen that shows where sync stands (`Screen.showsSync`: the history)
/// hears it. `AppModel` feeds it what passes and wakes it; it only says
/// which sync request is due.
///
/// After a change the status is asked at once (the history's header counts
/// the change as waiting, and a store with no account says so before any
/// sync is tried), and a sync 5 s after the last change, so several saves
/// in a row go in one; not at all when the status says sync is not set up.
/// A sync that runs is never started twice (`LiveEffects` answers the one
/// running); when one runs at the time the sync is due (it may have read
/// the store before the change), the change's sync starts once its end is
/// heard. Nothing of it runs before a change, or before a screen that
/// shows sync appears: never before the first frame.
struct WeightsSync: Equatable, Sendable {
    /// How long after the last change the sync starts.
    static let afterChange: Duration = .seconds(5)
    /// How often a screen showing "synced 2 min ago" is drawn again.
    static let refresh: Duration = .seconds(60)

    /// When the status is to be asked.
    private(set) var statusAt: Duration?
    /// When the sync after a change is due.
    private(set) var syncAt: Duration?
    /// When a screen showing sync is drawn again.
    private(set) var refreshAt: Duration?
    /// Whether sync is set up, as last heard; nil: not heard yet.
    private(set) var setUp: Bool?
    /// A sync runs (this one started it, or a status said so) and its end
    /// has not been heard.
    private(set) var running = false

    /// A weight changed at `uptime`.
    mutating func weightsChanged(at uptime: Duration) {
        statusAt = uptime
        syncAt = uptime + Self.afterChange
    }

    /// A screen that shows sync appeared at `uptime`.
    mutating func shown(at uptime: Duration) {
        statusAt = uptime
        refreshAt = uptime + Self.refresh
    }

    /// Sync's answer, whoever asked: whether it is set up.
    mutating func heard(_ result: SyncResult) {
        switch result {
        case .status(let status):
            setUp = status.isSetUp
            running = status.running
        case .synced(let status):
            setUp = status.isSetUp
            running = false
        case .failed(.now, _):
            running = false
        case .conflicts, .failed:
            break
        }
    }

    /// When it wants to be woken; `showing`: a screen that shows sync is on
    /// top (only then, and only when sync is set up, does the minute's
    /// redraw count).
    func wakeAt(showing: Bool) -> Duration? {
        [statusAt, running ? nil : syncAt, showing && setUp == true ? refreshAt : nil].compactMap { $0 }.min()
    }

    /// What is due at `uptime`: the status, then the sync, one at a time;
    /// `.redraw` for the minute's redraw of a screen showing sync.
    mutating func wake(at uptime: Duration, showing: Bool) -> Outcome {
        if let at = statusAt, at <= uptime {
            statusAt = nil
            return .perform(.sync(.status))
        }
        if let at = syncAt, at <= uptime, !running {
            syncAt = nil
            if setUp != false {
                running = true
                return .perform(.sync(.now))
            }
        }
        if showing, setUp == true, let at = refreshAt, at <= uptime {
            refreshAt = uptime + Self.refresh
            return .redraw
        }
        return .none
    }
}

extension EffectResult {
    /// Whether it says this grocer changed a weight, or the goal (the
    /// sync sends it: the goal travels with the weights, issue 36).
    var changedWeights: Bool {
        switch self {
        case .weightSaved, .weightEdited, .editUndone, .weightsDeleted, .weightsRestored, .goalSet, .addUndone, .redone:
            return true
        default: return false
        }
    }
}
