import GRDB

/// A table grocer reads and the columns it reads from it. Checked before a
/// read, so a file changed outside grocer gets a `StoreError` naming
/// what is missing instead of SQLite's "no such table".
struct TableShape: Sendable {
    let name: String
    let columns: [String]

    func check(_ db: Database, path: String) throws {
        guard try db.tableExists(name) else {
            throw StoreError.missingTable(path: path, table: name)
        }
        let present = Set(try db.columns(in: name).map { $0.name.lowercased() })
        let missing = columns.filter { !present.contains($0.lowercased()) }
        if !missing.isEmpty {
            throw StoreError.missingColumns(path: path, table: name, columns: missing)
        }
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
