import Foundation

/// Offers the name the person most likely means while typing in quick entry
/// (Tab or Right accepts it).
///
/// A candidate is a past name whose folded key (`NameKey`: case, accents and
/// width ignored in the locale) starts with the typed text's and is longer
/// than it. Of those, the most recently used wins; equal recency falls back
/// to the locale's case-insensitive order, then the shorter name.
/// `recency` is the caller's: any number that grows with use (the store's
/// last-listed time or row id); Core never reads a clock.
public struct NameCompleter: Sendable {
    public struct Candidate: Equatable, Sendable {
        public let name: String
        public let recency: Int64
        public init(name: String, recency: Int64) {
            self.name = name
            self.recency = recency
        }
    }

    /// What accepting the completion does.
    public struct Completion: Equatable, Sendable {
        /// The past name, spelled as it was.
        public let name: String
        /// The whole line after accepting: the typed quantity and unit, then the name.
        public let text: String
        /// The characters the screen shows after the cursor (dimmed), or nil
        /// when the typed text is not a literal prefix of the name ("creme"
        /// typed for "Crème fraîche"): then the screen shows `text` whole.
        public let suffix: String?
    }

    public let locale: Locale
    private let folder: NameFolder
    private let entries: [(key: NameKey, candidate: Candidate)]

    /// Sorted once here, best first, so a keystroke returns the first match.
    public init(candidates: [Candidate], locale: Locale) {
        self.locale = locale
        let sorted = candidates.sorted { a, b in
            if a.recency != b.recency { return a.recency > b.recency }
            let order = a.name.compare(b.name, options: [.caseInsensitive], range: nil, locale: locale)
            if order != .orderedSame { return order == .orderedAscending }
            return a.name.count < b.name.count
        }
        let folder = NameFolder(locale: locale)
        self.folder = folder
        entries = sorted.map { (folder.key($0.name), $0) }
    }

    /// The best past name starting with `fragment`, or nil.
    public func best(for fragment: String) -> Candidate? {
        let key = folder.key(fragment)
        guard !key.isEmpty else { return nil }
        return entries.first { $0.key.bytes.count > key.bytes.count && $0.key.hasPrefix(key) }?.candidate
    }

    /// The completion of a whole quick-entry line ("2 kg fl" -> "2 kg flour"),
    /// completing only its name part; nil when nothing fits or the line is
    /// not a valid entry.
    public func complete(_ line: String, knownUnits: [String]) -> Completion? {
        guard case .success(let entry) = QuickEntry.parse(line, knownUnits: knownUnits, locale: locale),
            let best = best(for: entry.name)
        else { return nil }
        let text = entry.prefix + best.name
        let typed = line.drop(while: { $0.isWhitespace })
        let suffix = text.hasPrefix(typed) ? String(text.dropFirst(typed.count)) : nil
        return Completion(name: best.name, text: text, suffix: suffix)
    }
}
