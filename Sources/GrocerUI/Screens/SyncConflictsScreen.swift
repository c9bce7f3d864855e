import Foundation
import GrocerCore

extension Route {
    public static let syncConflicts = Route("sync-conflicts")
}

/// Sync's conflicts (`c` on the grocery screen): one row each, the item,
/// the field both sides changed, the value here and there, which one
/// grocer kept, and when. Nothing is lost in a conflict: Enter takes the
/// value not kept, `d` dismisses it (the value shown stays), Esc goes
/// back. The list is read and changed through `Effect.sync`, off the
/// loop's thread, and read again when the store changes.
public struct SyncConflictsScreen: Screen {
    public internal(set) var lines: [SyncConflictLine] = []
    public internal(set) var loaded = false
    public internal(set) var selection = 0
    var offset = 0
    /// What just happened, or why a key did nothing.
    public internal(set) var message: String?
    /// The take or dismiss asked for and not answered yet: said when the
    /// list comes back.
    var pending: (line: SyncConflictLine, took: Bool)?

    public static let minimumSize = Size(width: 40, height: 8)
    public static let helpTitle: String? = "Sync conflicts"
    /// Rows above the list: the title, the message line, the headings.
    static let listTop = 3

    public init() {}

    public var selected: SyncConflictLine? { lines.indices.contains(selection) ? lines[selection] : nil }

    public static let bindings: [Binding<SyncConflictsScreen>] = [
        Binding(keys: [.enter], hint: "Enter", label: "Take other", help: "take the value not kept (here's or there's)") { s, _, _ in
            guard let line = s.selected else { return .none }
            s.pending = (line, true)
            return .perform(.sync(.takeOther(id: line.id)))
        },
        Binding(keys: [.char("d"), .delete], hint: "d", label: "Dismiss", help: "dismiss: the value shown stays", helpKeys: "d  Delete") {
            s, _, _ in
            guard let line = s.selected else { return .none }
            s.pending = (line, false)
            return .perform(.sync(.dismiss(id: line.id)))
        },
        Binding(keys: [.escape], hint: "Esc", label: "Back", help: "back to the grocery list", outcome: .dismiss),
        Binding(keys: [.up, .down, .char("k"), .char("j")], help: "move the selection", helpKeys: "Up Down  k j") { s, key, context in
            s.move(by: key == .up || key == .char("k") ? -1 : 1, context)
        },
        Binding(keys: [.home, .end, .char("g"), .char("G")], help: "to the first or last conflict", helpKeys: "Home End  g G") {
            s, key, context in
            s.move(by: key == .home || key == .char("g") ? -s.lines.count : s.lines.count, context)
        },
    ]

    public mutating func appear(_ context: inout AppContext) -> Outcome {
        message = nil
        pending = nil
        return .perform(.sync(.conflicts))
    }

    public mutating func receive(_ result: EffectResult, _ context: inout AppContext) -> Outcome {
        switch result {
        case .sync(.conflicts(let lines)):
            self.lines = lines
            loaded = true
            if let pending {
                message = Self.done(pending.line, took: pending.took)
                self.pending = nil
            }
            selection = min(selection, max(0, lines.count - 1))
            scrollToSelection(context)
            return .redraw
        case .sync(.failed(.conflicts, let line)), .sync(.failed(.takeOther, let line)), .sync(.failed(.dismiss, let line)):
            pending = nil
            message = line
            return .reject
        case .storeChanged:
            // Another grocer's sync may have recorded more, or taken one.
            return .perform(.sync(.conflicts))
        default:
            return .none
        }
    }

    /// "Took the other value: flour quantity is now 3 kg." / "Dismissed:
    /// flour quantity stays 2 kg."
    static func done(_ line: SyncConflictLine, took: Bool) -> String {
        let what = "\(PlainText.visible(line.title)) \(PlainText.visible(line.field))"
        if took { return "Took the other value: \(what) is now \(shown(line.value(line.kept.other)))." }
        return "Dismissed: \(what) stays \(shown(line.value(line.kept)))."
    }

    /// A value as the list shows it; "(none)" for no value (deleted, or
    /// no unit, aisle or place).
    static func shown(_ value: String?) -> String {
        value.map { PlainText.visible($0) } ?? "(none)"
    }

    mutating func move(by step: Int, _ context: AppContext) -> Outcome {
        let next = min(max(0, selection + step), max(0, lines.count - 1))
        guard next != selection else { return .none }
        selection = next
        scrollToSelection(context)
        return .redraw
    }

    mutating func scrollToSelection(_ context: AppContext) {
        let height = max(1, context.size.height - Self.listTop)
        if selection < offset { offset = selection }
        if selection >= offset + height { offset = selection - height + 1 }
        offset = max(0, min(offset, max(0, lines.count - height)))
    }

    // MARK: Drawing

    /// The columns' widths for `width`: Kept and When fixed, the rest
    /// shared (the item and the values more than the field); When gives
    /// way below 60 columns.
    static func columns(width: Int) -> [Int] {
        let inner = width - 2
        let when = width >= 60 ? 12 : 0
        let kept = 5
        let gaps = 2 * (when > 0 ? 5 : 4)
        let rest = max(4, inner - when - kept - gaps)
        let field = rest * 2 / 10
        let here = rest * 25 / 100
        let there = here
        let item = rest - field - here - there
        return when > 0 ? [item, field, here, there, kept, when] : [item, field, here, there, kept]
    }

    public func render(into canvas: inout Canvas, _ context: AppContext) {
        let width = canvas.width
        canvas.put("Sync conflicts", row: 0, column: 1, style: .bold)
        if loaded {
            let count = lines.count == 1 ? "1 conflict" : "\(lines.count) conflicts"
            canvas.put(count, row: 0, column: width - 1 - canvas.columns(count), style: .dim)
        }
        if let message {
            canvas.put(canvas.truncate(message, to: width - 2), row: 1, column: 1, style: .accent)
        } else if !lines.isEmpty {
            let help = "Enter takes the value not kept; d dismisses (what shows stays)."
            canvas.put(canvas.truncate(help, to: width - 2), row: 1, column: 1, style: .dim)
        }
        guard loaded else {
            canvas.center("Reading the conflicts…", row: Self.listTop + 1, style: .dim)
            return
        }
        guard !lines.isEmpty else {
            canvas.center("No conflicts: both sides agree.", row: Self.listTop + 1, style: .dim)
            return
        }
        let widths = Self.columns(width: width)
        renderRow(["Item", "Field", "Here", "There", "Kept", "When"], widths, style: [.bold, .underline], row: 2, into: &canvas)
        let height = max(0, canvas.height - Self.listTop)
        let first = min(offset, max(0, lines.count - height))
        for index in first..<min(lines.count, first + height) {
            let line = lines[index]
            var style: Style = []
            if index == selection {
                style = .reverse
                canvas.fill(row: Self.listTop + index - first, from: 1, count: width - 2, style: style)
            }
            let cells = [
                PlainText.visible(line.title), PlainText.visible(line.field), Self.shown(line.here), Self.shown(line.there),
                line.kept == .local ? "here" : "there", SyncStatus.ago(line.at, now: context.now),
            ]
            renderRow(cells, widths, style: style, row: Self.listTop + index - first, into: &canvas)
        }
    }

    private func renderRow(_ cells: [String], _ widths: [Int], style: Style, row: Int, into canvas: inout Canvas) {
        var column = 1
        for (cell, width) in zip(cells, widths) {
            canvas.put(canvas.truncate(cell, to: width), row: row, column: column, style: style)
            column += width + 2
        }
    }
}
