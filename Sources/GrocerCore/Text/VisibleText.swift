/// Text that came from a file, made safe to print on a terminal: every
/// control character is shown, never sent. The screen and every command
/// print names, paths and messages from the store through this.
///
/// C0 controls and DEL use caret notation, as terminals and ncurses show
/// them (ESC is `^[`, BEL `^G`, DEL `^?`); C1 controls (U+0080-U+009F, which
/// some terminals obey as CSI, OSC, ...) and the bidirectional overrides and
/// isolates (which reorder what follows) are shown as `\u{9B}`.
public enum VisibleText {
    /// `text` with every control character made visible; unchanged (the
    /// same string) when it has none.
    public static func escaped(_ text: some StringProtocol) -> String {
        let string = String(text)
        guard string.unicodeScalars.contains(where: needsEscape) else { return string }
        var out = String.UnicodeScalarView()
        for scalar in string.unicodeScalars {
            if needsEscape(scalar) {
                out.append(contentsOf: visible(scalar).unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// True for the characters `escaped` replaces.
    public static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: return true
        case 0x202A...0x202E, 0x2066...0x2069: return true
        default: return false
        }
    }

    static func visible(_ scalar: Unicode.Scalar) -> String {
        switch scalar.value {
        case 0x00...0x1F: return "^" + String(Unicode.Scalar(UInt8(scalar.value + 0x40)))
        case 0x7F: return "^?"
        default: return "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
        }
    }
}
