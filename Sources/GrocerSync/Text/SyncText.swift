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
        let clean = String(out)
        guard clean.count > limit else { return clean }
        return WeightNote.trimmed(String(clean.prefix(max(0, limit - 1)))) + "…"
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
