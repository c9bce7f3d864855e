import Foundation

/// One line of a recipe's ingredients read into what a grocery list needs
/// (issue 33): "2 cups flour" is 2 cup of flour; "1 (400 g) can tomatoes"
/// is 1 can of tomatoes, noted "400 g"; "3 large eggs" is 3 eggs, noted
/// "large"; "salt to taste" is salt, noted "to taste"; "½ tsp cumin" is 0.5
/// tsp of cumin. In English, German, French and Spanish
/// (`IngredientUnits`).
///
/// - The quantity: digits ("2", "1.5", "1,5"), a fraction ("1/2", "½", "1
///   1/2", "1½"), a range ("2-3", "2 to 3": the larger, as a list buys
///   enough), at the start, or joined to its unit ("500g").
/// - The unit: the longest spelling the table knows after the quantity
///   ("c. à soupe"), its amount converted where the table says ("10 cl" is
///   100 ml); "of", "de" and "d'" after it are dropped.
/// - A size after it ("large"), a part in brackets ("(12 inch)") and
///   whatever follows the first comma ("sliced") are the note, and so is a
///   vague amount with no number ("a pinch of", "Schuss") and an end such as
///   "to taste".
/// - What cannot be read: the line is the name, and the note keeps it whole.
///
/// Control characters become spaces; a line is read up to
/// `maximumLength` characters.
public struct IngredientLine: Equatable, Sendable {
    public static let maximumLength = WeightNote.maxLength

    /// The amount, nil when the line gives none ("salt").
    public var quantity: Decimal?
    /// The unit as grocer spells it ("g", "tsp", "can"), nil for a count.
    public var unit: String?
    public var name: String
    /// What else the line said, "" when nothing.
    public var note: String

    public init(quantity: Decimal?, unit: String?, name: String, note: String = "") {
        self.quantity = quantity
        self.unit = unit
        self.name = name
        self.note = note
    }

    public static func read(_ text: String) -> IngredientLine {
        let line = clean(text)
        var words = line.split(separator: " ").map(String.init)[...]
        var notes: [String] = []
        // A bullet.
        if let first = words.first, ["-", "*", "•", "·", "▢", "–"].contains(first) { words = words.dropFirst() }
        var quantity = readQuantity(&words)
        // "1 (400 g) can": the size in brackets is noted.
        if quantity != nil, let bracket = takeBracket(&words) { notes.append(bracket) }
        var unit: String?
        // "1/4 de botte de coriandre": a joining word before the unit.
        if quantity != nil, let first = words.first, IngredientUnits.joining.contains(fold(first)), matchUnit(words.dropFirst()) != nil {
            words = words.dropFirst()
        }
        if quantity != nil, let (found, count) = matchUnit(words) {
            unit = found.name
            quantity = quantity.map { $0 * found.factor }
            words = words.dropFirst(count)
            // "1 1/2 cups plus 3 tablespoons sugar"
            if words.first == "plus" {
                let after = words.dropFirst()
                var rest = after
                if readQuantity(&rest) != nil, let (_, more) = matchUnit(rest) {
                    // What is left is the end of the line as it was.
                    let remainder = rest.dropFirst(more)
                    notes.append((["plus"] + after.prefix(after.count - remainder.count)).joined(separator: " "))
                    words = ArraySlice(Array(remainder))
                }
            }
        } else if quantity != nil, IngredientUnits.spellings[fold(words.joined(separator: " "))] != nil {
            // "1 cup": an amount of nothing.
            return IngredientLine(quantity: nil, unit: nil, name: line, note: line)
        } else if quantity == nil, let first = words.first, IngredientUnits.vague.contains(fold(first)) {
            // "Schuss GUT BIO Agavendicksaft", "a pinch of salt"
            var taken = [first]
            words = words.dropFirst()
            if let next = words.first, IngredientUnits.joining.contains(fold(next)) {
                taken.append(next)
                words = words.dropFirst()
            }
            notes.append(taken.joined(separator: " "))
        }
        if let first = words.first, ["a", "an"].contains(fold(first)), let second = words.dropFirst().first,
            IngredientUnits.vague.contains(fold(second))
        {
            notes.append(words.prefix(2).joined(separator: " "))
            words = words.dropFirst(2)
            if let next = words.first, IngredientUnits.joining.contains(fold(next)) { words = words.dropFirst() }
        }
        if let first = words.first, IngredientUnits.joining.contains(fold(first)), words.count > 1 { words = words.dropFirst() }
        // "d'huile", "d’olive": the joining word is part of the next.
        if let first = words.first, quantity != nil, let rest = dropElision(first) { words = [rest] + words.dropFirst() }
        while let first = words.first, IngredientUnits.sizes.contains(fold(first)), words.count > 1 {
            notes.append(first)
            words = words.dropFirst()
        }
        var name = words.joined(separator: " ")
        // Whatever follows the first comma, and parts in brackets, are notes.
        if let comma = name.firstIndex(of: ",") {
            let after = name[name.index(after: comma)...].trimmingCharacters(in: .whitespaces)
            if !after.isEmpty { notes.append(after) }
            name = String(name[..<comma]).trimmingCharacters(in: .whitespaces)
        }
        name = takeBrackets(from: name, into: &notes)
        for end in IngredientUnits.trailingNotes {
            let folded = fold(name)
            if folded.hasSuffix(" " + end) {
                name = String(name.dropLast(end.count + 1))
                notes.append(end)
            } else if folded == end {
                notes.append(end)
                name = ""
            }
        }
        name = name.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty else { return IngredientLine(quantity: nil, unit: nil, name: line, note: line) }
        return IngredientLine(quantity: quantity, unit: unit, name: name, note: notes.joined(separator: "; "))
    }

    /// The line as a person would type it: a note's cleaning
    /// (`WeightNote.cleaned`: control characters become a space, invisible
    /// ones go, at most `maximumLength` characters), runs of spaces one.
    public static func clean(_ text: String) -> String {
        WeightNote.cleaned(text).split(separator: " ").joined(separator: " ")
    }

    static func fold(_ word: some StringProtocol) -> String {
        let folded = word.lowercased()
        return folded.hasSuffix(".") ? String(folded.dropLast()) : folded
    }

    // MARK: The quantity

    static let vulgarFractions: [Character: Decimal] = [
        "½": 0.5, "⅓": Decimal(1) / 3, "⅔": Decimal(2) / 3, "¼": 0.25, "¾": 0.75, "⅕": 0.2, "⅖": 0.4, "⅗": 0.6, "⅘": 0.8,
        "⅙": Decimal(1) / 6, "⅚": Decimal(5) / 6, "⅛": 0.125, "⅜": 0.375, "⅝": 0.625, "⅞": 0.875,
    ]

    /// Reads the quantity at the start of `words` (a number, a fraction, a
    /// whole number and a fraction, a range), taking its words; a unit
    /// joined to it ("500g") is left as the next word.
    static func readQuantity(_ words: inout ArraySlice<String>) -> Decimal? {
        guard let first = words.first, var (value, unitTail) = number(first) else { return nil }
        var rest = words.dropFirst()
        if unitTail.isEmpty, let next = rest.first, let (fraction, tail) = number(next), fraction < 1, isFraction(next) {
            // "1 1/2", "1 ½"
            value += fraction
            unitTail = tail
            rest = rest.dropFirst()
        }
        // A range: "2-3", "2 - 3", "2 to 3", "2 à 3", "2 bis 3", "2 a 3", "2 or 3".
        if unitTail.hasPrefix("-") || unitTail.hasPrefix("–"), let (upper, tail) = number(String(unitTail.dropFirst())) {
            value = max(value, upper)
            unitTail = tail
        } else if unitTail.isEmpty, let joiner = rest.first, ["-", "–", "to", "à", "a", "bis", "or", "oder", "ou", "o"].contains(joiner),
            let next = rest.dropFirst().first, let (upper, tail) = number(next)
        {
            value = max(value, upper)
            unitTail = tail
            rest = rest.dropFirst(2)
        }
        guard value > 0 else { return nil }
        words = unitTail.isEmpty ? rest : [unitTail] + rest
        return value
    }

    private static func isFraction(_ word: String) -> Bool {
        word.contains("/") || word.contains(where: { vulgarFractions[$0] != nil })
    }

    /// A number at the start of `word` and what follows it: "1.5" (1.5,
    /// ""), "500g" (500, "g"), "1/2" (0.5, ""), "1½" (1.5, ""), "2-3" (2,
    /// "-3").
    static func number(_ word: String) -> (Decimal, String)? {
        var digits = ""
        var index = word.startIndex
        while index < word.endIndex, word[index].isASCII, word[index].isNumber || ((word[index] == "." || word[index] == ",") && !digits.isEmpty) {
            digits.append(word[index])
            index = word.index(after: index)
        }
        // A separator at the end belongs to the text ("2," in "2, sliced").
        while let last = digits.last, last == "." || last == "," {
            digits.removeLast()
            index = word.index(before: index)
        }
        var value: Decimal?
        if !digits.isEmpty {
            value = Decimal(string: digits.replacingOccurrences(of: ",", with: "."), locale: Locale(identifier: "en_US_POSIX"))
            guard value != nil, digits.filter({ $0 == "." || $0 == "," }).count <= 1 else { return nil }
        }
        // "1/2"
        if index < word.endIndex, word[index] == "/", let numerator = value {
            var denominator = ""
            var after = word.index(after: index)
            while after < word.endIndex, word[after].isASCII, word[after].isNumber {
                denominator.append(word[after])
                after = word.index(after: after)
            }
            guard let d = Decimal(string: denominator), d > 0 else { return nil }
            return (numerator / d, String(word[after...]))
        }
        // "½", "1½"
        if index < word.endIndex, let fraction = vulgarFractions[word[index]] {
            return ((value ?? 0) + fraction, String(word[word.index(after: index)...]))
        }
        guard let value else { return nil }
        let tail = String(word[index...])
        // "7up", "2nd": a number joined to letters is a number only before a unit.
        if let letter = tail.first, letter.isLetter, IngredientUnits.spellings[fold(tail)] == nil { return nil }
        return (value, tail)
    }

    // MARK: The unit

    /// The longest unit spelling at the start of `words`, and how many words
    /// it took.
    static func matchUnit(_ words: ArraySlice<String>) -> (IngredientUnits.Unit, Int)? {
        for count in stride(from: min(IngredientUnits.longest, words.count), through: 1, by: -1) {
            let spelled = fold(words.prefix(count).joined(separator: " "))
            if let unit = IngredientUnits.spellings[spelled] ?? IngredientUnits.spellings[spelled.replacingOccurrences(of: ". ", with: " ")] {
                // A unit must leave a name: "2 l" alone is not a unit of nothing.
                guard count < words.count else { return nil }
                return (unit, count)
            }
        }
        return nil
    }

    /// "d'huile" -> "huile".
    private static func dropElision(_ word: String) -> String? {
        for prefix in ["d'", "d’", "D'", "D’"] where word.hasPrefix(prefix) && word.count > prefix.count {
            return String(word.dropFirst(prefix.count))
        }
        return nil
    }

    // MARK: Brackets

    /// A part in brackets at the start of `words` ("(400", "g)"), its text.
    private static func takeBracket(_ words: inout ArraySlice<String>) -> String? {
        guard let first = words.first, first.hasPrefix("(") else { return nil }
        var taken: [String] = []
        for word in words {
            taken.append(word)
            if word.hasSuffix(")") {
                words = words.dropFirst(taken.count)
                let text = taken.joined(separator: " ")
                return String(text.dropFirst().dropLast())
            }
        }
        return nil
    }

    /// `name` without its parts in brackets, each added to `notes`.
    private static func takeBrackets(from name: String, into notes: inout [String]) -> String {
        var kept = ""
        var inside = ""
        var depth = 0
        for character in name {
            if character == "(" {
                depth += 1
                if depth == 1 { continue }
            } else if character == ")" && depth > 0 {
                depth -= 1
                if depth == 0 {
                    let text = inside.trimmingCharacters(in: .whitespaces)
                    if !text.isEmpty { notes.append(text) }
                    inside = ""
                    continue
                }
            }
            if depth > 0 { inside.append(character) } else { kept.append(character) }
        }
        if depth > 0 { kept += "(" + inside }
        return kept.split(separator: " ").joined(separator: " ")
    }
}
