import GrocerCore

/// The fields of a weight entry the merge weighs one by one.
public enum WeightField: String, CaseIterable, Hashable, Sendable {
    /// The digits and unit as typed, together.
    case weight
    case time
    case note
    /// The body fat (issue 34), or none.
    case bodyFat = "body_fat"
    /// Deleted on one side, changed on the other.
    case presence
}

public typealias WeightConflict = MergeConflict<SyncedWeight, WeightField>
public typealias WeightMergeResult = MergeResult<SyncedWeight, WeightField>

/// Three-way merge of a weight entry against `base`, the last copy both
/// sides agreed on. Entries made on two machines have two UIDs and are
/// both kept; this merges one entry edited in two places.
///
/// A field only one side changed takes that side's value. Both changed
/// the weight, the time, the note or the body fat differently: the server's value shows
/// (what every other machine already has), grocer's is in the conflict.
/// Deleted on one side and edited on the other: the edit wins and the
/// entry stays, with a conflict on `presence`. Deleted on one side and
/// unchanged on the other: deleted. No base and both sides hold it (the
/// same UID reached both another way): merged field by field as above.
public enum WeightMerge {
    public static func merge(base: SyncedWeight?, local: SyncedWeight?, remote: SyncedWeight?) -> WeightMergeResult {
        switch (local, remote) {
        case (nil, nil): return WeightMergeResult(merged: nil)
        case (let changed?, nil), (nil, let changed?):
            guard let base else { return WeightMergeResult(merged: changed) }
            if changed == base { return WeightMergeResult(merged: nil) }
            let side: SyncSide = local == nil ? .remote : .local
            return WeightMergeResult(merged: changed, conflicts: [WeightConflict(field: .presence, local: local, remote: remote, kept: side)])
        case (let local?, let remote?):
            var merged = remote
            var conflicts: [WeightConflict] = []
            func field<Value: Equatable>(_ name: WeightField, _ path: WritableKeyPath<SyncedWeight, Value>) {
                let (value, conflict) = mergeField(
                    base: base.map { $0[keyPath: path] }, local: local[keyPath: path], remote: remote[keyPath: path]
                ) { _, _ in .remote }
                merged[keyPath: path] = value
                if let conflict { conflicts.append(WeightConflict(field: name, local: local, remote: remote, kept: conflict)) }
            }
            field(.weight, \.weight)
            field(.time, \.recordedAt)
            field(.note, \.note)
            field(.bodyFat, \.bodyFat)
            return WeightMergeResult(merged: merged, conflicts: conflicts)
        }
    }
}
