import Foundation
import GRDB
import GrocerCore

/// A page of weights in history order, with the rows among them that could
/// not be read and where the page starts and ends (the cursors for the
/// pages on either side, taken from every row visited, readable or not).
public struct WeightPage: Equatable, Sendable {
    /// The entries that could be read, in the page's order.
    public let entries: [WeightEntry]
    public let report: ReadReport
    /// The position of the page's first and last row (nil: no row). A row
    /// whose time or id is not an integer has no position and is skipped
    /// for these.
    public let first: WeightPosition?
    public let last: WeightPosition?
    /// Rows visited, readable or not; fewer than the limit: the end.
    public let rowCount: Int
    /// Whether the page reached the end of the history in its direction.
    public let reachedEnd: Bool

    public init(
        entries: [WeightEntry], report: ReadReport = ReadReport(), first: WeightPosition? = nil, last: WeightPosition? = nil,
        rowCount: Int? = nil, reachedEnd: Bool = true
    ) {
        self.entries = entries
        self.report = report
        self.first = first ?? entries.first?.position
        self.last = last ?? entries.last?.position
        self.rowCount = rowCount ?? entries.count + report.unreadableCount
        self.reachedEnd = reachedEnd
    }
}

extension StoreWeights {
    // MARK: Weights, page by page

    /// At most `limit` entries strictly older than `before` (nil: from the
    /// newest), newest first, by (recorded_at, id) on the
    /// `weight_entry_by_time` index: no OFFSET, no count.
    public func newestFirst(before: WeightPosition?, limit: Int) throws -> WeightPage {
        try weightPage(WeightRecord.newestFirst(before: before), limit: limit)
    }

    /// At most `limit` entries strictly newer than `after` (nil: from the
    /// very oldest), oldest first: End, and PgUp from a page.
    public func oldestFirst(after: WeightPosition?, limit: Int) throws -> WeightPage {
        try weightPage(WeightRecord.oldestFirst(after: after), limit: limit)
    }
}

extension StoreView {
    func weightPage(_ request: QueryInterfaceRequest<WeightRecord>, limit: Int) throws -> WeightPage {
        let limit = max(0, limit)
        return try checkedRead(WeightRecord.shape) { db in
            var first: WeightPosition? = nil
            var last: WeightPosition? = nil
            var rows = 0
            var entries: [WeightEntry] = []
            entries.reserveCapacity(min(limit, 10_000))
            let report = try RowReader.forEach(
                db, request.limit(limit), table: WeightRecord.databaseTableName,
                map: { row -> WeightEntry in
                    rows += 1
                    if case .int64(let id) = (row[WeightRecord.Columns.id.name] as DatabaseValue).storage,
                        case .int64(let seconds) = (row[WeightRecord.Columns.recordedAt.name] as DatabaseValue).storage
                    {
                        let position = WeightPosition(recordedAt: seconds, id: id)
                        if first == nil { first = position }
                        last = position
                    }
                    return try WeightRecord(row: row).entry()
                },
                body: { entries.append($0) })
            return WeightPage(entries: entries, report: report, first: first, last: last, rowCount: rows, reachedEnd: rows < limit)
        }
    }
}

extension WeightRecord {
    /// Strictly older than `position`, newest first: a row-value range on
    /// the `weight_entry_by_time` index (recorded_at, id).
    static func newestFirst(before position: WeightPosition?) -> QueryInterfaceRequest<WeightRecord> {
        guard let position else { return newestFirst }
        return newestFirst.filter(literal: "(\(Columns.recordedAt), \(Columns.id)) < (\(position.recordedAt), \(position.id))")
    }

    /// Strictly newer than `position`, oldest first.
    static func oldestFirst(after position: WeightPosition?) -> QueryInterfaceRequest<WeightRecord> {
        guard let position else { return oldestFirst }
        return oldestFirst.filter(literal: "(\(Columns.recordedAt), \(Columns.id)) > (\(position.recordedAt), \(position.id))")
    }
}
