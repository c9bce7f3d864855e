import GRDB

/// A row of `setting`: a named text value.
struct SettingRecord: Equatable {
    var key: String
    var value: String

    /// The table's columns, each name spelled here only: the fields
    /// (`encode`, `init(row:)`), `databaseSelection` and `shape` use them,
    /// in this order.
    enum Columns: String, ColumnExpression, CaseIterable {
        case key, value
    }

    static let shape = TableShape(name: databaseTableName, columns: Columns.allCases.map(\.name))
}

/// The settings grocer keeps, by key: the one list of them.
enum SettingKey: String, CaseIterable {
    /// "lbs", "kg" or "st": the display unit chosen (none: the region's).
    case defaultUnit = "defaultUnit"
    /// The goal weight, "75 kg".
    case goal = "weight.goal"
    /// The person's height, as `Height.stored` writes it.
    case height = "height"
    /// The time zone `weight_day` was built for.
    case weightDayZone = "weight_day.zone"
    /// Where the history's trend goes on from (`WeightDayTable.Checkpoint`).
    case weightDayTrend = "weight_day.trend"
}

extension SettingRecord {
    /// The one way grocer reads a setting, in the caller's read or
    /// transaction: its text, nil when none is stored; a value that is not
    /// text throws a `FieldProblem` (the caller decides what that means).
    static func value(of key: SettingKey, _ db: Database) throws -> String? {
        guard let row = try Row.fetchOne(db, filter(Columns.key == key.rawValue)) else { return nil }
        return try row.text(Columns.value)
    }

    /// The same, with a value that is not text read as none (a file changed
    /// outside grocer; writing the setting replaces it). SQLite's errors
    /// still throw.
    static func readableValue(of key: SettingKey, _ db: Database) throws -> String? {
        do {
            return try value(of: key, db)
        } catch is FieldProblem {
            return nil
        }
    }

    /// The one way grocer writes a setting: `value`, or none with nil.
    static func set(_ key: SettingKey, to value: String?, _ db: Database) throws {
        if let value {
            try SettingRecord(key: key.rawValue, value: value).insert(db, onConflict: .replace)
        } else {
            _ = try filter(Columns.key == key.rawValue).deleteAll(db)
        }
    }
}

extension SettingRecord: TableRecord {
    static let databaseTableName = "setting"
    static var databaseSelection: [any SQLSelectable] { Columns.allCases }
}

extension SettingRecord: FetchableRecord {
    init(row: Row) throws {
        key = try row.text(Columns.key)
        value = try row.text(Columns.value)
    }
}

extension SettingRecord: PersistableRecord {
    func encode(to container: inout PersistenceContainer) {
        container[Columns.key] = key
        container[Columns.value] = value
    }
}
