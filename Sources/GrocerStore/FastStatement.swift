import GRDB
import GRDBSQLite

/// A prepared statement run through SQLite's C API, for a bulk import's
/// per-row insert and duplicate check: bound and stepped without GRDB's
/// per-execution work (its argument array, retains and releases, queue
/// checks), which was most of a row's cost beside SQLite's own. The
/// statement stays GRDB's (prepared, owned and finalized by it); nothing
/// here outlives the transaction that made it. Errors become GRDB's
/// `DatabaseError`, as GRDB's own execution would throw them.
struct FastStatement {
    private let statement: Statement
    private let db: Database

    init(_ statement: Statement, in db: Database) {
        self.statement = statement
        self.db = db
    }

    private var handle: SQLiteStatement { statement.sqliteStatement }

    /// Binds an integer to parameter `position` (from 1).
    func bind(_ position: Int32, _ value: Int64) {
        sqlite3_bind_int64(handle, position, value)
    }

    /// Binds text to parameter `position` (from 1); SQLite copies it.
    func bind(_ position: Int32, _ text: String) {
        let handle = self.handle
        var text = text
        text.withUTF8 { bytes in
            _ = bytes.withMemoryRebound(to: CChar.self) { chars in
                if let base = chars.baseAddress {
                    sqlite3_bind_text(handle, position, base, Int32(chars.count), RepairTally.transient)
                } else {
                    sqlite3_bind_text(handle, position, "", 0, nil)  // "" (not NULL)
                }
            }
        }
    }

    /// Runs a statement that returns no row (an insert), with the values
    /// bound since it last ran (each run resets it).
    func execute() throws {
        let code = sqlite3_step(handle)
        sqlite3_reset(handle)
        guard code == SQLITE_DONE else { throw error(code) }
    }

    /// Whether a query returns a row (a duplicate check).
    func hasRow() throws -> Bool {
        let code = sqlite3_step(handle)
        sqlite3_reset(handle)
        switch code {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw error(code)
        }
    }

    private func error(_ code: Int32) -> DatabaseError {
        let extended = db.sqliteConnection.map { sqlite3_extended_errcode($0) } ?? code
        let message = db.sqliteConnection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
        return DatabaseError(resultCode: ResultCode(rawValue: extended), message: message, sql: statement.sql)
    }
}
