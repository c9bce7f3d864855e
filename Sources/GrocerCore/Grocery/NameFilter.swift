import Foundation

/// The `/` filter: which items' names contain the typed text, ignoring case,
/// accents and width in the person's locale ("creme" finds "Crème fraîche"),
/// those where it is a whole word first.
///
/// Build it once when the items are loaded (it folds every name once);
/// each keystroke then folds only the typed text and compares bytes.
/// Filtering 10,000 names is quick enough that no incremental narrowing is
/// needed (docs/MEASURED.md).
public struct NameFilter: Sendable {
    public let locale: Locale
    private let folder: NameFolder
    private var keys: [NameKey]

    /// `names` in the order the screen shows them; results are indices into it.
    public init(names: [String], locale: Locale) {
        self.locale = locale
        let folder = NameFolder(locale: locale)
        self.folder = folder
        self.keys = names.map(folder.key)
    }

    public var count: Int { keys.count }

    /// Indices of the names containing `text`: those where it is a whole
    /// word or the whole name first ("99" finds "item 99" before "item
    /// 1099"), then the others, each in the names' order; all of them for
    /// empty (or all-blank) text.
    public func matches(_ text: String) -> [Int] {
        let ranked = rankedMatches(text)
        return ranked.wholeWord + ranked.insideWord
    }

    /// The indices `matches` gives, in its two parts, each in the names'
    /// order: where `text` is a whole word or the whole name, and where it
    /// is only inside words. For empty text every name is in the first.
    public func rankedMatches(_ text: String) -> (wholeWord: [Int], insideWord: [Int]) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let needle = folder.key(trimmed)
        if needle.isEmpty { return (Array(keys.indices), []) }
        var whole: [Int] = []
        var inside: [Int] = []
        for index in keys.indices {
            // The cheap test first: most names do not contain the text.
            guard keys[index].contains(needle) else { continue }
            if keys[index].occurrence(of: needle) == .wholeWord { whole.append(index) } else { inside.append(index) }
        }
        return (whole, inside)
    }

    /// Whether the name at `index` contains `text`.
    public func matches(_ text: String, at index: Int) -> Bool {
        keys[index].contains(folder.key(text.trimmingCharacters(in: .whitespaces)))
    }
}
