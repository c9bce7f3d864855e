import GRDB
import GRDBSQLite

/// `grocer_tally(value, c1, c2, ...)`: returns `value` and adds 1 to
/// counter i for every true `ci`. Placed in an INSERT's SELECT list, it
/// counts repairs among the rows actually carried in the same pass that
/// copies them. A plain C callback on purpose: it runs once per row, and
/// costs nanoseconds (no Swift arrays or values per call). Not marked
/// deterministic, so SQLite calls it for every row; direct-only, so SQL
/// stored in a file (a view, a trigger) can never call it and forge counts.
final class RepairTally: @unchecked Sendable {  // one connection, one thread
    static let name = "grocer_tally"
    /// `grocer_tally_missing(found, reference)`: returns `found` and adds 1
    /// to counter 0 when a non-NULL reference found nothing (a dangling
    /// reference), so the look-up runs once per row, not twice.
    static let missingName = "grocer_tally_missing"
    /// `grocer_pounds(weight_lbs)`: the version 1/2 weight rule, as text;
    /// adds 1 to counter 0 when the value had to be rounded. See
    /// `poundsText(_:counter:)`.
    static let poundsName = "grocer_pounds"
    static let capacity = 8
    private let counters = UnsafeMutablePointer<Int64>.allocate(capacity: capacity)

    init() { reset() }
    deinit { counters.deallocate() }

    func reset() { counters.initialize(repeating: 0, count: Self.capacity) }

    subscript(i: Int) -> Int { Int(counters[i]) }

    /// Registers the functions on `db`; the connection must close before
    /// this tally goes away.
    func install(in db: Database) {
        sqlite3_create_function_v2(
            db.sqliteConnection, Self.name, -1, MigrationConnection.functionFlags, UnsafeMutableRawPointer(counters),
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
            db.sqliteConnection, Self.missingName, 2, MigrationConnection.functionFlags, UnsafeMutableRawPointer(counters),
            { context, _, argv in
                guard let argv else { return }
                if sqlite3_value_type(argv[0]) == SQLITE_NULL && sqlite3_value_type(argv[1]) != SQLITE_NULL {
                    sqlite3_user_data(context)!.assumingMemoryBound(to: Int64.self)[0] += 1
                }
                sqlite3_result_value(context, argv[0])
            },
            nil, nil, nil)
        sqlite3_create_function_v2(
            db.sqliteConnection, Self.poundsName, 1, MigrationConnection.functionFlags, UnsafeMutableRawPointer(counters),
            { context, _, argv in
                guard let argv else { return }
                let counter = sqlite3_user_data(context)!.assumingMemoryBound(to: Int64.self)
                RepairTally.poundsText(argv[0], context: context, counter: counter)
            },
            nil, nil, nil)
    }

    /// The weight rule for one value, in the copy's inner loop. Far from a
    /// tie (where the binary value rounds as its shortest decimal does, see
    /// `LegacyDecimal`) and below 1,000,000: whole cents rounded half away
    /// from zero, written as digits into a stack buffer, no allocation.
    /// Near a tie or for large values: the exact rule on decimal digits.
    /// The value was rounded exactly when the double is not the nearest
    /// double to its cents / 100. NULL when the rule gives nothing.
    static func poundsText(_ value: OpaquePointer?, context: OpaquePointer?, counter: UnsafeMutablePointer<Int64>) {
        let type = sqlite3_value_type(value)
        guard type == SQLITE_FLOAT || type == SQLITE_INTEGER else {
            sqlite3_result_null(context)
            return
        }
        let pounds = sqlite3_value_double(value)
        let hundredths = pounds * 100
        let fraction = hundredths - hundredths.rounded(.towardZero)
        guard pounds >= 0.005, pounds < 1e6, fraction < 0.499999 || fraction > 0.500001 else {
            guard let text = LegacyDecimal.poundsText(pounds) else {
                sqlite3_result_null(context)
                return
            }
            if Double(text) != pounds { counter[0] += 1 }
            sqlite3_result_text(context, text, -1, transient)
            return
        }
        let cents = Int64(hundredths + 0.5)
        if Double(cents) / 100 != pounds { counter[0] += 1 }
        // "176.37", "180.4", "200": digits written backwards from the end.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
            var end = buffer.count
            func put(_ byte: UInt8) {
                end -= 1
                buffer[end] = byte
            }
            let fraction = Int(cents % 100)
            if fraction != 0 {
                if fraction % 10 != 0 { put(UInt8(ascii: "0") + UInt8(fraction % 10)) }
                put(UInt8(ascii: "0") + UInt8(fraction / 10))
                put(UInt8(ascii: "."))
            }
            var whole = cents / 100
            repeat {
                put(UInt8(ascii: "0") + UInt8(whole % 10))
                whole /= 10
            } while whole > 0
            let start = UnsafeRawPointer(buffer.baseAddress! + end).assumingMemoryBound(to: CChar.self)
            sqlite3_result_text(context, start, Int32(buffer.count - end), transient)
        }
    }

    /// SQLITE_TRANSIENT: SQLite copies the text before the call returns.
    static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}
