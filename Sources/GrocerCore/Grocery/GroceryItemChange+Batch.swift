import Foundation

extension GroceryItemChange {
    /// Several adds made as one (the grocery screen's review, issue 33),
    /// so that one undo takes them all back: each item's first `before`
    /// and last `after` (an item added twice in the batch is one edit), in
    /// the order the items were first touched; nil when nothing changed.
    /// Labelled as the one change when there is one, else "add N items".
    public static func batch(_ changes: [GroceryItemChange]) -> GroceryItemChange? {
        var order: [Int64] = []
        var first: [Int64: GroceryItem?] = [:]
        var last: [Int64: GroceryItem?] = [:]
        for edit in changes.flatMap(\.edits) {
            if first[edit.id] == nil {
                order.append(edit.id)
                first[edit.id] = .some(edit.before)
            }
            last[edit.id] = .some(edit.after)
        }
        let edits = order.compactMap { id -> Edit? in
            let before = first[id] ?? nil
            let after = last[id] ?? nil
            guard before != nil || after != nil, before != after else { return nil }
            return Edit(before: before, after: after)
        }
        guard !edits.isEmpty else { return nil }
        if changes.count == 1 { return GroceryItemChange(label: changes[0].label, edits: edits) }
        return GroceryItemChange(label: edits.count == 1 ? changes[0].label : "add \(edits.count) items", edits: edits)
    }
}
