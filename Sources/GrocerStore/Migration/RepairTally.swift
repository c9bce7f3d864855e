import GRDB
import GRDBSQLite

/// `grocer_tally(value, c1, c2, ...)`: returns `value` and adds 1 to
/// counter i for every true `ci`. Placed in an INSERT's SELECT list, it
/// counts repairs among the rows actually carried in the same pass that
/// copies them. A plain C callback on purpose: it runs once per row, and
/// costs nanoseconds (no Swift arrays or values per call). Not marked
/// deterministic, so SQLite calls it for every row.
final class RepairTally: @unchecked Sendable {  // one connection, one thread
    static let name = "grocer_tally"
    /// `grocer_tally_missing(found, reference)`: returns `found` and adds 1
    /// to counter 0 when a non-NULL reference found nothing (a dangling
    /// reference), so the look-up runs once per row, not twice.
    static let missingName = "grocer_tally_missing"
    static let capacity = 8
    private let counters = UnsafeMutablePointer<Int64>.allocate(capacity: capacity)

    init() { reset() }
    deinit { counters.deallocate() }

    func reset() { counters.initialize(repeating: 0, count: Self.capacity) }

    subscript(i: Int) -> Int { Int(counters[i]) }

    /// Registers the function on `db`; the connection must close before
    /// this tally goes away.
    func install(in db: Database) {
        sqlite3_create_function_v2(
            db.sqliteConnection, Self.name, -1, SQLITE_UTF8, UnsafeMutableRawPointer(counters),
            { context, argc, argv in
                guard let argv, argc > 0 else { return }
                let counters = sqlite3_user_data(context)!.assumingMemoryBound(to: Int64.self)
                var i: Int32 = 1
                while i < argc && i <= Int32(RepairTally.capacity) {
                    if sqlite3_value_int(argv[Int(i)]) != 0 { counters[Int(i) - 1] += 1 }
                    i += 1
                }
                sqlite3_result_value(context, argv[0])
            },
            nil, nil, nil)
        sqlite3_create_function_v2(
            db.sqliteConnection, Self.missingName, 2, SQLITE_UTF8, UnsafeMutableRawPointer(counters),
            { context, _, argv in
                guard let argv else { return }
                if sqlite3_value_type(argv[0]) == SQLITE_NULL && sqlite3_value_type(argv[1]) != SQLITE_NULL {
                    sqlite3_user_data(context)!.assumingMemoryBound(to: Int64.self)[0] += 1
                }
                sqlite3_result_value(context, argv[0])
            },
            nil, nil, nil)
    }
}
