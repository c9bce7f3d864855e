import Foundation
import GrocerCore
import GrocerStore
import GrocerSync

/// What `grocer sync` and the grocery screen both do with sync, written
/// once over a ledger: where each account stands (changes waiting,
/// conflicts), the status a screen shows, taking a conflict's other value,
/// and a sync of every account set up, one after the other. The caller
/// brings the connection (the login and the transport are the edge's):
/// `connect` runs the work it is given over a client of the account's
/// collection, and shuts its transport down after.
public struct SyncService: Sendable {
    /// The work a connection runs: one account's sync over its client.
    public typealias Work = @Sendable (DAVClient) async throws -> SyncSummary

    /// One account and what waits for it.
    public struct AccountState: Equatable, Sendable {
        public var account: SyncAccount
        /// Local changes the next sync sends.
        public var waiting: Int
        /// Conflicts recorded for its collection, not yet dismissed.
        public var conflicts: Int
    }

    /// A conflict that `takeOther` or `dismiss` did not find (settled
    /// meanwhile, or never there).
    public struct NoSuchConflict: Error, Equatable, Sendable {
        public var id: Int64
    }

    public let ledger: any SyncLedger
    public let locale: Locale
    let now: @Sendable () -> Date

    public init(ledger: any SyncLedger, locale: Locale, now: @escaping @Sendable () -> Date = { Date() }) {
        self.ledger = ledger
        self.locale = locale
        self.now = now
    }

    // MARK: Where it stands (no network)

    /// Each account set up, with its changes waiting and its conflicts.
    public func accounts() throws -> [AccountState] {
        let accounts = try ledger.syncAccounts()
        guard !accounts.isEmpty else { return [] }
        let conflicts = try ledger.syncConflicts()
        return try accounts.map { account in
            AccountState(
                account: account,
                waiting: try SyncEngine.waiting(ledger: ledger, collection: account.collection, locale: locale, now: now()),
                conflicts: conflicts.filter { $0.collection == account.collection }.count)
        }
    }

    /// Where sync stands as a screen shows it: every account together (the
    /// latest sync, the sum of what waits), or `.notSetUp`.
    public func status() throws -> SyncStatus {
        let states = try accounts()
        guard !states.isEmpty else { return .notSetUp }
        return SyncStatus(
            lastSync: states.compactMap(\.account.lastSync).max(), waiting: states.map(\.waiting).reduce(0, +),
            conflicts: try ledger.syncConflicts().count)
    }

    // MARK: Conflicts

    /// The conflicts recorded, newest first, as a screen lists them.
    public func conflictLines() throws -> [SyncConflictLine] {
        try ledger.syncConflicts().reversed().map { conflict in
            SyncConflictLine(
                id: conflict.id ?? 0, title: conflict.title, field: conflict.field, here: conflict.localValue,
                there: conflict.remoteValue, kept: conflict.kept == "local" ? .local : .remote, at: conflict.at)
        }
    }

    /// Conflict `id`'s value not kept becomes the one both sides hold (the
    /// next sync sends it), and the conflict is settled. The conflict, for
    /// the caller's line; `NoSuchConflict` when there is none by that id.
    @discardableResult public func takeOther(id: Int64) throws -> SyncConflict {
        let conflict = try find(id)
        try SyncEngine.takeOther(conflict, ledger: ledger, locale: locale)
        try ledger.dismissSyncConflict(id: id)
        return conflict
    }

    /// Conflict `id` is forgotten; the value kept stays.
    @discardableResult public func dismiss(id: Int64) throws -> SyncConflict {
        let conflict = try find(id)
        try ledger.dismissSyncConflict(id: id)
        return conflict
    }

    private func find(_ id: Int64) throws -> SyncConflict {
        guard let conflict = try ledger.syncConflicts().first(where: { $0.id == id }) else { throw NoSuchConflict(id: id) }
        return conflict
    }

    // MARK: Syncing

    /// One account's sync over `client` (pull, merge, push); `progress`
    /// hears (done, total) after each write.
    public func work(for account: SyncAccount, progress: (@Sendable (Int, Int) -> Void)? = nil) -> Work {
        let ledger = ledger
        let locale = locale
        let now = now
        return { client in
            var summary = try await SyncEngine(
                ledger: ledger, client: client, collection: account.collection, locale: locale, now: now, progress: progress
            ).sync()
            // Members whose href or ETag is past grocer's bounds
            // (`DAVBounds`): left alone, and said.
            summary.unreadable += client.leftAlone
            return summary
        }
    }

    /// Every account set up, one after the other, each through `connect`;
    /// the first failure ends it (what the accounts before it received is
    /// kept). The sum of their summaries.
    public func syncEvery(_ connect: (SyncAccount, @escaping Work) async throws -> SyncSummary) async throws -> SyncSummary {
        var total = SyncSummary()
        for account in try ledger.syncAccounts() { total = total + (try await connect(account, work(for: account))) }
        return total
    }

    /// The same for a caller that connects without waiting (a command,
    /// whose connection blocks until its work ends).
    /// `progress` gives each account's listener of (done, total), if any.
    public func syncEveryBlocking(
        progress: (SyncAccount) -> (@Sendable (Int, Int) -> Void)? = { _ in nil },
        _ connect: (SyncAccount, @escaping Work) throws -> SyncSummary
    ) throws -> SyncSummary {
        var total = SyncSummary()
        for account in try ledger.syncAccounts() { total = total + (try connect(account, work(for: account, progress: progress(account)))) }
        return total
    }

    /// Syncs every account (as `syncEvery`) and says where sync stands
    /// after it, a failure included: `failed` words the error for a
    /// screen. The status is read again even after a failure (what the
    /// accounts before it did, and what still waits).
    public func syncAndStatus(
        failed: (any Error) -> SyncStatus.Failure, _ connect: (SyncAccount, @escaping Work) async throws -> SyncSummary
    ) async -> SyncStatus {
        var failure: SyncStatus.Failure?
        do { _ = try await syncEvery(connect) } catch { failure = failed(error) }
        var status: SyncStatus
        do { status = try self.status() } catch { status = SyncStatus(failure: failure ?? failed(error)) }
        status.failure = failure ?? status.failure
        return status
    }
}
