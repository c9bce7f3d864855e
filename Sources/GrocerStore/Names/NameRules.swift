import Foundation
import GrocerCore

/// How the store checks the names people give items, places, aisles and
/// units: quick entry's rules (white space runs become one space, the ends
/// are trimmed; no control characters; not empty; at most
/// `QuickEntry.maximumNameLength` characters), and names compared as quick
/// entry compares them (`GroceryItem.existing(named:in:locale:)`: case and
/// width ignored in the locale, accents not).
enum NameRules {
    /// The name as it is kept, or why it cannot be one.
    static func normalized(_ text: String, kind: StoreError.Subject, path: String) throws -> String {
        if text.unicodeScalars.contains(where: { PlainText.isControl($0) && !$0.properties.isWhitespace }) {
            throw StoreError.badName(path: path, kind: kind, reason: "cannot contain control characters")
        }
        if text.unicodeScalars.contains(where: PlainText.isInvisible) {
            throw StoreError.badName(
                path: path, kind: kind, reason: "cannot contain invisible characters (a zero-width space, a direction mark)")
        }
        let name = text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        if name.isEmpty { throw StoreError.badName(path: path, kind: kind, reason: "cannot be empty") }
        if name.count > QuickEntry.maximumNameLength {
            throw StoreError.badName(path: path, kind: kind, reason: "can be at most \(QuickEntry.maximumNameLength) characters")
        }
        return name
    }

    static func same(_ a: String, _ b: String, locale: Locale) -> Bool {
        a.compare(b, options: [.caseInsensitive, .widthInsensitive], range: nil, locale: locale) == .orderedSame
    }

    /// The first of `named` (lowest id first) that has `name`, preferring an
    /// exact spelling.
    static func match<T>(_ name: String, in named: [T], id: (T) -> Int64, name nameOf: (T) -> String, locale: Locale) -> T? {
        let sorted = named.sorted { id($0) < id($1) }
        return sorted.first { nameOf($0) == name } ?? sorted.first { same(nameOf($0), name, locale: locale) }
    }
}
