import Foundation
import GRDB
import GrocerCore

/// The settings as sync carries them (issue 36): the goal, the display
/// unit and the height, read and written as the commands read and write
/// them (`Setting.goal`, `.unit`, `.height`), in the setting
/// table. What sync knows of the settings object on the server (its href,
/// ETag and agreed copy) is a record of the weights collection with the
/// reserved UID and no `localID`, so no new table is needed.

extension StoreSync {
    /// The settings here, each nil when not set. A stored value grocer
    /// cannot read counts as not set, as the commands read it.
    public func syncLocalSettings() throws -> SyncedSettings {
        try checkedRead(SettingRecord.shape) { db in try Self.localSettings(db) }
    }
}

extension StoreView {
    static func localSettings(_ db: Database) throws -> SyncedSettings {
        SyncedSettings(
            goal: try Setting.goal.stored(db).value, unit: try Setting.unit.stored(db).value,
            height: try Setting.height.stored(db).value)
    }

    /// Makes the settings `new`, each field as its command sets it (nil
    /// clears it); nil changes nothing.
    static func applySettings(_ new: SyncedSettings?, _ db: Database) throws {
        guard let new else { return }
        try Setting.goal.set(new.goal, db)
        try Setting.unit.set(new.unit, db)
        try Setting.height.set(new.height, db)
    }
}
