import GrocerCore

/// The bottom row: keys and what they do. When it is too narrow, hints
/// give way from the last: first the screen switches (F2-F5, named in
/// help), then the screen's own hints; help and quit always show. At 80
/// columns this keeps every screen's own hints.
enum HintBar {
    struct Item {
        let hint: Hint
        /// Higher stays longer: 0 a screen switch, 1 the screen's own, 2 help and quit.
        let rank: Int
    }

    static func items(screen: [Hint], global: [Hint]) -> [Item] {
        screen.map { Item(hint: $0, rank: 1) }
            + global.map { Item(hint: $0, rank: GlobalKeys.isEssential($0.key) ? 2 : 0) }
    }

    /// The hints that fit in `width` columns, in their order.
    static func fitting(_ items: [Item], width: Int, measure: ColumnMeasure = .unicode) -> [Hint] {
        var kept = items
        func total(_ items: [Item]) -> Int {
            items.reduce(0) { $0 + measure.of($1.hint.key) + 1 + measure.of($1.hint.action) } + 2 * max(0, items.count - 1)
        }
        while total(kept) > width {
            guard let lowest = kept.map({ $0.rank }).min(), lowest < 2,
                let last = kept.lastIndex(where: { $0.rank == lowest })
            else { break }
            kept.remove(at: last)
        }
        return kept.map { $0.hint }
    }

    static func render(_ items: [Item], into canvas: inout Canvas, row: Int) {
        canvas.fill(row: row, from: 0, count: canvas.width, style: .reverse)
        var column = 0
        for hint in fitting(items, width: canvas.width, measure: canvas.measure) {
            column = canvas.put(hint.key, row: row, column: column, style: [.reverse, .bold])
            column = canvas.put(" " + hint.action + "  ", row: row, column: column, style: .reverse)
        }
    }
}
