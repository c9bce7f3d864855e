import Foundation
import GrocerCore
import GrocerExchange

/// Many items at once (issue 33): `grocer items add -` and `--from FILE`
/// (one quick-add line a line, each as if typed), and `--recipe FILE
/// [--servings N]` (a recipe's ingredient lines read by `IngredientLine`,
/// scaled to the servings asked for). Each line becomes an entry to add,
/// or the reason it is skipped; the command adds them one by one, as
/// `items add` adds one.
public enum ItemBatch {
    /// The most a batch file may hold (`RecipeFile.maximumBytes`).
    public static let maximumBytes = RecipeFile.maximumBytes

    /// One line of the batch: what was given, and the entry to add (with
    /// the note a new item takes) or why it is skipped.
    public struct Line: Equatable, Sendable {
        public let text: String
        public let entry: Result<QuickEntry, Skipped>
        /// The note a new item gets ("for Quiche Lorraine; sifted"); an
        /// item already known keeps its own.
        public let note: String

        public struct Skipped: Error, Equatable, Sendable {
            public let reason: String
        }
    }

    /// Quick-add lines: empty lines and `#` comments are left out; each
    /// other line is read as the add line reads it.
    public static func quickLines(_ text: String, knownUnits: [String], locale: Locale) -> [Line] {
        text.split(whereSeparator: \.isNewline).lazy.map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }.prefix(RecipeFile.maximumIngredients)
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
    public static func recipe(_ recipe: RecipeFile, servings: Decimal?) -> [Line] {
        let factor = servings.flatMap { wanted in recipe.servings.map { wanted / $0 } } ?? 1
        return recipe.ingredients.map { text in
            let read = IngredientLine.read(text).scaled(by: factor)
            let notes = [recipe.name.map { "for \($0)" }, read.note.isEmpty ? nil : read.note].compactMap { $0 }
            let note = WeightNote.cleaned(notes.joined(separator: "; "))
            let name = String(read.name.prefix(QuickEntry.maximumNameLength))
            guard let quantity = read.groceryQuantity else {
                if read.quantity != nil {
                    return Line(text: text, entry: .failure(.init(reason: "its amount is more than the list keeps")), note: note)
                }
                return Line(text: text, entry: .success(QuickEntry(name: name)), note: note)
            }
            let prefix = "\(quantity) \(read.unit.map { "\($0) " } ?? "")"
            return Line(text: text, entry: .success(QuickEntry(quantity: quantity, unit: read.unit, name: name, prefix: prefix)), note: note)
        }
    }

    /// The bytes of `file` ("-": standard input), at most `maximumBytes`,
    /// or one line saying why not.
    public static func read(_ file: String, standardInput: Int32 = STDIN_FILENO) throws(Failure) -> [UInt8] {
        let stream = try ImportInput.open(file, standardInput: standardInput, verb: "read")
        defer { stream.close() }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = stream.read(&buffer, maxLength: buffer.count)
            if count < 0 { throw Failure("cannot read \(file == "-" ? "standard input" : file): it stopped part way. Try again.") }
            if count == 0 { break }
            bytes += buffer[..<count]
            if bytes.count > maximumBytes {
                throw Failure("\(file == "-" ? "standard input" : file) is larger than \(maximumBytes >> 20) MB; give the list or the recipe alone.")
            }
        }
        return bytes
    }
}
