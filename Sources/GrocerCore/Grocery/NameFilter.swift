import Foundation

/// The `/` filter: which items' names contain the typed text, ignoring case,
/// accents and width in the person's locale ("creme" finds "Crème fraîche").
///
/// Build it once when the items are loaded (it folds every name once);
/// each keystroke then folds only the typed text and compares bytes.
/// Filtering 10,000 names costs a few milliseconds or less (see the report
/// of issue 10's groundwork), so no incremental narrowing is needed.
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

    /// Indices of the names containing `text`, in their order; all of them
    /// for empty (or all-blank) text.
    public func matches(_ text: String) -> [Int] {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let needle = folder.key(trimmed)
        if needle.isEmpty { return Array(keys.indices) }
        return keys.indices.filter { keys[$0].contains(needle) }
    }

    /// Whether the name at `index` contains `text`.
    public func matches(_ text: String, at index: Int) -> Bool {
        keys[index].contains(folder.key(text.trimmingCharacters(in: .whitespaces)))
    }
}
