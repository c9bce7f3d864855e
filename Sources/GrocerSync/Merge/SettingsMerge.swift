import GrocerCore

/// The fields of the settings object the merge weighs one by one.
public enum SettingsField: String, CaseIterable, Hashable, Sendable {
    /// The goal's digits and unit, together.
    case goal
    /// The display unit.
    case unit
    case height
}

public typealias SettingsConflict = MergeConflict<SyncedSettings, SettingsField>
public typealias SettingsMergeResult = MergeResult<SyncedSettings, SettingsField>

/// Three-way merge of the settings object against `base`, the last copy
/// both sides agreed on, field by field with the rule every other merge
/// uses (`mergeField`): a field only one side changed takes that side's
/// value, so a goal set on one machine and a unit on the other are both
/// kept. Both changed one field differently: the server's value shows (it
/// arrived first, and every other machine already has it), and a conflict
/// keeps grocer's, which the person can take.
///
/// No base (a machine's first sync of the settings): a field one side has
/// not set takes the other's (`SyncedSettings.filled(from:)`), so a new
/// machine's defaults are no change; a field both set differently is a
/// conflict as above.
///
/// The settings are never deleted: gone from the server (a phone deleted
/// the object) is not "cleared", so the local settings stay and are
/// written again; absent here (nothing set) takes the server's.
public enum SettingsMerge {
    public static func merge(base: SyncedSettings?, local: SyncedSettings?, remote: SyncedSettings?) -> SettingsMergeResult {
        guard let remote else { return SettingsMergeResult(merged: local) }
        guard var local else { return SettingsMergeResult(merged: remote) }
        var remoteSide = remote
        if base == nil { (local, remoteSide) = (local.filled(from: remote), remote.filled(from: local)) }
        var merged = remoteSide
        var conflicts: [SettingsConflict] = []
        func field<Value: Equatable>(_ name: SettingsField, _ path: WritableKeyPath<SyncedSettings, Value>) {
            let (value, conflict) = mergeField(
                base: base.map { $0[keyPath: path] }, local: local[keyPath: path], remote: remoteSide[keyPath: path]
            ) { _, _ in .remote }
            merged[keyPath: path] = value
            if let conflict { conflicts.append(SettingsConflict(field: name, local: local, remote: remoteSide, kept: conflict)) }
        }
        field(.goal, \.goal)
        field(.unit, \.unit)
        field(.height, \.height)
        return SettingsMergeResult(merged: merged, conflicts: conflicts)
    }
}
