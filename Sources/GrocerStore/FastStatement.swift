import GRDB
import GRDBSQLite

/// A prepared statement run through SQLite's C API, for a bulk import's
/// per-row insert and duplicate check and an export's rows: bound, stepped
/// and read without GRDB's per-execution and per-column work (its argument
/// array, retains and releases, queue checks, and a generic decode per
/// column that looked up type metadata at run time), which was most of a
/// row's cost beside SQLite's own. The
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

    /// Binds text, or NULL for nil, to parameter `position` (from 1).
    func bind(_ position: Int32, _ text: String?) {
        if let text { bind(position, text) } else { sqlite3_bind_null(handle, position) }
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

    /// The next row of a query: true while there is one (its columns are
    /// then read with `int64`, `text`), false at the end. The caller resets
    /// nothing: a statement run to its end is reset by its next step.
    func step() throws -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let code: throw error(code)
        }
    }

    /// Column `index` (from 0) of the current row when it is an integer.
    func int64(_ index: Int32) -> Int64? {
        sqlite3_column_type(handle, index) == SQLITE_INTEGER ? sqlite3_column_int64(handle, index) : nil
    }

    /// Column `index` (from 0) of the current row when it is text (its
    /// bytes as they are: invalid UTF-8 is repaired).
    func text(_ index: Int32) -> String? {
        guard sqlite3_column_type(handle, index) == SQLITE_TEXT, let bytes = sqlite3_column_text(handle, index) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, index))
        return String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self)
    }

    /// Column `index` (from 0) of the current row when it is text, read
    /// as GRDB reads it (`String(cString:)`: up to a NUL byte, invalid
    /// UTF-8 repaired), for readers that replaced GRDB's and must read the
    /// same strings.
    func textToNul(_ index: Int32) -> String? {
        guard sqlite3_column_type(handle, index) == SQLITE_TEXT, let bytes = sqlite3_column_text(handle, index) else { return nil }
        return String(cString: bytes)
    }

    /// Whether column `index` (from 0) of the current row is NULL.
    func isNull(_ index: Int32) -> Bool {
        sqlite3_column_type(handle, index) == SQLITE_NULL
    }

    /// The stored type of column `index` (from 0) of the current row, in
    /// the words of `DatabaseValue.typeName`: "NULL", "an integer", "a
    /// real number", "text", "a blob".
    func typeName(_ index: Int32) -> String {
        switch sqlite3_column_type(handle, index) {
        case SQLITE_NULL: return "NULL"
        case SQLITE_INTEGER: return "an integer"
        case SQLITE_FLOAT: return "a real number"
        case SQLITE_TEXT: return "text"
        default: return "a blob"
        }
    }

    private func error(_ code: Int32) -> DatabaseError {
        let extended = db.sqliteConnection.map { sqlite3_extended_errcode($0) } ?? code
        let message = db.sqliteConnection.flatMap { sqlite3_errmsg($0) }.map { String(cString: $0) }
        return DatabaseError(resultCode: ResultCode(rawValue: extended), message: message, sql: statement.sql)
    }
}
