import Foundation
import GrocerCore

/// Drawing the review: under the grocery screen's tabs, its title, a line
/// of keys (or the screen's message), then one row per line: a mark, the
/// line as given, what Enter does to it. Text from a paste or a file is
/// drawn through `PlainText.visible`: no control character reaches the
/// terminal.
extension GroceriesReview {
    /// "Review: 3 pasted lines", "Review: Quiche Lorraine, for 6 (it
    /// serves 4)".
    func title(locale: Locale) -> String {
        let count = lines.count == 1 ? "1 line" : "\(lines.count) lines"
        switch source {
        case .paste:
            return "Review: \(count) pasted"
        case .recipe(let recipe):
            var text = "Review: " + (recipe.name.map { PlainText.visible($0) } ?? "a recipe") + ", \(count)"
            if let yield = recipe.servings, let servings {
                text += ", for \(Self.number(servings, locale)) (it serves \(Self.number(yield, locale)))"
            }
            return text
        }
    }

    /// "Space skips · Enter adds 2 of 3 · Esc adds nothing", with "+ -
    /// servings" for a recipe that says how many it serves.
    func keysLine(adding: Int) -> String {
        var text = "Space skips \u{00B7} Enter adds \(adding) of \(lines.count) \u{00B7} Esc adds nothing"
        if case .recipe(let recipe) = source, recipe.servings != nil { text += " \u{00B7} + - servings" }
        if case .paste(cut: true) = source { text += " (the paste was cut at 64 KiB)" }
        return text
    }

    /// What a row says Enter does.
    static func text(of plan: Plan) -> String {
        switch plan {
        case .new(let amount): return amount.isEmpty ? "new" : "new: \(amount)"
        case .unread: return "could not read: kept as a note"
        case .adds(let held, let typed, let result):
            if result == "\(held) + \(typed)" { return "adds to the list: \(result)" }
            return "adds to the list: \(held) + \(typed) = \(result)"
        case .atHome(let amount): return "already at home: back on the list, \(amount)"
        case .onList: return "already on the list: nothing changes"
        case .cannot(let reason): return "not added: \(reason)"
        case .skipped: return "skipped"
        }
    }

    func render(into canvas: inout Canvas, plans: [Plan], message: String?, locale: Locale) {
        let width = canvas.width
        canvas.put(canvas.truncate(title(locale: locale), to: width - 2), row: 1, column: 1, style: .bold)
        let adding = plans.filter { if case .skipped = $0 { return false } else if case .cannot = $0 { return false } else { return true } }.count
        if let message {
            canvas.put(canvas.truncate(PlainText.visible(message), to: width - 2), row: 2, column: 1, style: .accent)
        } else {
            canvas.put(canvas.truncate(keysLine(adding: adding), to: width - 2), row: 2, column: 1, style: .dim)
        }
        let height = max(0, canvas.height - Self.top)
        let texts = lines.map { PlainText.visible($0.text) }
        let longest = texts.map { canvas.columns($0) }.max() ?? 0
        // The line as given, then what Enter does: the line at most
        // about half the room.
        let room = width - 2 - 4
        let textWidth = max(4, min(longest, room * 45 / 100))
        var first = min(offset, max(0, lines.count - height))
        if selection >= first + height { first = selection - height + 1 }
        for index in first..<min(lines.count, first + height) {
            let row = Self.top + index - first
            let plan = plans[index]
            let off: Bool
            switch plan {
            case .skipped, .cannot: off = true
            default: off = false
            }
            var style: Style = off ? .dim : []
            if index == selection {
                style.insert(.reverse)
                canvas.fill(row: row, from: 1, count: width - 2, style: style)
            }
            let column = canvas.put(off ? GroceriesScreen.unchecked + " " : GroceriesScreen.checked + " ", row: row, column: 1, style: style)
            canvas.put(canvas.truncate(texts[index], to: textWidth), row: row, column: column, style: style)
            let planColumn = column + textWidth + 2
            let said = canvas.truncate(PlainText.visible(Self.text(of: plan)), to: max(0, width - 1 - planColumn))
            canvas.put(said, row: row, column: planColumn, style: style)
        }
    }

    static func number(_ value: Decimal, _ locale: Locale) -> String {
        (try? GroceryQuantity(canonical: "\(value)"))?.formatted(locale: locale) ?? "\(value)"
    }
}
