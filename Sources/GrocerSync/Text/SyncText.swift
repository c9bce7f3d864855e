import GrocerCore

/// Text from a server made into text grocer may show or keep: never a
/// control character (`PlainText.isControl`: C0, C1, DEL, bidirectional
/// overrides) and never an invisible one (`PlainText.isInvisible`), and
/// never longer than a limit.
public enum SyncText {
    /// `text` with each run of control characters made one space, the
    /// invisible ones taken out, the ends trimmed, and cut to its first
    /// `limit - 1` characters and "…" when longer than `limit`.
    public static func cleaned(_ text: String, limit: Int) -> String {
        // Most values need nothing done: kept as they are, with no copy.
        if text.utf8.count <= limit, isClean(text) { return text }
        let clean = collapsed(text)
        guard clean.count > limit else { return clean }
        return WeightNote.trimmed(String(clean.prefix(max(0, limit - 1)))) + "…"
    }

    /// `text` with each run of control and white-space characters made one
    /// space, the invisible ones taken out, the ends trimmed.
    static func collapsed(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            if PlainText.isControl(scalar) || scalar.properties.isWhitespace {
                pendingSpace = true
                continue
            }
            if PlainText.isInvisible(scalar) { continue }
            if pendingSpace, !out.isEmpty { out.append(" ") }
            pendingSpace = false
            out.append(scalar)
        }
        return String(out)
    }

    /// Whether `collapsed` would give `text` back unchanged: no control,
    /// invisible or other white-space scalar, no space at either end or
    /// after another. ASCII is judged by its value, without asking
    /// Unicode's tables.
    static func isClean(_ text: String) -> Bool {
        var previousSpace = true
        for scalar in text.unicodeScalars {
            if scalar == " " {
                if previousSpace { return false }
                previousSpace = true
                continue
            }
            previousSpace = false
            if scalar.isASCII {
                if scalar.value < 0x21 || scalar.value == 0x7F { return false }
            } else if PlainText.isControl(scalar) || scalar.properties.isWhitespace || PlainText.isInvisible(scalar) {
                return false
            }
        }
        return !previousSpace || text.isEmpty
    }

    /// The most characters of a value grocer writes to a server.
    /// DAVx5 drops an unknown property over 25,000 characters, so no line
    /// grocer writes may come near that: every value grocer keeps is at
    /// most 200 characters (a name's, an aisle's, a note's limit; a
    /// SUMMARY about 410), so none is cut in practice. A longer one (only
    /// a store changed outside grocer could hold it) is written as its
    /// first 999 characters and "…", 4,000 bytes at most.
    public static let writtenLimit = 1_000

    /// `text` as grocer writes it to a server: as it is, or cut to
    /// `writtenLimit` (nothing else changes: a note's two spaces stay, or
    /// every sync would find it changed).
    public static func written(_ text: String) -> String {
        guard text.utf8.count > writtenLimit, text.count > writtenLimit else { return text }
        return String(text.prefix(writtenLimit - 1)) + "…"
    }
}
