import Foundation
import GrocerCore
import GrocerStore
import GrocerSync

/// The planner's two rules that look past the three-way merge: the list's
/// X-APPLE-SORT-ORDER written again when an aisle moved here (and a
/// phone's own kept otherwise), and a stale write (the copy agreed before
/// come back) kept from taking back grocer's change.
extension SyncKind {
    // MARK: The agreed value

    /// What a record's agreed copy reads as: its kept reading when that
    /// holds (issue 35: no copy read), else the copy read; nil for none.
    func agreedValue(_ record: SyncRecord) -> Value? {
        guard let agreed = record.agreed else { return nil }
        return kept(record) ?? read(agreed)?.value
    }

    /// `bytes` read, with the reading to keep when agreed on.
    func reading(_ bytes: [UInt8]) -> (uid: String, value: Value, kept: String?)? {
        if let readKeeping { return readKeeping(bytes) }
        return read(bytes).map { ($0.uid, $0.value, nil) }
    }

    // MARK: The list's order

    /// The X-APPLE-SORT-ORDER to write for a record's item: grocer's order
    /// now when its aisle moved since the last agreement, or when the
    /// order then is not known; nil when the aisle stayed, so the object
    /// keeps whatever order it has (a phone's own). Only the aisle counts,
    /// not the rank: an item added to an aisle would otherwise rewrite
    /// every item after it (requests bounded by what moved).
    func order(for record: SyncRecord) -> Int? {
        guard let id = record.localID, let now = orders[id] else { return nil }
        guard let then = record.sortOrder else { return now }
        return now / 10_000 != then / 10_000 ? now : nil
    }

    /// Whether the item's aisle moved here since the last agreement: its
    /// object is written again even when the item did not change (and
    /// `sync status` counts it waiting).
    func reordered(_ record: SyncRecord) -> Bool {
        record.sortOrder != nil && order(for: record) != nil
    }
}

extension SyncPlanner {
    // MARK: Stale writes

    /// The three-way merge of a server copy, unless it is a stale write:
    /// the copy agreed on before the current one (`previous`) come back,
    /// as a client writes it without If-Match from an old copy (Tasks.org
    /// always, Thunderbird's "overwrite" after a 412). Then the server's
    /// copy is taken as the agreed one (grocer's newer change is kept and
    /// written again), and each field it would have taken back is a
    /// conflict that names both values, kept here, so the person sees it
    /// and can take the older value.
    func merge(_ record: SyncRecord, base: Value?, local: Value?, remote: Value) -> MergeResult<Value, Field> {
        guard let base, remote != base, let previous = record.previous.flatMap(kind.read)?.value, previous == remote else {
            return kind.merge(base, local, remote)
        }
        var result = kind.merge(base, local, base)
        guard let merged = result.merged, merged != remote else { return result }
        // With no base, every field the two differ in is a conflict.
        let fields = kind.merge(nil, merged, remote).conflicts.map(\.field)
        result.conflicts += fields.map { MergeConflict(field: $0, local: merged, remote: remote, kept: .local) }
        return result
    }

    /// `record` agreeing on the server's copy `remote`: its href, ETag and
    /// bytes; the copy agreed on until now becomes `previous` when the
    /// agreement moves to another value (`base` is that copy's value), and
    /// `previous` stays as it was when only the bytes moved (a server that
    /// rewrites what it stores).
    func agreeing(_ record: SyncRecord, base: Value?, on remote: SyncRemote<Value>) -> SyncRecord {
        var record = record
        if let agreed = record.agreed, let base, base != remote.value { record.previous = agreed }
        (record.href, record.etag, record.agreed) = (remote.href, remote.etag, remote.bytes)
        record.agreedReading = remote.kept
        return record
    }
}
