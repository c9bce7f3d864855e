/// How many terminal columns a character takes. `.unicode` is grocer's own
/// table (no locale state: what the subcommands and tests use); the
/// terminal layer makes one from the C library's wcwidth under the locale
/// ncurses runs in, so a frame is laid out as ncurses will draw it.
/// GrocerCore stays pure: the measure is passed in, never global.
public struct ColumnMeasure: Sendable {
    public let columns: @Sendable (Character) -> Int

    public init(_ columns: @escaping @Sendable (Character) -> Int) {
        self.columns = columns
    }

    public static let unicode = ColumnMeasure { TextWidth.of($0) }

    public func of(_ text: some StringProtocol) -> Int {
        text.reduce(0) { $0 + columns($1) }
    }

    public func of(_ characters: ArraySlice<Character>) -> Int {
        characters.reduce(0) { $0 + columns($1) }
    }

    /// The longest prefix of `text` that fits in `limit` columns, with "…"
    /// when cut.
    public func truncate(_ text: String, to limit: Int) -> String {
        if of(text) <= limit { return text }
        guard limit > 0 else { return "" }
        var out = ""
        var used = 0
        for ch in text {
            let w = columns(ch)
            if used + w > limit - 1 { break }
            out.append(ch)
            used += w
        }
        return out + "…"
    }

    /// Splits text into lines of at most `width` columns at spaces.
    public func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if of(candidate) > width, !current.isEmpty {
                lines.append(current)
                current = String(word)
            } else {
                current = candidate
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }
}

/// Terminal column widths of text, without the C library's locale state,
/// by the terminal's rule: each code point of a character takes its own
/// columns (as wcwidth counts them): combining marks, joiners and the
/// Hangul vowel and final jamo 0, East Asian wide and fullwidth characters
/// and emoji 2, the rest 1.
public enum TextWidth {
    public static func of(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        // Most characters: one code point.
        guard scalars.index(after: scalars.startIndex) != scalars.endIndex else { return of(first) }
        return scalars.reduce(0) { $0 + of($1) }
    }

    /// One code point's columns.
    static func of(_ scalar: Unicode.Scalar) -> Int {
        // A regional indicator (half a flag) is one, as wcwidth has it.
        if (0x1F1E6...0x1F1FF).contains(scalar.value) { return 1 }
        // Emoji presentation (e.g. U+1F680) is two columns anywhere.
        if scalar.properties.isEmojiPresentation { return 2 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format, .control: return 0
        default: break
        }
        if (0x1160...0x11FF).contains(scalar.value) { return 0 }
        return isWide(scalar.value) ? 2 : 1
    }

    public static func of(_ text: some StringProtocol) -> Int {
        text.reduce(0) { $0 + of($1) }
    }

    static func isWide(_ v: UInt32) -> Bool {
        switch v {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x23E9...0x23EC,
            0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
            0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF,
            0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }

    /// The longest prefix of `text` that fits in `columns`, with "…" when cut.
    public static func truncate(_ text: String, to columns: Int) -> String {
        ColumnMeasure.unicode.truncate(text, to: columns)
    }
}

/// Splits text into lines of at most `width` columns at spaces.
public func wrap(_ text: String, width: Int) -> [String] {
    ColumnMeasure.unicode.wrap(text, width: width)
}
