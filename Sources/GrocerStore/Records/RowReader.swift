import GRDB

/// Walks a request's rows one at a time (memory stays flat), turning each
/// into a value; a row that cannot be read is counted in the report with
/// its id and reason, and the walk goes on.
enum RowReader {
    static func forEach<Value>(
        _ db: Database, _ request: some FetchRequest, table: String, idColumn: Column = Column("id"),
        map: (Row) throws -> Value, body: (Value) throws -> Void
    ) throws -> ReadReport {
        var report = ReadReport()
        let rows = try Row.fetchCursor(db, request)
        while let row = try rows.next() {
            let value: Value
            do {
                value = try map(row)
            } catch let problem as FieldProblem {
                let id = try? row.integer(idColumn)
                report.add(UnreadableRow(table: table, id: id, reason: problem.reason))
                continue
            }
            try body(value)
        }
        return report
    }

    /// Every row of `request` as a page.
    static func page<Value>(
        _ db: Database, _ request: some FetchRequest, table: String, idColumn: Column = Column("id"),
        map: (Row) throws -> Value
    ) throws -> ReadPage<Value> {
        var entries: [Value] = []
        let report = try forEach(db, request, table: table, idColumn: idColumn, map: map) { entries.append($0) }
        return ReadPage(entries: entries, report: report)
    }
}
