/// A note on a weigh-in ("after a long run", "holiday"): one line of at
/// most `maxLength` characters, none of them invisible (as in a name), or
/// empty for none. What a person types is
/// checked (`problem(in:)`): a line break or a control character is
/// refused, never changed behind their back. What a file brings is made
/// into a note (`cleaned(_:)`): an import never fails over a comment.
public enum WeightNote {
    /// Characters (as a person counts them: grapheme clusters).
    public static let maxLength = 200

    /// What the screen says when a typed key cannot go into a note.
    public static let typingRule =
        "A note is one line of at most \(maxLength) characters, without control or invisible characters."

    public enum Problem: Error, Equatable, Sendable, CustomStringConvertible {
        case tooLong(count: Int)
        case controlCharacter
        case invisibleCharacter

        public var description: String {
            switch self {
            case .tooLong(let count):
                return "a note has at most \(WeightNote.maxLength) characters (this one has \(count)); shorten it"
            case .controlCharacter:
                return "a note is one line of text, without tabs, line breaks or control characters; type it again"
            case .invisibleCharacter:
                return "a note cannot contain invisible characters (a zero-width space, a direction mark); type it again"
            }
        }
    }

    /// Why `text` cannot be a note as typed, or nil when it can. Spaces at
    /// either end are not counted (the store keeps the note trimmed).
    public static func problem(in text: String) -> Problem? {
        if text.unicodeScalars.contains(where: PlainText.isControl) { return .controlCharacter }
        if text.unicodeScalars.contains(where: PlainText.isInvisible) { return .invisibleCharacter }
        let count = trimmed(text).count
        return count > maxLength ? .tooLong(count: count) : nil
    }

    /// The note as kept: `text` without spaces at either end.
    public static func trimmed(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }

    /// A note as a store holds it: unchanged when a person could have
    /// typed it, else `cleaned` (a file changed outside grocer).
    public static func readable(_ text: String) -> String {
        if text.isEmpty || (text.utf8.count <= maxLength && !PlainText.containsControl(text)) { return text }
        return problem(in: text) == nil ? text : cleaned(text)
    }

    /// A comment from a file as a note: every run of line breaks, tabs and
    /// other control characters becomes one space, invisible characters (a
    /// zero-width space, a direction mark) are taken out, the ends are trimmed,
    /// and a note longer than `maxLength` keeps its first `maxLength - 1`
    /// characters and an ellipsis.
    public static func cleaned(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if PlainText.isControl(scalar) {
                pendingSpace = true
                continue
            }
            if PlainText.isInvisible(scalar) { continue }
            if pendingSpace, !out.isEmpty { out.append(" ") }
            pendingSpace = false
            out.append(scalar)
        }
        let note = trimmed(String(out))
        guard note.count > maxLength else { return note }
        return trimmed(String(note.prefix(maxLength - 1))) + "…"
    }
}
