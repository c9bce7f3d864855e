import Foundation
import GRDB

/// Why one field of a row cannot be read, in words for people.
struct FieldProblem: Error, Equatable {
    let reason: String
}

/// Reads fields exactly as stored. GRDB's typed subscripts trust the file:
/// they trap on NULL (a Swift fatal error) and let SQLite convert the rest
/// (TEXT 'abc' read as an integer is 0, a BLOB read as text is its bytes).
/// These look at the stored type first and throw a `FieldProblem` instead.
extension Row {
    func integer(_ column: some ColumnExpression) throws(FieldProblem) -> Int64 {
        let value: DatabaseValue = self[column]
        if case .int64(let int) = value.storage { return int }
        throw FieldProblem(reason: "\(column.name) is \(value.typeName), not an integer")
    }

    /// An integer or NULL.
    func optionalInteger(_ column: some ColumnExpression) throws(FieldProblem) -> Int64? {
        let value: DatabaseValue = self[column]
        switch value.storage {
        case .null: return nil
        case .int64(let int): return int
        default: throw FieldProblem(reason: "\(column.name) is \(value.typeName), not an integer")
        }
    }

    func text(_ column: some ColumnExpression) throws(FieldProblem) -> String {
        let value: DatabaseValue = self[column]
        if case .string(let string) = value.storage { return string }
        throw FieldProblem(reason: "\(column.name) is \(value.typeName), not text")
    }

    /// 0 or 1, as the schema's CHECK demands.
    func flag(_ column: some ColumnExpression) throws(FieldProblem) -> Bool {
        switch try integer(column) {
        case 0: return false
        case 1: return true
        case let other: throw FieldProblem(reason: "\(column.name) is \(other), not 0 or 1")
        }
    }
}

extension DatabaseValue {
    /// "NULL", "text", "a blob": for reasons.
    var typeName: String {
        switch storage {
        case .null: return "NULL"
        case .int64: return "an integer"
        case .double: return "a real number"
        case .string: return "text"
        case .blob: return "a blob"
        }
    }
}

enum FieldText {
    /// Stored text fit to quote in a reason: short printable ASCII as
    /// 'text', anything else by its length only, so a reason never carries
    /// control characters or pages of digits to a terminal.
    static func quoted(_ text: String) -> String {
        let plain = text.unicodeScalars.allSatisfy { (0x20...0x7E).contains($0.value) && $0 != "'" }
        if plain && text.count <= 24 { return "'\(text)'" }
        return "of \(text.count) characters"
    }
}
