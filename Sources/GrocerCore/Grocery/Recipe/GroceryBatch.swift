import Foundation

/// Many items at once (issue 33), read the one way every door reads them:
/// `grocer items add -` and `--from FILE` and a paste of several lines on
/// the grocery screen give quick-add lines, each read as the add line
/// reads it; `--recipe FILE` and the screen's `R` give a recipe's
/// ingredient lines (`IngredientLine`), scaled to the servings asked for.
/// Each line becomes an entry to add or the reason it is skipped.
public enum GroceryBatch {
    /// The most lines a batch holds; the rest are left out.
    public static let maximumLines = 500

    /// One line of the batch: what was given, and the entry to add (with
    /// the note a new item takes) or why it is skipped.
    public struct Line: Equatable, Sendable {
        public let text: String
        public let entry: Result<QuickEntry, Skipped>
        /// The note a new item gets ("for Quiche Lorraine; sifted"); an
        /// item already known keeps its own.
        public let note: String
        /// A recipe line that could not be read into an amount and a name:
        /// the line is the name, and the note keeps it whole.
        public let unread: Bool

        public init(text: String, entry: Result<QuickEntry, Skipped>, note: String, unread: Bool = false) {
            self.text = text
            self.entry = entry
            self.note = note
            self.unread = unread
        }

        public struct Skipped: Error, Equatable, Sendable {
            public let reason: String
            public init(reason: String) { self.reason = reason }
        }
    }

    /// One line to add: the entry, and the note it takes if it is new.
    public struct Entry: Equatable, Sendable {
        public var entry: QuickEntry
        public var newItemNote: String

        public init(_ entry: QuickEntry, newItemNote: String = "") {
            self.entry = entry
            self.newItemNote = newItemNote
        }
    }

    /// A line the store did not add, by its index in the batch, and why.
    public struct Refusal: Equatable, Sendable {
        public var line: Int
        public var reason: String

        public init(line: Int, reason: String) {
            self.line = line
            self.reason = reason
        }
    }

    /// What a batch did: the change (one for undo:
    /// `GroceryItemChange.batch`), nil when nothing changed, and the
    /// lines refused.
    public struct Added: Equatable, Sendable {
        public var change: GroceryItemChange?
        public var refused: [Refusal]

        public init(change: GroceryItemChange?, refused: [Refusal] = []) {
            self.change = change
            self.refused = refused
        }
    }

    /// A recipe as a file gave it: its name, how many it serves (its
    /// yield), and its ingredient lines still to be read. GrocerExchange
    /// reads one from a file (`RecipeFile`, this type).
    public struct Recipe: Equatable, Sendable {
        public var name: String?
        public var servings: Decimal?
        public var ingredients: [String]

        public init(name: String? = nil, servings: Decimal? = nil, ingredients: [String]) {
            self.name = name
            self.servings = servings
            self.ingredients = ingredients
        }
    }

    /// Quick-add lines: empty lines and `#` comments are left out; each
    /// other line is read as the add line reads it.
    public static func quickLines(_ text: String, knownUnits: [String], locale: Locale) -> [Line] {
        text.split(whereSeparator: \.isNewline).lazy.map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }.prefix(maximumLines)
            .map { line in
                let entry = QuickEntry.parse(line, knownUnits: knownUnits, locale: locale).mapError {
                    Line.Skipped(reason: $0.message(locale: locale))
                }
                return Line(text: IngredientLine.clean(line), entry: entry, note: "")
            }
    }

    /// A recipe's ingredients, scaled from the servings its yield says to
    /// `servings` (none, or a recipe that does not say: as written). Each
    /// item notes the recipe it came for and what else its line said.
    public static func lines(of recipe: Recipe, servings: Decimal?) -> [Line] {
        let factor = servings.flatMap { wanted in recipe.servings.map { wanted / $0 } } ?? 1
        return recipe.ingredients.prefix(maximumLines).map { text in
            let read = IngredientLine.read(text).scaled(by: factor)
            let notes = [recipe.name.map { "for \($0)" }, read.note.isEmpty ? nil : read.note].compactMap { $0 }
            let note = WeightNote.cleaned(notes.joined(separator: "; "))
            let name = String(read.name.prefix(QuickEntry.maximumNameLength))
            guard let quantity = read.groceryQuantity else {
                if read.quantity != nil {
                    return Line(text: text, entry: .failure(.init(reason: "its amount is more than the list keeps")), note: note)
                }
                let unread = !read.note.isEmpty && read.note == read.name
                return Line(text: text, entry: .success(QuickEntry(name: name)), note: note, unread: unread)
            }
            let prefix = "\(quantity) \(read.unit.map { "\($0) " } ?? "")"
            return Line(text: text, entry: .success(QuickEntry(quantity: quantity, unit: read.unit, name: name, prefix: prefix)), note: note)
        }
    }
}
