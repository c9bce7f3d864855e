import Foundation
import GRDB
import GrocerCore

/// grocer's SQLite file, spoken to in records and intents. SQL and GRDB
/// types never leave this layer.
public final class Store: Sendable {
    public let path: String
    let writer: DatabaseQueue

    init(path: String, writer: DatabaseQueue) {
        self.path = path
        self.writer = writer
    }

    /// Opens the store at `url`, creating it when missing (folder 0700,
    /// file 0600). Any other state than missing/current is refused with a
    /// `StoreError`, and the file is left as it was.
    public static func open(at url: URL) throws -> Store {
        let path = url.path
        let judgement = StoreJudge.judge(path: path)
        switch judgement.state {
        case .missing:
            return try create(at: url)
        case .current:
            return try Store(path: path, writer: connect(path))
        case .needsMigration:
            throw StoreError.migrationNotPossible(path: path, version: judgement.formatVersion ?? 0)
        case .newer:
            throw StoreError.newer(path: path, version: judgement.formatVersion ?? 0)
        case .foreign:
            throw StoreError.foreign(path: path)
        case .corrupt:
            throw StoreError.corrupt(path: path, detail: judgement.detail ?? "unreadable")
        }
    }

    static func create(at url: URL) throws -> Store {
        let path = url.path
        try FileSystem.prepareDirectory(url.deletingLastPathComponent())
        try FileSystem.createPrivateFile(path)
        do {
            let queue = try connect(path)
            try queue.write { db in try Schema.create(db) }
            return Store(path: path, writer: queue)
        } catch let error as DatabaseError {
            throw StoreError.io(path: path, detail: StoreJudge.describe(error))
        }
    }

    static func connect(_ path: String) throws -> DatabaseQueue {
        var config = Configuration()
        config.label = "grocer.store"
        config.busyMode = .timeout(5)
        config.foreignKeysEnabled = true
        do {
            return try DatabaseQueue(path: path, configuration: config)
        } catch {
            throw StoreError.io(path: path, detail: StoreJudge.describe(error))
        }
    }

    public func close() throws { try writer.close() }

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

    // MARK: Status

    /// Rows per table, for `grocer store status`.
    public func rowCounts() throws -> [String: Int] {
        try writer.read { db in
            var counts: [String: Int] = [:]
            for table in Schema.countedTables {
                counts[table] = try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table)") ?? 0
            }
            return counts
        }
    }
}
