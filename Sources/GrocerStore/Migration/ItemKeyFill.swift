import GRDB
import GRDBSQLite
import GrocerCore

/// Fills `item.name_key` (format version 8) where it is not known, after a
/// migration's steps: one UPDATE over the items, calling grocer's folding
/// (`ItemNameKey`) as an SQL function registered on the migration's own
/// connection only, direct-only as the other migration functions are (SQL
/// stored in a file can never call it).
enum ItemKeyFill {
    static let function = "grocer_item_name_key"

    /// Keys every item whose name is text and whose key is NULL, in the
    /// caller's transaction, when the store reached version 8 or later.
    static func run(_ db: Database, version: Int) throws {
        guard version >= 8 else { return }
        register(in: db)
        try db.execute(sql: "UPDATE item SET name_key = \(function)(name) WHERE name_key IS NULL AND typeof(name) = 'text'")
    }

    static func register(in db: Database) {
        sqlite3_create_function_v2(
            db.sqliteConnection, function, 1, MigrationConnection.functionFlags | SQLITE_DETERMINISTIC, nil,
            { context, _, argv in
                guard let argv, sqlite3_value_type(argv[0]) == SQLITE_TEXT, let text = sqlite3_value_text(argv[0]) else {
                    sqlite3_result_null(context)
                    return
                }
                sqlite3_result_text(context, ItemKeyFill.key(String(cString: text)), -1, RepairTally.transient)
            },
            nil, nil, nil)
    }

    // A plain function, never inlined: a closure over SQLite values crashes
    // the Swift 6.3.1 optimizer (ownership verifier) in release builds.
    @inline(never)
    static func key(_ name: String) -> String {
        ItemNameKey.of(name)
    }
}
