import Foundation
import GRDB

/// What `grocer store status` reports. Reading it never writes to the file.
public struct StoreStatus: Codable, Sendable, Equatable {
    public let path: String
    public let state: StoreState
    public let formatVersion: Int?
    public let currentVersion: Int
    /// Rows per table, for grocer files grocer can read.
    public let rows: [String: Int]
    public let detail: String?

    /// Judges deeply (with `PRAGMA quick_check`) and counts rows through a
    /// read-only connection.
    public static func read(path: String) -> StoreStatus {
        let judgement = StoreJudge.judge(path: path, deep: true)
        var rows: [String: Int] = [:]
        var detail = judgement.detail
        if judgement.state == .current || judgement.state == .needsMigration {
            do {
                rows = try countRows(path: path)
            } catch {
                detail = StoreJudge.describe(error)
            }
        }
        return StoreStatus(path: path, state: judgement.state, formatVersion: judgement.formatVersion,
                           currentVersion: StoreFormat.currentVersion, rows: rows, detail: detail)
    }

    static func countRows(path: String) throws -> [String: Int] {
        let queue = try StoreJudge.openReadOnly(path)
        defer { try? queue.close() }
        return try queue.read { db in
            var counts: [String: Int] = [:]
            let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
            for table in tables {
                counts[table] = try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table.quotedDatabaseIdentifier)") ?? 0
            }
            return counts
        }
    }

    /// The plain-text report.
    public var text: String {
        var lines = [
            "path:           \(path)",
            "state:          \(state.rawValue)",
            "formatVersion:  \(formatVersion.map(String.init) ?? "-")",
            "currentVersion: \(currentVersion)",
        ]
        for (table, count) in rows.sorted(by: { $0.key < $1.key }) {
            lines.append("rows \(table): \(count)")
        }
        if let detail { lines.append("detail:         \(detail)") }
        return lines.joined(separator: "\n")
    }
}
