import GrocerCore

/// A framed rectangle, with an optional title in its top edge.
enum Box {
    static func draw(into canvas: inout Canvas, top: Int, left: Int, width: Int, height: Int, title: String? = nil, style: Style = []) {
        guard width >= 2, height >= 2 else { return }
        let inner = String(repeating: "─", count: width - 2)
        for row in top..<(top + height) {
            canvas.fill(row: row, from: left, count: width, style: [])
        }
        canvas.put("┌" + inner + "┐", row: top, column: left, style: style)
        for row in (top + 1)..<(top + height - 1) {
            canvas.put("│", row: row, column: left, style: style)
            canvas.put("│", row: row, column: left + width - 1, style: style)
        }
        canvas.put("└" + inner + "┘", row: top + height - 1, column: left, style: style)
        if let title, width > 6 {
            canvas.put(" " + canvas.truncate(title, to: width - 6) + " ", row: top, column: left + 2, style: style.union(.bold))
        }
    }
}
