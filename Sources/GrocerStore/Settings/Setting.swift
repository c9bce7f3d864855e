import GRDB
import GrocerCore

/// One of the person's settings, typed: its key and how its value is kept
/// as text. `store.settings.read(.goal)` and `store.settings.set(.goal,
/// to:)` are the one way to them; a new setting is a key in `SettingKey`
/// and a member here.
public struct Setting<Value: Equatable & Sendable>: Sendable {
    let key: SettingKey
    /// What a readable value looks like, for the report on one that is not.
    let expected: String
    let decode: @Sendable (String) -> Value?
    let encode: @Sendable (Value) -> String
}

extension Setting where Value == DisplayUnit {
    /// The display unit chosen: lbs, kg or st (none stored: the region's,
    /// which the caller knows; `StoredSetting.display(region:)`).
    public static var unit: Self {
        Setting(key: .defaultUnit, expected: "lbs, kg or st", decode: DisplayUnit.init(rawValue:), encode: \.rawValue)
    }
}

extension Setting where Value == Weight {
    /// The goal weight, as typed ("75 kg" is kept as 75 kg).
    public static var goal: Self {
        Setting(key: .goal, expected: "a weight and its unit, such as '75 kg'", decode: goal(stored:), encode: stored(goal:))
    }

    /// The goal as the setting keeps it, "75 kg"; nil for anything else.
    static func goal(stored text: String) -> Weight? {
        let parts = text.split(separator: " ")
        guard parts.count == 2, let unit = WeightUnit(rawValue: String(parts[1])) else { return nil }
        return Weight(digits: String(parts[0]), unit: unit)
    }

    /// The setting's text for `goal`.
    static func stored(goal: Weight) -> String { "\(goal.digits) \(goal.unit.rawValue)" }
}

extension Setting where Value == Height {
    /// The person's height, as given ("180 cm", "71 in").
    public static var height: Self {
        Setting(key: .height, expected: "a height such as '180 cm'", decode: Height.init(stored:), encode: \.stored)
    }
}

/// A setting as the store holds it: its value, nil when none is stored or
/// the stored one cannot be read; then `unreadable` says why (a setting
/// never locks the person out: setting it writes over the value).
public struct StoredSetting<Value: Equatable & Sendable>: Equatable, Sendable {
    public let value: Value?
    public let unreadable: UnreadableRow?

    public init(value: Value?, unreadable: UnreadableRow? = nil) {
        self.value = value
        self.unreadable = unreadable
    }
}

extension StoredSetting where Value == DisplayUnit {
    /// The unit weights are shown and typed in: the one chosen, else the
    /// region's.
    public func display(region: DisplayUnit) -> DisplayUnit { value ?? region }
}

extension Setting {
    /// The setting in the caller's read or transaction, with the reason a
    /// stored value cannot be read. SQLite's errors throw.
    func stored(_ db: Database) throws -> StoredSetting<Value> {
        let reason: String
        do {
            guard let text = try SettingRecord.value(of: key, db) else { return StoredSetting(value: nil) }
            if let value = decode(text) { return StoredSetting(value: value) }
            reason = "\(key.rawValue) \(FieldText.quoted(text)) is not \(expected)"
        } catch let problem as FieldProblem {
            reason = problem.reason
        }
        return StoredSetting(
            value: nil, unreadable: UnreadableRow(table: SettingRecord.databaseTableName, id: nil, reason: "key \(key.rawValue): \(reason)"))
    }

    /// Writes `value`, or removes the setting with nil, in the caller's
    /// transaction.
    func set(_ value: Value?, _ db: Database) throws {
        try SettingRecord.set(key, to: value.map(encode), db)
    }
}
