import Foundation

/// The groceries grocer knows before the person files anything (issue 33):
/// about 340 common groceries in English, German, French and Spanish,
/// singular and plural, each with the kind of aisle it is usually in
/// (`CatalogueData`). A name the person filed before keeps their aisle;
/// the catalogue answers only for a name never filed.
///
/// A name is found whole, else by its longest run of words (the main word
/// last in English and German, first in French and Spanish: "organic whole
/// milk", "lait entier bio"), else by the longest known word a word ends in
/// (German compounds: "Bio-Vollmilch", "Tomatenketchup"). Names are folded
/// as the list folds them (case, accents and width ignored). Where two
/// languages use one word for different things ("Paprika", "raisins"), the
/// person's language decides.
public struct GroceryCatalogue: Sendable {
    /// The kinds of a folded name, by language.
    private let kinds: [String: [(CatalogueLanguage, AisleKind)]]
    /// How many groceries the catalogue holds.
    public let count: Int
    private let folder = NameFolder(locale: Locale(identifier: "en_US_POSIX"))

    /// The catalogue that ships with grocer, read once.
    public static let shipped = GroceryCatalogue(text: CatalogueData.text)

    /// Reads lines of `kind;English;German;French;Spanish`, each language's
    /// names separated by `|`.
    init(text: String) {
        var kinds: [String: [(CatalogueLanguage, AisleKind)]] = [:]
        var count = 0
        for line in text.split(separator: "\n") {
            let cells = line.split(separator: ";", omittingEmptySubsequences: false)
            guard cells.count == 1 + CatalogueLanguage.allCases.count, let kind = AisleKind(rawValue: String(cells[0])) else {
                preconditionFailure("catalogue line \(count + 1) is not kind;en;de;fr;es")
            }
            count += 1
            for language in CatalogueLanguage.allCases {
                for name in cells[1 + language.index].split(separator: "|") {
                    let key = folder.fold(String(name))
                    if kinds[key]?.contains(where: { $0.0 == language }) != true { kinds[key, default: []].append((language, kind)) }
                }
            }
        }
        self.kinds = kinds
        self.count = count
    }

    /// The kind of aisle `name` is usually in, or nil when the catalogue
    /// does not know it.
    public func kind(of name: String, language: CatalogueLanguage) -> AisleKind? {
        let words = folder.fold(name).split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        guard !words.isEmpty else { return nil }
        // The whole name, then shorter runs of words, the main word's end first.
        for length in stride(from: words.count, through: 1, by: -1) {
            var starts = Array(0...(words.count - length))
            if language.headIsLast { starts.reverse() }
            for start in starts {
                if let kind = lookup(words[start..<start + length].joined(separator: " "), language) { return kind }
            }
        }
        // A word that ends in a known word of four letters or more.
        let ordered = language.headIsLast ? Array(words.reversed()) : words
        for word in ordered {
            var index = word.index(after: word.startIndex)
            while index < word.endIndex {
                let tail = word[index...]
                if tail.count >= 4, let kind = lookup(String(tail), language) { return kind }
                index = word.index(after: index)
            }
        }
        return nil
    }

    private func lookup(_ key: String, _ language: CatalogueLanguage) -> AisleKind? {
        guard let found = kinds[key] else { return nil }
        return (found.first { $0.0 == language } ?? found[0]).1
    }

    /// The kind `aisleName` names in any of the catalogue's languages
    /// ("Lácteos", "lacteos", "Milchprodukte": dairy), or nil.
    public func kind(named aisleName: String) -> AisleKind? {
        let folded = folder.fold(aisleName.trimmingCharacters(in: .whitespaces))
        return AisleKind.allCases.first { kind in CatalogueLanguage.allCases.contains { folder.fold(kind.name(in: $0)) == folded } }
    }

    /// Which of the person's aisles (`names`) is `kind`'s: the one named as
    /// the kind is in `language`, else in any other language of the
    /// catalogue (folded as names are); nil when none is.
    public func aisle(for kind: AisleKind, among names: [String], language: CatalogueLanguage) -> Int? {
        let folded = names.map(folder.fold)
        let wanted = [language] + CatalogueLanguage.allCases.filter { $0 != language }
        for candidate in wanted {
            if let index = folded.firstIndex(of: folder.fold(kind.name(in: candidate))) { return index }
        }
        return nil
    }
}
