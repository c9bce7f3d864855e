import GRDB
import GRDBSQLite

/// The version 3 value rule as an SQL function, for the values that are
/// not already canonical (few rows reach it). Version 1/2 weights use the
/// faster C function `grocer_pounds` (RepairTally). Registered with the C
/// API so that it is direct-only (GRDB's DatabaseFunction cannot say so):
/// SQL stored in the file never calls it.
enum LegacySQLFunctions {
    static let typedText = "grocer_typed_text"

    static func register(in db: Database) {
        sqlite3_create_function_v2(
            db.sqliteConnection, typedText, 1, MigrationConnection.functionFlags | SQLITE_DETERMINISTIC, nil,
            { context, _, argv in
                guard let argv, sqlite3_value_type(argv[0]) != SQLITE_NULL,
                    let text = sqlite3_value_text(argv[0])
                else {
                    sqlite3_result_null(context)
                    return
                }
                guard let result = LegacySQLFunctions.typedText(String(cString: text)) else {
                    sqlite3_result_null(context)
                    return
                }
                sqlite3_result_text(context, result, -1, RepairTally.transient)
            },
            nil, nil, nil)
    }

    // A plain function, never inlined: a closure over SQLite values crashes
    // the Swift 6.3.1 optimizer (ownership verifier) in release builds.
    @inline(never)
    static func typedText(_ text: String) -> String? {
        LegacyDecimal.typedText(text)
    }
}
