/// Which side of a sync: this grocer's store, or the server.
public enum SyncSide: String, Hashable, Sendable {
    case local
    case remote
}

/// Where both sides changed one field differently, or one deleted what
/// the other changed: the field, both sides' whole records (nil: deleted
/// on that side), and which side's value shows. Nothing is lost: the other
/// value is in the record that was not kept.
public struct MergeConflict<Record: Hashable & Sendable, Field: Hashable & Sendable>: Hashable, Sendable {
    public var field: Field
    public var local: Record?
    public var remote: Record?
    public var kept: SyncSide

    public init(field: Field, local: Record?, remote: Record?, kept: SyncSide) {
        self.field = field
        self.local = local
        self.remote = remote
        self.kept = kept
    }
}

/// What a three-way merge made: the record (nil: deleted) and the
/// conflicts it recorded.
public struct MergeResult<Record: Hashable & Sendable, Field: Hashable & Sendable>: Hashable, Sendable {
    public var merged: Record?
    public var conflicts: [MergeConflict<Record, Field>]

    public init(merged: Record?, conflicts: [MergeConflict<Record, Field>] = []) {
        self.merged = merged
        self.conflicts = conflicts
    }
}

/// The three-way rule for one field: a side that did not change it
/// (against `base`) takes the other's; both the same is that; else
/// `pick` says which side shows, and that is a conflict. With no base
/// (both sides added the record) any difference is a conflict.
func mergeField<Value: Equatable>(base: Value?, local: Value, remote: Value, pick: (Value, Value) -> SyncSide) -> (Value, conflict: SyncSide?) {
    if local == remote { return (local, nil) }
    if let base, local == base { return (remote, nil) }
    if let base, remote == base { return (local, nil) }
    let side = pick(local, remote)
    return (side == .local ? local : remote, side)
}
