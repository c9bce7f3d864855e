import Foundation
import GRDB
import GrocerCore

/// The person's settings (the display unit, the goal, the height), over
/// the store's one connection (`store.settings`), each typed by its
/// `Setting`: `read(.goal)`, `set(.goal, to:)`.
public struct StoreSettings: StoreView, Sendable {
    let store: Store
}

extension Store {
    /// The person's settings (`StoreSettings`).
    public var settings: StoreSettings { StoreSettings(store: self) }
}

extension StoreSettings {
    /// The setting as stored: its value, or none; with a report when the
    /// stored value cannot be read (then none).
    public func read<Value>(_ setting: Setting<Value>) throws -> StoredSetting<Value> {
        try checkedRead(SettingRecord.shape) { db in try setting.stored(db) }
    }

    /// Sets the setting, or clears it with nil.
    public func set<Value>(_ setting: Setting<Value>, to value: Value?) throws {
        try checkedWrite(SettingRecord.shape) { db in try setting.set(value, db) }
    }
}

extension StoreView {
    static var defaultUnitKey: String { SettingKey.defaultUnit.rawValue }
}
