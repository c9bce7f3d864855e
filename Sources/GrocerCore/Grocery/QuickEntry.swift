import Foundation

/// One line typed to add an item: "2 kg flour", "3 apples", "1,5 l Milch",
/// "7up". The same rules serve the screen's `a` and `grocer items add`.
///
/// - Runs of white space (tabs and line breaks too) become one space; the
///   ends are trimmed.
/// - Any other control character refuses the line (`.controlCharacter`):
///   a name never carries a terminal control sequence. So does an
///   invisible one (`.invisibleCharacter`, `PlainText.isInvisible`): two
///   names that look the same are the same name.
/// - A first word made only of digits and separators is the quantity, read
///   in the person's locale (`GroceryQuantity`): more than 0, at most 9999,
///   at most three fraction digits. If it is not a valid quantity the line
///   is refused with the reason, never taken as a name. A number joined to
///   other characters ("7up", "100%", "2-minute noodles") is part of the name.
/// - After a quantity, the next words naming a known unit or a common one
///   (`CommonUnits`, plurals too; case-insensitive in the locale; the
///   longest multi-word known unit wins) are the unit, spelled as the known
///   unit is ("2 KG flour" gives "kg"). Known units win over common ones.
///   Other words are part of the name ("2 big onions").
/// - A quantity and a unit with nothing after them ("2 kg", "2 cans") name
///   no item: refused (`.noName`) with a hint, never an item called "kg".
/// - No leading quantity: quantity 1, the whole line is the name.
/// - The name is at most `maximumNameLength` characters and never empty.
/// - A word starting with `@` after the name starts the aisle: the rest of
///   the line ("6 eggs @Dairy", "2 l milk @Dairy and eggs"), found in the
///   person's aisles ignoring case, or made (issue 33). An `@` at the
///   start is part of the name; an `@` with nothing after it is refused
///   (`.noAisle`).
public struct QuickEntry: Equatable, Sendable {
    public static let maximumNameLength = 200

    public var quantity: GroceryQuantity
    /// The unit's name as the person's units spell it, or as `CommonUnits`
    /// does when none of theirs matched; nil when none was typed.
    public var unit: String?
    public var name: String
    /// The normalised text before the name ("2 kg "), empty when the line
    /// is only a name: completion puts it back in front of a completed name.
    public var prefix: String
    /// The aisle typed after ` @`, nil when none was.
    public var aisle: String?

    /// Whether a quantity was typed: a name alone puts a known item back
    /// on the list with the quantity it had.
    public var quantityTyped: Bool { !prefix.isEmpty }

    public init(quantity: GroceryQuantity = .one, unit: String? = nil, name: String, prefix: String = "", aisle: String? = nil) {
        self.quantity = quantity
        self.unit = unit
        self.name = name
        self.prefix = prefix
        self.aisle = aisle
    }

    public enum Problem: Error, Equatable, Sendable {
        case emptyName
        case controlCharacter
        case invisibleCharacter
        /// Only a quantity and a unit ("2 kg"): what to add?
        case noName(String)
        case nameTooLong
        case quantity(GroceryQuantity.Problem)
        /// An `@` with no aisle after it ("eggs @").
        case noAisle

        /// One line for the person: what is wrong and what to type instead.
        public func message(locale: Locale) -> String {
            let sep = locale.decimalSeparator ?? "."
            switch self {
            case .emptyName: return "Type a name, for example \"2 kg flour\" or \"milk\"."
            case .controlCharacter: return "A name cannot contain control characters; type plain text."
            case .noName(let typed):
                return "\u{201C}\(PlainText.visible(typed))\u{201D} names no item; type the item after it, like \(PlainText.visible(typed)) flour."
            case .invisibleCharacter:
                return "A name cannot contain invisible characters (a zero-width space, a direction mark); type it again."
            case .noAisle: return "Type an aisle after the @, like 6 eggs @Dairy."
            case .nameTooLong: return "A name can be at most \(QuickEntry.maximumNameLength) characters."
            case .quantity(.notANumber(let text)):
                return "\"\(PlainText.visible(text))\" is not a quantity; type one like 2 or 1\(sep)5."
            case .quantity(.notPositive): return "The quantity must be more than 0."
            case .quantity(.overMaximum): return "The quantity can be at most \(GroceryQuantity.maximum)."
            case .quantity(.groupingLike(let text)):
                let parts = text.split(separator: ".", omittingEmptySubsequences: false)
                let fraction = parts.count == 2 ? String(parts[1].reversed().drop { $0 == "0" }.reversed()) : ""
                let decimal = parts.first.map { fraction.isEmpty ? String($0) : "\($0)\(sep)\(fraction)" } ?? text
                let whole = String(text.filter { $0 != "." }.drop { $0 == "0" })
                return "\"\(PlainText.visible(text))\" could mean \(decimal) or \(whole) here; type the one you mean."
            case .quantity(.tooManyFractionDigits):
                return "The quantity can have at most \(GroceryQuantity.maximumFractionDigits) digits after the \"\(sep)\"."
            }
        }
    }

    public static func parse(_ text: String, knownUnits: [String], locale: Locale) -> Result<QuickEntry, Problem> {
        if text.unicodeScalars.contains(where: { PlainText.isControl($0) && !$0.properties.isWhitespace }) {
            return .failure(.controlCharacter)
        }
        if text.unicodeScalars.contains(where: PlainText.isInvisible) { return .failure(.invisibleCharacter) }
        var words = text.split(whereSeparator: { $0.isWhitespace })
        guard let first = words.first else { return .failure(.emptyName) }
        var entry = QuickEntry(name: "")
        if let at = words.dropFirst().firstIndex(where: { $0.hasPrefix("@") }) {
            let aisle = ([words[at].dropFirst()] + words[(at + 1)...]).joined(separator: " ").trimmingCharacters(in: .whitespaces)
            guard !aisle.isEmpty else { return .failure(.noAisle) }
            entry.aisle = aisle
            words.removeSubrange(at...)
        }
        var rest = words[...]
        if GroceryQuantity.looksNumeric(first, locale: locale) {
            do { entry.quantity = try GroceryQuantity(typed: first, locale: locale) } catch { return .failure(.quantity(error)) }
            rest = words.dropFirst()
            if let (unit, count) = UnitMatcher(knownUnits: knownUnits, locale: locale).match(rest) {
                guard count < rest.count else { return .failure(.noName(words.joined(separator: " "))) }
                entry.unit = unit
                rest = rest.dropFirst(count)
            }
            entry.prefix = words[..<rest.startIndex].joined(separator: " ") + " "
        }
        entry.name = rest.joined(separator: " ")
        if entry.name.isEmpty { return .failure(.emptyName) }
        if entry.name.count > maximumNameLength { return .failure(.nameTooLong) }
        return .success(entry)
    }
}

/// Finds the unit at the start of some words: known units (longest first),
/// then common ones and their plurals, compared by folded key.
struct UnitMatcher {
    private var byKey: [String: String] = [:]
    private var longest = 1
    private let folder: NameFolder

    init(knownUnits: [String], locale: Locale) {
        let folder = NameFolder(locale: locale)
        self.folder = folder
        for unit in CommonUnits.names { byKey[folder.fold(unit)] = unit }
        for unit in knownUnits.reversed() {
            let words = unit.split(whereSeparator: { $0.isWhitespace })
            guard !words.isEmpty else { continue }
            longest = max(longest, words.count)
            byKey[folder.fold(words.joined(separator: " "))] = unit
        }
        // A plural of a common unit: to the person's spelling where they have it.
        for (plural, unit) in CommonUnits.plurals {
            if let theirs = byKey[folder.fold(unit)] { byKey[folder.fold(plural)] = theirs }
        }
    }

    /// The unit and how many words it took.
    func match(_ words: ArraySlice<Substring>) -> (String, Int)? {
        var count = min(longest, words.count)
        while count > 0 {
            let key = folder.fold(words.prefix(count).joined(separator: " "))
            if let unit = byKey[key] { return (unit, count) }
            count -= 1
        }
        return nil
    }
}
