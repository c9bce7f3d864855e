import Foundation

/// Names are plain text, never terminal control sequences. These rules say
/// which scalars a name may not hold and how such a name is printed.
public enum PlainText {
    /// C0 and C1 controls, DEL, and the bidirectional overrides and isolates
    /// (which reorder what a terminal shows after them).
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    /// Characters that show nothing and are no part of a word: zero-width
    /// space, word joiner, soft hyphen, direction marks, the byte order
    /// mark, Hangul fillers and the like. Two names that look the same must
    /// be the same name, so a name may not hold them. The zero-width
    /// joiner and non-joiner stay allowed: emoji sequences and Persian or
    /// Indic words need them.
    public static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00AD, 0x034F, 0x061C, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180E, 0x200B, 0x200E, 0x200F: return true
        case 0x2060...0x2064, 0x206A...0x206F, 0x3164, 0xFEFF, 0xFFA0: return true
        default: return false
        }
    }

    public static func containsControl(_ text: String) -> Bool {
        text.unicodeScalars.contains(where: isControl)
    }

    /// The text with every control scalar made visible: C0 and DEL as their
    /// Control Pictures (ESC becomes "␛"), the others as `<U+009B>`. Safe
    /// to print in a terminal, in a file, or to share.
    public static func visible(_ text: String) -> String {
        guard containsControl(text) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x00...0x1F:
                out.append(Unicode.Scalar(0x2400 + scalar.value)!)
            case 0x7F:
                out.append("\u{2421}")
            case _ where isControl(scalar):
                out.append(contentsOf: String(format: "<U+%04X>", scalar.value).unicodeScalars)
            default:
                out.append(scalar)
            }
        }
        return String(out)
    }
}
