import GrocerCore

/// Every key binding, in one list.
public struct HelpScreen: Screen {
    public static let title = "grocer — keys"
    public static let minimumSize = (width: 36, height: 8)
    public private(set) var offset = 0

    public init() {}

    public static let sections: [(String, [Hint])] = [
        ("Everywhere", [
            Hint("F1  Alt-1", "this help"),
            Hint("F2  Alt-2", "today's weight"),
            Hint("F3  Alt-3", "weight history"),
            Hint("F4  Alt-4", "tip calculator"),
            Hint("F10  Ctrl-C", "quit"),
        ]),
        ("Today's weight", [
            Hint("0-9 and . or ,", "type the weight (the locale's separator)"),
            Hint("Backspace", "delete the last character"),
            Hint("Enter", "save and show the history"),
            Hint("Esc", "clear the field"),
            Hint("Ctrl-U", "open the unit picker (lbs / kg)"),
        ]),
        ("Unit picker", [
            Hint("Up Down  k j", "choose; the default unit changes at once"),
            Hint("Enter  Esc", "done"),
        ]),
        ("Weight history", [
            Hint("Up Down  k j", "scroll"),
            Hint("PgUp PgDn  Home End", "scroll by a page, to the ends"),
        ]),
        ("Tip calculator", [
            Hint("0-9", "type the bill in cents (5632 is 56.32)"),
            Hint("Backspace", "remove the last digit"),
            Hint("Ctrl-U", "clear the bill"),
            Hint("Left Right  - +", "custom tip, 0% to 30%"),
            Hint("< >  [ ]", "split among 1 to 20 people"),
            Hint("Esc", "back to today's weight"),
        ]),
        ("Help", [
            Hint("Up Down", "scroll"),
            Hint("Esc", "back"),
        ]),
    ]

    var lines: [(String, Style)] {
        var out: [(String, Style)] = []
        for (name, hints) in Self.sections {
            out.append((name, .bold))
            for h in hints {
                let pad = String(repeating: " ", count: max(1, 22 - TextWidth.of(h.key)))
                out.append(("  " + h.key + pad + h.action, []))
            }
            out.append(("", []))
        }
        return out
    }

    public var hints: [Hint] { [Hint("↑↓", "Scroll"), Hint("Esc", "Back")] }

    public mutating func handle(_ key: Key) -> Outcome {
        switch key {
        case .down, .char("j"), .pageDown:
            offset = min(max(0, lines.count - 5), offset + (key == .pageDown ? 10 : 1))
            return .redraw
        case .up, .char("k"), .pageUp:
            offset = max(0, offset - (key == .pageUp ? 10 : 1))
            return .redraw
        case .escape, .enter, .char("q"):
            return .dismiss
        default:
            return .none
        }
    }

    public func render(into canvas: inout Canvas) {
        canvas.center(Self.title, row: 0, style: .bold)
        let width = min(canvas.width - 2, 70)
        let left = max(0, (canvas.width - width) / 2)
        var row = 2
        for (text, style) in lines.dropFirst(offset) where row < canvas.height {
            canvas.put(TextWidth.truncate(text, to: width), row: row, column: left, style: style)
            row += 1
        }
    }
}
