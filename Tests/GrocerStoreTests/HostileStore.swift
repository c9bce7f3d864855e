import Foundation
import GRDB

@testable import GrocerStore

/// Current-format stores in memory whose tables lost their constraints and
/// declared types, so any value can be put in any column, as a file changed
/// outside grocer can hold. Made by the tests, never by the code under test.
extension Store {
    static let looseTables = [
        "weight_entry": "id INTEGER PRIMARY KEY, value, unit, recorded_at, note, body_fat",
        "item":
            "id INTEGER PRIMARY KEY, name, quantity, listed, collected, unit_id, place_id, aisle_id, amount, name_key, note, second_amount, second_unit_id",
        "unit": "id INTEGER PRIMARY KEY, name",
        "place": "id INTEGER PRIMARY KEY, name",
        "aisle": "id INTEGER PRIMARY KEY, name, position",
        "quarantine": "id INTEGER PRIMARY KEY, source_version, source_table, source_id, reason, row_json",
        "setting": "key PRIMARY KEY, value",
    ]

    /// An in-memory current-format store whose tables take anything.
    static func hostile() throws -> Store {
        let store = try Store.open(at: "/tmp/hostile.sqlite", mode: .memory, zone: .current, stop: StopFlag())
        try store.execute("PRAGMA foreign_keys = OFF")
        for (table, columns) in looseTables {
            try store.execute("DROP TABLE \(table); CREATE TABLE \(table) (\(columns))")
        }
        return store
    }

    /// Runs SQL on the store's own connection, outside a transaction.
    func execute(_ sql: String) throws {
        try writer.base.writeWithoutTransaction { db in try db.execute(sql: sql) }
    }
}
