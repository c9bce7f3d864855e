import Foundation
import GrocerCore

/// Weight history: entries newest first, each with its date and its value
/// in the unit it was typed in. (A later issue adds the trend graph.)
public struct HistoryScreen: Screen {
    public private(set) var entries: [WeightEntry] = []
    public private(set) var offset = 0
    public var notice: String?
    let locales: Locales

    public static let title = "Weight History"
    public static let minimumSize = (width: 36, height: 8)
    /// How many entries the app loads for the list.
    public static let loadLimit = 1000

    public init(locales: Locales) {
        self.locales = locales
    }

    public mutating func show(_ entries: [WeightEntry]) {
        self.entries = entries
        offset = 0
    }

    public var hints: [Hint] { [Hint("↑↓", "Scroll")] }

    /// Rows of the list that fit, set by the last render's height; the
    /// screen assumes a 24-row terminal until then.
    var visibleRows = 18

    public mutating func handle(_ key: Key) -> Outcome {
        let page = max(1, visibleRows - 1)
        let last = max(0, entries.count - visibleRows)
        let before = offset
        switch key {
        case .down, .char("j"): offset = min(last, offset + 1)
        case .up, .char("k"): offset = max(0, offset - 1)
        case .pageDown, .char(" "): offset = min(last, offset + page)
        case .pageUp: offset = max(0, offset - page)
        case .home, .char("g"): offset = 0
        case .end, .char("G"): offset = last
        case .escape: return .dismiss
        default: return .none
        }
        return offset == before ? .none : .redraw
    }

    public func render(into canvas: inout Canvas) {
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
            let gap = max(1, width - TextWidth.of(date) - TextWidth.of(value))
            let line = TextWidth.truncate(date + String(repeating: " ", count: gap) + value, to: width)
            canvas.put(line, row: row, column: left)
            row += 1
        }
        if entries.count > rows {
            let first = offset + 1
            let lastShown = min(entries.count, offset + rows)
            canvas.put("\(first)-\(lastShown) of \(entries.count)", row: canvas.height - 1, column: left, style: .dim)
        }
    }

    /// Called with the canvas height before keys are handled.
    public mutating func layout(height: Int) {
        visibleRows = max(1, height - 4)
    }
}
