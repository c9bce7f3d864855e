/// A key press as screens see it. The terminal layer translates raw codes
/// into these once; no screen ever sees an ncurses constant.
public enum Key: Equatable, Hashable, Sendable {
    case char(Character)
    case enter, escape, backspace, delete, tab, backTab
    case up, down, left, right, home, end, pageUp, pageDown
    /// F1...F12
    case function(Int)
    /// Alt (Meta) plus a character, sent as Esc then the character.
    case alt(Character)
    /// Ctrl plus a letter, lower case: `.ctrl("u")`.
    case ctrl(Character)
    case resize
    /// A bracketed paste (the terminal layer's `BracketedPaste`): the text
    /// as pasted, lines joined by "\n", other control characters dropped;
    /// `cut` when it was longer than the terminal layer keeps (whole lines
    /// up to `Key.pasteLimit` are kept).
    case paste(String, cut: Bool = false)
    case unknown

    /// The most a paste brings, in UTF-8 bytes: 64 KiB.
    public static let pasteLimit = 64 << 10

    /// How the help screen names the key: "F1", "Alt-1", "Ctrl-U", "PgUp".
    public var name: String {
        switch self {
        case .char(" "): return "Space"
        case .char(let ch): return String(ch)
        case .enter: return "Enter"
        case .escape: return "Esc"
        case .backspace: return "Backspace"
        case .delete: return "Delete"
        case .tab: return "Tab"
        case .backTab: return "Shift-Tab"
        case .up: return "Up"
        case .down: return "Down"
        case .left: return "Left"
        case .right: return "Right"
        case .home: return "Home"
        case .end: return "End"
        case .pageUp: return "PgUp"
        case .pageDown: return "PgDn"
        case .function(let n): return "F\(n)"
        case .alt(let ch): return "Alt-\(ch)"
        case .ctrl(let ch): return "Ctrl-\(ch.uppercased())"
        case .resize: return "resize"
        case .paste: return "paste"
        case .unknown: return "unknown"
        }
    }
}
