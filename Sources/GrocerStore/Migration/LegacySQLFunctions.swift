import GRDB

/// The exact decimal rules as SQL functions, for the rows plain SQL cannot
/// round exactly (near a tie such as 72.345, or very large values) and for
/// version 3 values that are not canonical. Few rows reach them.
enum LegacySQLFunctions {
    static let poundsText = "grocer_pounds_text"
    static let poundsRounded = "grocer_pounds_rounded"
    static let typedText = "grocer_typed_text"

    static func register(in db: Database) {
        db.add(function: DatabaseFunction(poundsText, argumentCount: 1, pure: true) { values in
            pounds(values[0]).flatMap(LegacyDecimal.poundsText)
        })
        db.add(function: DatabaseFunction(poundsRounded, argumentCount: 1, pure: true) { values in
            guard let p = pounds(values[0]), let text = LegacyDecimal.poundsText(p) else { return false }
            return Double(text) != p
        })
        db.add(function: DatabaseFunction(typedText, argumentCount: 1, pure: true) { values in
            guard case let .string(text) = values[0].storage else { return nil }
            return LegacyDecimal.typedText(text)
        })
    }

    private static func pounds(_ value: DatabaseValue) -> Double? {
        switch value.storage {
        case let .double(d): return d
        case let .int64(i): return Double(i)
        default: return nil
        }
    }
}
