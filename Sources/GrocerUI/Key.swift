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
    case unknown
}
