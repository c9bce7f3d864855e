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
}
