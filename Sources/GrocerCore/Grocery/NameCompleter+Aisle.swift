import Foundation

/// Completion of the aisle typed after ` @` on the add line ("6 eggs
/// @Da" -> "6 eggs @Dairy"), from the person's aisles (issue 33).
extension NameCompleter {
    /// The aisle being typed: what follows the `@` of a word after the
    /// first ("6 eggs @Da" gives "Da"), nil when the line has none.
    public static func aisleFragment(in line: String) -> Substring? {
        var seenWord = false
        var index = line.startIndex
        while index < line.endIndex {
            let ch = line[index]
            if ch == "@", seenWord, index == line.startIndex || line[line.index(before: index)].isWhitespace {
                return line[line.index(after: index)...]
            }
            if !ch.isWhitespace { seenWord = true }
            index = line.index(after: index)
        }
        return nil
    }

    /// The line with `fragment` (its end, from `aisleFragment`) completed
    /// to the best aisle; nil when none fits or the fragment is empty.
    public func completeAisle(_ line: String, fragment: Substring) -> Completion? {
        let typed = fragment.trimmingCharacters(in: .whitespaces)
        guard !typed.isEmpty, let best = best(for: typed) else { return nil }
        let text = String(line[..<fragment.startIndex]) + best.name
        let suffix = text.hasPrefix(line) ? String(text.dropFirst(line.count)) : nil
        return Completion(name: best.name, text: text, suffix: suffix)
    }
}
