import Foundation
import GRDB
import GrocerCore

extension Store {
    // MARK: Weights

    @discardableResult
    public func addWeight(_ weight: Weight, at date: Date) throws -> WeightEntry {
        let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
        let id = try writer.write { db -> Int64 in
            try db.execute(
                sql: "INSERT INTO weight_entry (value, unit, recorded_at) VALUES (?, ?, ?)",
                arguments: [weight.digits, weight.unit.rawValue, seconds])
            return db.lastInsertedRowID
        }
        return WeightEntry(id: id, weight: weight, recordedAt: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }

    /// The newest entries first, at most `limit`.
    public func recentWeights(limit: Int) throws -> [WeightEntry] {
        try writer.read { db in
            try Row.fetchAll(db, sql: """
                SELECT id, value, unit, recorded_at FROM weight_entry
                ORDER BY recorded_at DESC, id DESC LIMIT ?
                """, arguments: [limit]).compactMap(Self.weightEntry)
        }
    }

    /// Every entry, oldest first (time, then id), one at a time: memory
    /// stays flat however many there are.
    public func forEachWeight(_ body: (WeightEntry) throws -> Void) throws {
        try writer.read { db in
            let rows = try Row.fetchCursor(db, sql: """
                SELECT id, value, unit, recorded_at FROM weight_entry ORDER BY recorded_at, id
                """)
            while let row = try rows.next() {
                if let entry = Self.weightEntry(row) { try body(entry) }
            }
        }
    }

    static func weightEntry(_ row: Row) -> WeightEntry? {
        guard let unit = WeightUnit(rawValue: row["unit"]),
              let weight = Weight(digits: row["value"], unit: unit) else { return nil }
        let seconds: Int64 = row["recorded_at"]
        return WeightEntry(id: row["id"], weight: weight, recordedAt: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }
}
