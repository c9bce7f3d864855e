import Foundation
import GrocerCore

extension Route {
    public static let history = Route("history")
}

/// Weight history: entries newest first, each with its date and its value
/// in the unit it was typed in. (A later issue adds the trend graph.)
public struct HistoryScreen: Screen {
    public private(set) var entries: [WeightEntry] = []
    public private(set) var offset = 0
    /// A line above the list: "Saved 72.5 kg", or why the list could not load.
    public private(set) var notice: String?
    let locales: Locales

    public static let title = "Weight History"
    public static let minimumSize = Size(width: 36, height: 8)
    public static let helpTitle: String? = "Weight history"
    /// How many entries the app loads for the list.
    public static let loadLimit = 1000

    public init(locales: Locales) {
        self.locales = locales
    }

    /// Shows what the screen that sent us here noted, and loads the list.
    public mutating func appear(_ context: inout AppContext) -> Outcome {
        notice = context.notice
        context.notice = nil
        return .perform(.loadHistory)
    }

    public mutating func receive(_ result: EffectResult, _ context: inout AppContext) -> Outcome {
        switch result {
        case .history(let entries, let unreadable):
            self.entries = entries
            offset = 0
            if let unreadable { notice = unreadable }
        case .failed(let text):
            notice = text
        default:
            return .none
        }
        return .redraw
    }

    public static let bindings: [Binding<HistoryScreen>] = [
        Binding(
            keys: [.up, .down, .char("k"), .char("j")], hint: "↑↓", label: "Scroll", help: "scroll",
            helpKeys: "Up Down  k j"
        ) { s, key, context in
            s.scroll(to: s.offset + (key == .up || key == .char("k") ? -1 : 1), context)
        },
        Binding(keys: [.pageUp, .pageDown, .char(" ")], help: "scroll by a page", helpKeys: "PgUp PgDn  Space") { s, key, context in
            let page = max(1, visibleRows(context) - 1)
            return s.scroll(to: s.offset + (key == .pageUp ? -page : page), context)
        },
        Binding(keys: [.home, .end, .char("g"), .char("G")], help: "to the ends", helpKeys: "Home End  g G") { s, key, context in
            s.scroll(to: key == .home || key == .char("g") ? 0 : Int.max, context)
        },
        Binding(keys: [.escape], help: "back to today's weight", outcome: .go(.weight)),
    ]

    /// Rows of the list that fit in the area screens draw in.
    static func visibleRows(_ context: AppContext) -> Int {
        max(1, context.size.height - 4)
    }

    private mutating func scroll(to wanted: Int, _ context: AppContext) -> Outcome {
        let last = max(0, entries.count - Self.visibleRows(context))
        let before = offset
        offset = min(last, max(0, wanted))
        return offset == before ? .none : .redraw
    }

    public func render(into canvas: inout Canvas, _ context: AppContext) {
        canvas.center(Self.title, row: 1, style: .bold)
        var row = 3
        if let notice {
            canvas.center(notice, row: row - 1, style: .accent)
        }
        if entries.isEmpty {
            canvas.center("No weights yet. Press F2 to enter today's weight.", row: row + 1)
            return
        }
        let width = min(canvas.width - 4, 50)
        let left = (canvas.width - width) / 2
        let rows = max(0, canvas.height - row - 1)
        for entry in entries.dropFirst(offset).prefix(rows) {
            let date = locales.mediumDateShortTime(entry.recordedAt)
            let value = entry.weight.formatted(locales.numeric)
            let gap = max(1, width - canvas.columns(date) - canvas.columns(value))
            let line = canvas.truncate(date + String(repeating: " ", count: gap) + value, to: width)
            canvas.put(line, row: row, column: left)
            row += 1
        }
        if entries.count > rows {
            let first = offset + 1
            let lastShown = min(entries.count, offset + rows)
            canvas.put("\(first)-\(lastShown) of \(entries.count)", row: canvas.height - 1, column: left, style: .dim)
        }
    }
}
