import Foundation
import GRDB
import GrocerCore

extension Store {
    /// Every grocery item, sorted by id, one at a time (memory stays flat),
    /// each with its unit when it has one.
    public func forEachItem(_ body: (GroceryItem) throws -> Void) throws {
        try writer.read { db in
            let rows = try Row.fetchCursor(db, sql: """
                SELECT item.id, item.name, item.quantity, item.listed, item.collected,
                       unit.id AS unit_id, unit.name AS unit_name
                FROM item LEFT JOIN unit ON unit.id = item.unit_id
                ORDER BY item.id
                """)
            while let row = try rows.next() {
                let unitID: Int64? = row["unit_id"]
                let unit = unitID.map { GroceryUnit(id: $0, name: row["unit_name"]) }
                try body(GroceryItem(
                    id: row["id"], name: row["name"], quantity: row["quantity"], unit: unit,
                    listed: (row["listed"] as Int64) != 0, collected: (row["collected"] as Int64) != 0))
            }
        }
    }

    /// Every unit items can be counted in, sorted by id.
    public func units() throws -> [GroceryUnit] {
        try writer.read { db in
            try Row.fetchAll(db, sql: "SELECT id, name FROM unit ORDER BY id").map {
                GroceryUnit(id: $0["id"], name: $0["name"])
            }
        }
    }

    /// The names of every unit, sorted by id.
    public func unitNames() throws -> [String] {
        try units().map(\.name)
    }

    /// Rows kept aside by a migration, oldest first: table, id, reason and
    /// the row as JSON.
    public func quarantinedRows() throws -> [QuarantinedRow] {
        try writer.read { db in
            try Row.fetchAll(db, sql: "SELECT source_version, source_table, source_id, reason, row_json FROM quarantine ORDER BY id").map {
                QuarantinedRow(sourceVersion: $0[0], sourceTable: $0[1], sourceID: $0[2], reason: $0[3], rowJSON: $0[4])
            }
        }
    }
}

/// A source row a migration could not carry, kept whole.
public struct QuarantinedRow: Equatable, Sendable {
    public let sourceVersion: Int
    public let sourceTable: String
    public let sourceID: Int64?
    public let reason: String
    public let rowJSON: String
}
