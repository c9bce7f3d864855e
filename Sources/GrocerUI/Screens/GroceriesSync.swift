import Foundation
import GrocerCore

/// Sync's work, as screens ask for it (`Effect.sync`). The app performs
/// every request off the loop's thread and answers through the mailbox;
/// with no sync in the build, or none set up, the status says so.
public enum SyncRequest: Equatable, Sendable {
    /// Where sync stands, read from the store (no network).
    case status
    /// A sync with the server now: pull, merge, push. Not started again
    /// while one runs.
    case now
    /// The conflicts recorded.
    case conflicts
    /// The conflict's value not kept replaces the one kept; answered with
    /// the conflicts left.
    case takeOther(id: Int64)
    /// The conflict is forgotten, the value kept stays; answered with the
    /// conflicts left.
    case dismiss(id: Int64)
}

/// What sync answered (`EffectResult.sync`).
public enum SyncResult: Equatable, Sendable {
    /// The answer to `.status`.
    case status(SyncStatus)
    /// A sync (`.now`) ended: where sync stands after it. A sync that
    /// failed says so in the status's `failure`.
    case synced(SyncStatus)
    /// The conflicts recorded (the answer to `.conflicts`, `.takeOther`,
    /// `.dismiss`).
    case conflicts([SyncConflictLine])
    /// The request could not be done (the store would not be read): which
    /// one, and one line for the person.
    case failed(SyncRequest, String)
}

/// The grocery screen's part in sync: the header says where it stands;
/// while the screen is open it syncs on open, a few seconds after the
/// person's last change, and every 20 s to see what others changed (less
/// often while the server fails or is slow: `SyncPoll`); `s` syncs now and `c`
/// shows the conflicts. Every request goes out as an effect and every
/// answer comes back through the mailbox, so no key waits for the network.
extension GroceriesScreen {
    /// How long after the person's last change the sync starts: changes
    /// made in a row (ticking through the shop) go in one sync.
    static let syncAfterChange: Duration = .seconds(3)
    /// How often the header's "synced 2 min ago" is drawn again.
    static let headerRefresh: Duration = .seconds(60)

    /// What `s` and `c` say when there is no account.
    public static let notSetUpLine = "Sync is not set up: grocer sync setup --list URL --user NAME sets it up."

    var syncIsSetUp: Bool { syncStatus?.isSetUp == true }
    /// A sync runs: one this screen started and has not heard the end of,
    /// or one the status says runs (started before the screen was last
    /// open).
    var syncIsRunning: Bool { syncStarted || syncStatus?.running == true }

    static let syncBindings: [Binding<GroceriesScreen>] = [
        // Two bindings of `s`: the bar offers it only where sync is set
        // up; elsewhere the key says how to set it up.
        Binding(keys: [.char("s")], hint: "s", label: "Sync", help: "sync now", when: { inList($0) && $0.syncIsSetUp }) {
            s, _, context in
            s.syncKey(context)
        },
        Binding(keys: [.char("s")], help: "sync now", when: { inList($0) && !$0.syncIsSetUp }) { s, _, context in
            s.syncKey(context)
        },
        Binding(
            keys: [.char("c")], hint: "c", label: "Conflicts", help: "sync's conflicts: take the other value",
            when: { inList($0) && $0.syncStatus.map { $0.conflicts > 0 } == true }
        ) { s, _, _ in
            s.conflictsKey()
        },
        Binding(
            keys: [.char("c")], help: "sync's conflicts: take the other value",
            when: { inList($0) && $0.syncStatus.map { $0.conflicts > 0 } != true }
        ) { s, _, _ in
            s.conflictsKey()
        },
    ]

    /// `s`: a sync now, unless there is no sync or one runs already.
    mutating func syncKey(_ context: AppContext) -> Outcome {
        guard syncIsSetUp else {
            message = Self.notSetUpLine
            return .reject
        }
        guard !syncIsRunning else {
            message = "A sync is running already; the header shows when it ends."
            return .redraw
        }
        message = nil
        syncAskedByKey = true
        return startSync(context)
    }

    /// `c`: the conflicts, over the list.
    mutating func conflictsKey() -> Outcome {
        guard syncIsSetUp else {
            message = Self.notSetUpLine
            return .reject
        }
        message = nil
        return .present(.syncConflicts)
    }

    /// Starts a sync (the caller checked none runs) and sets the next
    /// periodic one from now.
    mutating func startSync(_ context: AppContext) -> Outcome {
        syncStarted = true
        syncStartedAt = context.uptime
        syncDueAt = nil
        // Should its end never be heard of, the timer still comes back.
        nextPeriodicSync = context.uptime + syncPoll.wait
        return .perform(.sync(.now))
    }

    /// What the person changed (an add, an edit, a tick, Clear, an undo)
    /// goes out a few seconds after the last change; the status is read
    /// again now, so the header counts it as waiting.
    mutating func changedBySelf(_ context: AppContext) -> Outcome {
        guard syncIsSetUp else { return .redraw }
        syncDueAt = context.uptime + Self.syncAfterChange
        return .perform(.sync(.status))
    }

    /// Sync's answers. The status asked on open is followed by a sync; a
    /// sync that ends sets the status; a failed sync the person asked for
    /// with `s` says why on the message line (a background one only in the
    /// header: it does not interrupt).
    mutating func receiveSync(_ result: SyncResult, _ context: AppContext) -> Outcome {
        switch result {
        case .status(let status):
            syncStatus = status
            if status.isSetUp, headerRefreshAt == nil { headerRefreshAt = context.uptime + Self.headerRefresh }
            // Changes wait that no sync is due for: made where the screen
            // does not see them as its own (the conflicts view's "take the
            // other value", another grocer on this store). They go as the
            // screen's own do, a few seconds later.
            if status.isSetUp, status.waiting > 0, syncDueAt == nil, !syncIsRunning, !syncOnStatus {
                syncDueAt = context.uptime + Self.syncAfterChange
            }
            if syncOnStatus, status.isSetUp {
                syncOnStatus = false
                guard syncIsRunning else { return startSync(context) }
                // One runs already (started before the screen opened): the
                // opening's sync comes after it.
                syncDueAt = context.uptime + Self.syncAfterChange
            }
        case .synced(let status):
            syncStarted = false
            syncStatus = status
            if syncAskedByKey, let failure = status.failure { message = failure.line }
            syncAskedByKey = false
            let took = syncStartedAt.map { context.uptime - $0 }
            syncStartedAt = nil
            let wait = syncPoll.ended(took: took, failed: status.failure != nil)
            if status.isSetUp { nextPeriodicSync = context.uptime + wait }
        case .failed(.status, let line), .failed(.now, let line):
            syncStarted = false
            syncStartedAt = nil
            syncOnStatus = false
            message = line
        case .conflicts, .failed:
            // The conflicts screen's.
            return .none
        }
        return .redraw
    }

    /// When the screen wants `wake` for sync: the sync after a change, the
    /// periodic one, the header's next minute. Nothing when sync is not set
    /// up.
    var syncWakeAt: Duration? {
        guard syncIsSetUp else { return nil }
        return [syncDueAt, nextPeriodicSync, headerRefreshAt].compactMap { $0 }.min()
    }

    /// Every time that came: a sync that is due starts (one due while
    /// another runs waits for a later wake), and the header is drawn again.
    mutating func wakeForSync(_ context: AppContext) -> Outcome {
        let now = context.uptime
        var due = false
        if let at = syncDueAt, at <= now {
            syncDueAt = nil
            due = true
        }
        if let at = nextPeriodicSync, at <= now {
            nextPeriodicSync = nil
            due = true
        }
        if let at = headerRefreshAt, at <= now { headerRefreshAt = now + Self.headerRefresh }
        if due {
            if syncIsRunning {
                // After the running one: the change may have come after it read the store.
                syncDueAt = now + Self.syncAfterChange
                // One this screen did not start is known only from the
                // status, which may be older than its end: asked again.
                if !syncStarted { return .perform(.sync(.status)) }
            } else {
                return startSync(context)
            }
        }
        return .redraw
    }

    /// The header's sync words, with the style they show in: an accent when
    /// something needs the person (a failure, a conflict).
    func syncHeader(_ context: AppContext) -> (text: String, style: Style)? {
        guard let status = syncStatus else { return nil }
        var shown = status
        shown.running = syncIsRunning
        guard let text = shown.headerText(now: context.now), !text.isEmpty else { return nil }
        let needsLook = !shown.running && shown.failure != nil || shown.conflicts > 0
        return (text, needsLook ? .accent : .dim)
    }
}
