import Foundation
import GRDB
import GrocerCore

extension Store {
    // MARK: Settings

    static let defaultUnitKey = "defaultUnit"

    /// The stored default unit; lbs until one is chosen.
    public func defaultUnit() throws -> WeightUnit {
        try writer.read { db in
            let raw = try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = ?", arguments: [Self.defaultUnitKey])
            return raw.flatMap(WeightUnit.init(rawValue:)) ?? .lbs
        }
    }

    public func setDefaultUnit(_ unit: WeightUnit) throws {
        try writer.write { db in
            try db.execute(
                sql: "INSERT INTO setting (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                arguments: [Self.defaultUnitKey, unit.rawValue])
        }
    }
}
