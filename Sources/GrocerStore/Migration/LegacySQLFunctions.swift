import GRDB

/// The exact decimal rules as SQL functions, for the rows plain SQL cannot
/// round exactly (near a tie such as 72.345, or very large values) and for
/// version 3 values that are not canonical. Few rows reach them.
enum LegacySQLFunctions {
    static let poundsText = "grocer_pounds_text"
    static let poundsRounded = "grocer_pounds_rounded"
    static let typedText = "grocer_typed_text"

    static func register(in db: Database) {
        db.add(function: DatabaseFunction(poundsText, argumentCount: 1, pure: true, function: poundsText(_:)))
        db.add(function: DatabaseFunction(poundsRounded, argumentCount: 1, pure: true, function: poundsRounded(_:)))
        db.add(function: DatabaseFunction(typedText, argumentCount: 1, pure: true, function: typedText(_:)))
    }

    // Plain functions, not closures, and never inlined: a closure reading
    // `values[0]` crashes the Swift 6.3.1 optimizer (ownership verifier)
    // in release builds.

    @inline(never)
    static func poundsText(_ values: [DatabaseValue]) -> (any DatabaseValueConvertible)? {
        pounds(values).flatMap(LegacyDecimal.poundsText)
    }

    @inline(never)
    static func poundsRounded(_ values: [DatabaseValue]) -> (any DatabaseValueConvertible)? {
        guard let p = pounds(values), let text = LegacyDecimal.poundsText(p) else { return false }
        return Double(text) != p
    }

    @inline(never)
    static func typedText(_ values: [DatabaseValue]) -> (any DatabaseValueConvertible)? {
        guard let first = values.first, let text = String.fromDatabaseValue(first) else { return nil }
        return LegacyDecimal.typedText(text)
    }

    /// REAL or INTEGER as a double; anything else nil.
    @inline(never)
    static func pounds(_ values: [DatabaseValue]) -> Double? {
        guard let first = values.first else { return nil }
        return Double.fromDatabaseValue(first)
    }
}
