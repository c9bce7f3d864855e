import GRDB

/// The version 3 value rule as an SQL function, for the values that are
/// not already canonical (few rows reach it). Version 1/2 weights use the
/// faster C function `grocer_pounds` (RepairTally).
enum LegacySQLFunctions {
    static let typedText = "grocer_typed_text"

    static func register(in db: Database) {
        db.add(function: DatabaseFunction(typedText, argumentCount: 1, pure: true, function: typedText(_:)))
    }

    // Plain functions, not closures, and never inlined: a closure reading
    // `values[0]` crashes the Swift 6.3.1 optimizer (ownership verifier)
    // in release builds.

    @inline(never)
    static func typedText(_ values: [DatabaseValue]) -> (any DatabaseValueConvertible)? {
        guard let first = values.first, let text = String.fromDatabaseValue(first) else { return nil }
        return LegacyDecimal.typedText(text)
    }
}
