import GRDB

/// A table grocer reads and the columns it reads from it. Checked before a
/// read, so a file changed outside grocer gets a `StoreError` naming
/// what is missing instead of SQLite's "no such table".
struct TableShape: Sendable {
    let name: String
    let columns: [String]

    func check(_ db: Database, path: String) throws {
        guard let missing = try missingColumns(db) else {
            throw StoreError.missingTable(path: path, table: name)
        }
        if !missing.isEmpty {
            throw StoreError.missingColumns(path: path, table: name, columns: missing)
        }
    }

    /// Whether the table is there with every column grocer reads (derived
    /// data a store may lack is then made, else left).
    func isWhole(_ db: Database) throws -> Bool { try missingColumns(db)?.isEmpty == true }

    /// The columns grocer reads that the table lacks; nil without the table.
    private func missingColumns(_ db: Database) throws -> [String]? {
        guard try db.tableExists(name) else { return nil }
        let present = Set(try db.columns(in: name).map { $0.name.lowercased() })
        return columns.filter { !present.contains($0.lowercased()) }
    }
}

extension StoreView {
    /// A read that first checks the tables it needs are there, whole.
    func checkedRead<T>(_ tables: TableShape..., body: (Database) throws -> T) throws -> T {
        try writer.read { db in
            for table in tables { try table.check(db, path: path) }
            return try body(db)
        }
    }

    /// A write that first checks the tables it needs are there, whole.
    func checkedWrite<T>(_ tables: TableShape..., body: (Database) throws -> T) throws -> T {
        try writer.write { db in
            for table in tables { try table.check(db, path: path) }
            return try body(db)
        }
    }
}
