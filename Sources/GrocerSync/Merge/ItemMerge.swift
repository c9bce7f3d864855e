import GrocerCore

/// The fields of an item the merge weighs one by one.
public enum ItemField: String, CaseIterable, Hashable, Sendable {
    case name
    /// The quantity and its unit, with any second amount, together: "2 kg"
    /// against "500 g" is one question, not two, and "2 cans + 400 g" one
    /// amount.
    case amount
    case aisle
    case place
    /// The shops it is bought at (X-GROCER-SHOPS).
    case shops
    case ticked
    /// The item's note (DESCRIPTION).
    case note
    /// Deleted on one side, changed on the other.
    case presence
}

public typealias ItemConflict = MergeConflict<SyncedItem, ItemField>
public typealias ItemMergeResult = MergeResult<SyncedItem, ItemField>

/// Three-way merge of a grocery item, field by field, against `base`: the
/// last copy both sides agreed on (nil when there was none).
///
/// A field only one side changed takes that side's value, with no
/// conflict. Where both changed the same field to different values:
/// - name, aisle, place: the server's value shows. It is what the
///   household already sees on their phones; grocer's is in the conflict.
/// - amount: in the same unit (or both with none) the larger quantity
///   shows (buying enough beats running short); in different units the
///   server's shows.
/// - A second amount the server's copy dropped while this side kept it
///   (a phone that rewrote the SUMMARY without it): the server's amount
///   shows, with a conflict on the amount that keeps this side's.
/// - ticked: a tick beats an untick. With a base a tick cannot conflict
///   (a yes/no changed by both is the same on both); it can when both
///   sides added the item.
///
/// Deleted on one side and changed on the other: the change wins and the
/// item stays (a conflict on `presence` records the deletion), except when
/// the only change was a tick: ticked and deleted agree (it was bought;
/// "Clear" deletes ticked items), so it stays deleted, with no conflict.
/// Both deleted, or deleted on one side and unchanged on the other:
/// deleted.
///
/// Both sides added the same item (no base; the engine pairs them by
/// `SyncedItem.sameName`, as when two partners both add "Limes",
/// tribu#453): one item. A field one side left empty (a phone's
/// "3 Apples" says no aisle and no place) takes the other side's
/// (`SyncedItem.filled(from:)`): a join wipes nothing. Every other field
/// is merged by the rules above with every difference recorded. The engine keeps the server's UID and gives the
/// local row to it, so the list holds one "Limes", not two.
public enum ItemMerge {
    public static func merge(base: SyncedItem?, local: SyncedItem?, remote: SyncedItem?) -> ItemMergeResult {
        switch (local, remote) {
        case (nil, nil): return ItemMergeResult(merged: nil)
        case (let local?, nil): return deletedOnOneSide(base: base, changed: local, side: .local)
        case (nil, let remote?): return deletedOnOneSide(base: base, changed: remote, side: .remote)
        case (let local?, let remote?): return fields(base: base, local: local, remote: remote)
        }
    }

    private static func deletedOnOneSide(base: SyncedItem?, changed: SyncedItem, side: SyncSide) -> ItemMergeResult {
        guard let base else { return ItemMergeResult(merged: changed) }  // added on one side
        var untouched = changed
        untouched.ticked = base.ticked
        if changed == base || (untouched == base && changed.ticked) { return ItemMergeResult(merged: nil) }  // unchanged, or only ticked
        let conflict = ItemConflict(field: .presence, local: side == .local ? changed : nil, remote: side == .remote ? changed : nil, kept: side)
        return ItemMergeResult(merged: changed, conflicts: [conflict])
    }

    private static func fields(base: SyncedItem?, local: SyncedItem, remote: SyncedItem) -> ItemMergeResult {
        let (local, remote) = base == nil ? (local.filled(from: remote), remote.filled(from: local)) : (local, remote)
        var merged = remote
        var conflicts: [ItemConflict] = []
        func field<Value: Equatable>(_ name: ItemField, _ path: WritableKeyPath<SyncedItem, Value>, pick: (Value, Value) -> SyncSide) {
            let (value, conflict) = mergeField(
                base: base.map { $0[keyPath: path] }, local: local[keyPath: path], remote: remote[keyPath: path], pick: pick)
            merged[keyPath: path] = value
            if let conflict { conflicts.append(ItemConflict(field: name, local: local, remote: remote, kept: conflict)) }
        }
        field(.name, \.name) { _, _ in .remote }
        field(.amount, \.amount) { l, r in
            l.unit == r.unit && l.second == r.second && l.quantity.decimal > r.quantity.decimal ? .local : .remote
        }
        field(.aisle, \.aisle) { _, _ in .remote }
        field(.place, \.place) { _, _ in .remote }
        field(.shops, \.shops) { _, _ in .remote }
        if let kept = base?.second, remote.second == nil, local.second == kept, !conflicts.contains(where: { $0.field == .amount }) {
            // A second amount the server's copy lost while this side kept
            // it (a phone rewrote "2 cans + 400 g tomatoes" as "3 cans
            // tomatoes"): the server's amount shows, and a conflict keeps
            // this side's, to take back. Never lost without a word.
            conflicts.append(ItemConflict(field: .amount, local: local, remote: remote, kept: .remote))
        }
        field(.ticked, \.ticked) { l, _ in l ? .local : .remote }
        field(.note, \.note) { _, _ in .remote }
        return ItemMergeResult(merged: merged, conflicts: conflicts)
    }
}

extension SyncedItem {
    /// The quantity and its unit, and the second amount, merged as one
    /// field.
    struct Amount: Equatable {
        var quantity: GroceryQuantity
        var unit: String?
        var second: Second?
    }

    var amount: Amount {
        get { Amount(quantity: quantity, unit: unit, second: second) }
        set { (quantity, unit, second) = (newValue.quantity, newValue.unit, newValue.second) }
    }
}
