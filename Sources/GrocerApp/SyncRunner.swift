import GrocerCore

/// What the screen needs of sync, as closures over the store's path and
/// GrocerCore's values only: the app depends on no sync engine, and tests
/// pass a fake. Each closure opens the store file again on its own
/// connection, so it may run on any thread beside the screen's (whose
/// store watch then sees what a sync wrote, and the list follows).
///
/// `LiveApp.run` takes one from the `grocer` executable, which builds it
/// from the sync engine; without one (tests, a build without sync) the
/// status is "not set up" and nothing of sync runs.
public struct SyncRunner: Sendable {
    /// Where sync stands, from the store: no network.
    public var status: @Sendable (_ storePath: String) throws -> SyncStatus
    /// A whole sync with the server (pull, merge, push): where sync stands
    /// after it, a failure included (offline, login refused). Never run on
    /// the loop's thread.
    public var syncNow: @Sendable (_ storePath: String) async -> SyncStatus
    /// The conflicts recorded, newest first.
    public var conflicts: @Sendable (_ storePath: String) throws -> [SyncConflictLine]
    /// The conflict's value not kept replaces the one kept (it goes to the
    /// server with the next sync); the conflict is then settled.
    public var takeOther: @Sendable (_ storePath: String, _ id: Int64) throws -> Void
    /// The conflict is forgotten; the value kept stays.
    public var dismiss: @Sendable (_ storePath: String, _ id: Int64) throws -> Void

    public init(
        status: @escaping @Sendable (String) throws -> SyncStatus,
        syncNow: @escaping @Sendable (String) async -> SyncStatus,
        conflicts: @escaping @Sendable (String) throws -> [SyncConflictLine],
        takeOther: @escaping @Sendable (String, Int64) throws -> Void,
        dismiss: @escaping @Sendable (String, Int64) throws -> Void
    ) {
        self.status = status
        self.syncNow = syncNow
        self.conflicts = conflicts
        self.takeOther = takeOther
        self.dismiss = dismiss
    }
}
