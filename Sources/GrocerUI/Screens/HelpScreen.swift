import GrocerCore

extension Route {
    public static let help = Route("help")
}

/// Every key binding: the global ones and each screen's, made from the
/// same tables that handle the keys, so help cannot drift from behaviour.
public struct HelpScreen: Screen {
    public static let title = "grocer — keys"
    public static let minimumSize = Size(width: 36, height: 8)
    public static let helpTitle: String? = "Help"
    public private(set) var offset = 0
    let sections: [HelpSection]

    public init(sections: [HelpSection]) {
        self.sections = sections
    }

    /// Each line of help, with its style.
    public var lines: [(String, Style)] {
        var out: [(String, Style)] = []
        for section in sections {
            out.append((section.title, .bold))
            for entry in section.entries {
                let pad = String(repeating: " ", count: max(1, 22 - TextWidth.of(entry.keys)))
                out.append(("  " + entry.keys + pad + entry.text, []))
            }
            out.append(("", []))
        }
        return out
    }

    /// Opens at the keys of the screen it was opened from (Up scrolls to
    /// the keys that act everywhere).
    public mutating func appear(_ context: inout AppContext) -> Outcome {
        offset = 0
        if let from = context.presentedFrom, let index = sections.firstIndex(where: { $0.route == from }) {
            let start = sections[..<index].reduce(0) { $0 + $1.entries.count + 2 }
            offset = min(max(0, lines.count - 5), start)
        }
        return .redraw
    }

    public static let bindings: [Binding<HelpScreen>] = [
        Binding(
            keys: [.up, .down, .char("k"), .char("j")], hint: "↑↓", label: "Scroll", help: "scroll",
            helpKeys: "Up Down  k j"
        ) { s, key, _ in
            s.scroll(by: key == .up || key == .char("k") ? -1 : 1)
        },
        // A page: the rows shown less one kept for context (10 rows, about
        // half a page at 24, had been called a page).
        Binding(keys: [.pageUp, .pageDown], help: "scroll by a page", helpKeys: "PgUp PgDn") { s, key, context in
            let page = max(1, visibleRows(context.size) - 1)
            return s.scroll(by: key == .pageUp ? -page : page)
        },
        Binding(keys: [.home, .end, .char("g"), .char("G")], help: "to the top or the bottom", helpKeys: "Home End  g G") { s, key, _ in
            s.scroll(by: key == .home || key == .char("g") ? -s.lines.count : s.lines.count)
        },
        Binding(
            keys: [.escape, .enter], hint: "Esc", label: "Back", help: "back",
            helpKeys: "Esc  Enter", outcome: .dismiss),
    ]

    /// The help lines shown: under the title and a blank row.
    static func visibleRows(_ size: Size) -> Int { max(1, size.height - 2) }

    private mutating func scroll(by step: Int) -> Outcome {
        let before = offset
        offset = min(max(0, lines.count - 5), max(0, offset + step))
        return offset == before ? .none : .redraw
    }

    public func render(into canvas: inout Canvas, _ context: AppContext) {
        canvas.center(Self.title, row: 0, style: .bold)
        let width = min(canvas.width - 2, 70)
        let left = max(0, (canvas.width - width) / 2)
        var row = 2
        for (text, style) in lines.dropFirst(offset) where row < canvas.height {
            canvas.put(canvas.truncate(text, to: width), row: row, column: left, style: style)
            row += 1
        }
    }
}
