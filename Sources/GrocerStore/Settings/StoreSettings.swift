import Foundation
import GRDB
import GrocerCore

/// The display unit as stored: the one chosen (the unit picker, `grocer
/// unit`, a synced setting, a first import), and whether the stored value
/// could be read. Until one is chosen the store shows the region's unit
/// (`DisplayUnit.regional`), which the caller knows and the store does not.
public struct DefaultUnitSetting: Equatable, Sendable {
    /// The unit chosen; nil when none is stored, or the stored one cannot
    /// be read.
    public let chosen: DisplayUnit?
    /// Set when a stored value exists but is not lbs, kg or st.
    public let unreadable: UnreadableRow?

    public init(chosen: DisplayUnit?, unreadable: UnreadableRow? = nil) {
        self.chosen = chosen
        self.unreadable = unreadable
    }

    /// The unit weights are shown and typed in: the one chosen, else the
    /// region's.
    public func display(region: DisplayUnit) -> DisplayUnit { chosen ?? region }
}

/// The person's settings (the default unit, the goal, the height), over
/// the store's one connection (`store.settings`).
public struct StoreSettings: StoreView, Sendable {
    let store: Store
}

extension Store {
    /// The person's settings (`StoreSettings`).
    public var settings: StoreSettings { StoreSettings(store: self) }
}

extension StoreSettings {
    /// The display unit chosen, if any, with a report when the stored value
    /// cannot be read (then none: a setting never locks the person out;
    /// choosing a unit writes over it).
    public func defaultUnitSetting() throws -> DefaultUnitSetting {
        try checkedRead(SettingRecord.shape) { db in
            do {
                guard let value = try SettingRecord.value(of: .defaultUnit, db) else { return DefaultUnitSetting(chosen: nil) }
                guard let display = DisplayUnit(rawValue: value) else {
                    throw FieldProblem(reason: "\(Self.defaultUnitKey) \(FieldText.quoted(value)) is not lbs, kg or st")
                }
                return DefaultUnitSetting(chosen: display)
            } catch let problem as FieldProblem {
                let reason = "key \(Self.defaultUnitKey): \(problem.reason)"
                return DefaultUnitSetting(chosen: nil, unreadable: UnreadableRow(table: SettingRecord.databaseTableName, id: nil, reason: reason))
            }
        }
    }

    /// Chooses the display unit: lbs, kg or st.
    public func setDefaultDisplayUnit(_ unit: DisplayUnit) throws {
        try checkedWrite(SettingRecord.shape) { db in
            try SettingRecord.set(.defaultUnit, to: unit.rawValue, db)
        }
    }
}

extension StoreView {
    // MARK: Settings

    static var defaultUnitKey: String { SettingKey.defaultUnit.rawValue }
}

extension StoreSettings {
    // MARK: Height

    /// The person's height, as given ("180 cm", "71 in"); nil when none is
    /// set, or the stored one cannot be read (setting one writes over it).
    public func height() throws -> Height? {
        try checkedRead(SettingRecord.shape) { db in
            guard let text = try SettingRecord.readableValue(of: .height, db) else { return nil }
            return Height(stored: text)
        }
    }

    /// Sets the height, or clears it with nil.
    public func setHeight(_ height: Height?) throws {
        try checkedWrite(SettingRecord.shape) { db in
            try SettingRecord.set(.height, to: height?.stored, db)
        }
    }
}

extension StoreSettings {
    // MARK: Goal

    /// The goal weight, as typed ("75 kg" is kept as 75 kg); nil when none
    /// is set, or the stored one cannot be read (setting one writes over it).
    public func goal() throws -> Weight? {
        try checkedRead(SettingRecord.shape) { db in
            try SettingRecord.readableValue(of: .goal, db).flatMap(Self.goal(stored:))
        }
    }

    /// Sets the goal, or clears it with nil.
    public func setGoal(_ goal: Weight?) throws {
        try checkedWrite(SettingRecord.shape) { db in
            try SettingRecord.set(.goal, to: goal.map(Self.stored(goal:)), db)
        }
    }
}

extension StoreView {
    /// The goal as the setting keeps it, "75 kg"; nil for anything else.
    static func goal(stored text: String) -> Weight? {
        let parts = text.split(separator: " ")
        guard parts.count == 2, let unit = WeightUnit(rawValue: String(parts[1])) else { return nil }
        return Weight(digits: String(parts[0]), unit: unit)
    }

    /// The setting's text for `goal`.
    static func stored(goal: Weight) -> String { "\(goal.digits) \(goal.unit.rawValue)" }
}
