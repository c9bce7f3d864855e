/// Why the interactive screen cannot start in this terminal.
public enum TerminalError: Error, Equatable, CustomStringConvertible {
    /// TERM is unset or empty.
    case termUnset
    /// ncurses has no description of this terminal type.
    case unknownTerminal(String)
    /// The terminal cannot move the cursor (TERM=dumb, a printing terminal).
    case cannotAddressCursor(String)

    static let subcommands = "use the subcommands: grocer weight add|list, grocer unit, grocer store status (see grocer --help)"

    public var description: String {
        switch self {
        case .termUnset:
            return
                "TERM is not set, so the interactive screen cannot start. Set it to your terminal's type (e.g. TERM=xterm-256color), or \(Self.subcommands)."
        case .unknownTerminal(let term):
            return
                "the terminal type \u{201C}\(Self.visible(term))\u{201D} (TERM) is not known on this system, so the interactive screen cannot start. Set TERM to your terminal's type (e.g. xterm-256color), or \(Self.subcommands)."
        case .cannotAddressCursor(let term):
            return
                "this terminal (TERM=\(Self.visible(term))) cannot move the cursor, which the interactive screen needs. Use a full terminal (e.g. TERM=xterm-256color), or \(Self.subcommands)."
        }
    }

    /// TERM as typed, control characters shown as "?".
    static func visible(_ text: String) -> String {
        String(text.unicodeScalars.map { $0.properties.generalCategory == .control ? "?" : Character($0) })
    }
}
