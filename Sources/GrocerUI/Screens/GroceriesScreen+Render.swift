import Foundation
import GrocerCore

/// Drawing the grocery screen: the tabs, the input line, the message line,
/// then only the rows of the list that show.
extension GroceriesScreen {
    /// "[x]" on the list (Prepare) or ticked (Shop); ASCII, so every
    /// terminal shows it.
    static let checked = "[x]"
    static let unchecked = "[ ]"

    func renderScreen(into canvas: inout Canvas, _ context: AppContext) {
        let width = canvas.width
        canvas.cursor = nil
        renderTabs(into: &canvas, context)
        if mode == .reviewing, let review {
            review.render(into: &canvas, plans: review.plans(items: items, catalog: catalog, locale: locale), message: message, locale: locale)
            return
        }
        renderInput(into: &canvas)
        if let message {
            canvas.put(canvas.truncate(PlainText.visible(message), to: width - 2), row: 2, column: 1, style: .accent)
        }
        guard loaded else {
            canvas.center("Loading the grocery list…", row: Self.listTop + 1, style: .dim)
            return
        }
        if mode == .editing, let form {
            form.render(into: &canvas, top: Self.listTop)
            return
        }
        if rows.isEmpty {
            canvas.center(emptyText, row: Self.listTop + 1, style: .dim)
        }
        let height = max(0, canvas.height - Self.listTop)
        // `offset` follows the selection as it moves; clamped here too for
        // a terminal that shrank since.
        var first = min(offset, max(0, rows.count - height))
        if let selection, selection >= first + height { first = selection - height + 1 }
        for index in max(0, first)..<max(first, min(rows.count, first + height)) {
            renderRow(rows[index], selected: index == selection, into: &canvas, at: Self.listTop + index - first)
        }
    }

    var emptyText: String {
        if !filter.text.isEmpty { return "No item matches \u{201C}\(PlainText.visible(filter.text))\u{201D}. Esc clears the filter." }
        if tab == .shop { return "Nothing on the list. In Prepare (Tab), Space puts an item on it." }
        return "No items yet. Press a to add one."
    }

    /// The title and the tabs on the left; on the right the sync state,
    /// and the count before it when both fit whole. Sync comes first when
    /// they do not (the count is on the list below; a failure or a
    /// conflict is not), cut to the room right of the tabs: it never
    /// covers them.
    private func renderTabs(into canvas: inout Canvas, _ context: AppContext) {
        var column = canvas.put("Groceries", row: 0, column: 1, style: .bold) + 3
        for tab in [GroceriesTab.prepare, .shop] {
            let style: Style = tab == self.tab ? [.reverse, .bold] : .dim
            column = canvas.put(" \(title(of: tab)) ", row: 0, column: column, style: style) + 1
        }
        let summary = tab == .prepare ? "\(listedCount) of \(items.count) on the list" : "\(tickedCount) of \(listedCount) ticked"
        // From a column after the tabs' gap to one before the edge.
        let room = canvas.width - 1 - (column + 1)
        var right = canvas.width - 1
        if let sync = syncHeader(context) {
            let text = canvas.truncate(sync.text, to: max(0, room))
            guard !text.isEmpty else { return }
            right -= canvas.columns(text)
            canvas.put(text, row: 0, column: right, style: sync.style)
            right -= 3
        }
        if loaded, canvas.columns(summary) <= right - (column + 1) {
            canvas.put(summary, row: 0, column: right - canvas.columns(summary), style: .dim)
        }
    }

    private func renderInput(into canvas: inout Canvas) {
        let width = canvas.width
        switch mode {
        case .adding:
            let start = canvas.put("Add: ", row: 1, column: 1, style: .bold)
            let cursor = addLine.render(into: &canvas, row: 1, column: start, width: width - start - 1)
            if let completion {
                if let suffix = completion.suffix, addLine.atEnd {
                    canvas.put(canvas.truncate(PlainText.visible(suffix), to: max(0, width - cursor - 1)), row: 1, column: cursor, style: .dim)
                } else {
                    let hint = "  Tab: " + PlainText.visible(completion.text)
                    let end = start + canvas.columns(addLine.text)
                    canvas.put(canvas.truncate(hint, to: max(0, width - end - 1)), row: 1, column: end, style: .dim)
                }
            }
            if message == nil, let preview = addPreview {
                canvas.put(canvas.truncate(preview, to: width - 2), row: 2, column: 1, style: .dim)
            }
            canvas.cursor = (1, cursor)
        case .filtering,
            .list where !filter.text.isEmpty:
            let start = canvas.put("/", row: 1, column: 1, style: .bold) + 1
            let cursor = filter.render(into: &canvas, row: 1, column: start, width: width - start - 1)
            if mode == .filtering { canvas.cursor = (1, cursor) }
        case .confirmClear:
            let ticked = tickedCount
            let what = ticked == 1 ? "the 1 ticked item" : "the \(ticked) ticked items"
            canvas.put("Take \(what) off the list? (y/n)", row: 1, column: 1, style: [.bold, .accent])
        case .recipePath:
            let start = canvas.put("Recipe file: ", row: 1, column: 1, style: .bold)
            let cursor = recipePath.render(into: &canvas, row: 1, column: start, width: width - start - 1)
            if message == nil {
                let hint = "Enter reads it: schema.org JSON-LD, a recipe's web page, or one ingredient a line. Esc cancels."
                canvas.put(canvas.truncate(hint, to: width - 2), row: 2, column: 1, style: .dim)
            }
            canvas.cursor = (1, cursor)
        case .list, .editing, .reviewing:
            break
        }
    }

    private func renderRow(_ row: GroceriesRow, selected: Bool, into canvas: inout Canvas, at line: Int) {
        let width = canvas.width
        switch row {
        case .heading(let heading):
            canvas.put(canvas.truncate(heading.title, to: width - 2), row: line, column: 1, style: [.bold, .underline])
        case .item(let item):
            let mark = (tab == .prepare ? item.listed : item.collected) ? Self.checked : Self.unchecked
            let dimmed = tab == .shop && item.collected
            var style: Style = dimmed ? .dim : []
            if selected {
                style.insert(.reverse)
                canvas.fill(row: line, from: 1, count: width - 2, style: style)
            }
            let amount = item.amountText(locale: locale)
            let amountWidth = min(canvas.columns(amount), 16)
            let nameColumn = canvas.put(mark + " ", row: line, column: 3, style: style)
            let nameWidth = max(1, width - 2 - amountWidth - 2 - nameColumn)
            let name = canvas.truncate(PlainText.visible(item.name), to: nameWidth)
            let noteColumn = canvas.put(name, row: line, column: nameColumn, style: style)
            // The note, dim after the name, where there is room (issue 33).
            let noteWidth = nameColumn + nameWidth - noteColumn - 2
            if !item.note.isEmpty, noteWidth > 3 {
                let note = canvas.truncate(PlainText.visible(item.note), to: noteWidth)
                canvas.put(note, row: line, column: noteColumn + 2, style: style.union(.dim))
            }
            let shownAmount = canvas.truncate(amount, to: amountWidth)
            canvas.put(shownAmount, row: line, column: width - 2 - canvas.columns(shownAmount), style: style)
        }
    }
}
