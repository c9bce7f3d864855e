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
    /// read-only connection that leaves nothing beside the file (WAL-mode
    /// files included). A current file whose tables are not grocer's is
    /// reported with what is wrong, as opening it would refuse it.
    public static func read(path: String, stop: StopFlag = .process) -> StoreStatus {
        let judgement = StoreJudge.judge(path: path, deep: true, stop: stop)
        var state = judgement.state
        var rows: [String: Int] = [:]
        var detail = judgement.detail
        if state == .current || state == .needsMigration {
            let real = (try? FileSystem.resolveStorePath(path)) ?? path
            do {
                let checkSchema = state == .current
                let (problems, counts) = try ReadOnlyFile.read(path: real, stop: stop) { db in
                    (checkSchema ? try SchemaCheck.problems(in: db) : [], try countRows(db))
                }
                if problems.isEmpty {
                    rows = counts
                } else {
                    // Not damaged: changed by something other than grocer,
                    // and refused as any file from elsewhere is.
                    state = .foreign
                    detail = "not as grocer made it: " + problems.joined(separator: "; ")
                }
            } catch {
                let mapped = StoreError.from(error, path: path)
                if case .busy = mapped { state = .busy }
                detail = StoreJudge.describe(error)
            }
        }
        return StoreStatus(
            path: path, state: state, formatVersion: judgement.formatVersion,
            currentVersion: StoreFormat.currentVersion, rows: rows, detail: detail)
    }

    static func countRows(_ db: Database) throws -> [String: Int] {
        var counts: [String: Int] = [:]
        let tables = try String.fetchAll(
            db,
            sql: "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND sql NOT LIKE 'CREATE VIRTUAL%' ORDER BY name")
        for table in tables {
            counts[table] = try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table.quotedDatabaseIdentifier)") ?? 0
        }
        return counts
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
