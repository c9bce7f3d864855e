/// The changes the grocery screen and commands make to an item, as values:
/// each returns the change to record on the `UndoStack` and to apply.
extension GroceryItem {
    /// This item with some fields replaced.
    public func with(
        name: String? = nil, listed: Bool? = nil, collected: Bool? = nil
    ) -> GroceryItem {
        GroceryItem(
            id: id, name: name ?? self.name, quantity: quantity, unit: unit,
            listed: listed ?? self.listed, collected: collected ?? self.collected,
            place: place, aisle: aisle, amount: amount)
    }
}

extension GroceryItemChange {
    /// Space in Prepare: on the list, or off it (and unticked).
    public static func toggleListed(_ item: GroceryItem) -> Self {
        let after = item.with(listed: !item.listed, collected: false)
        return Self(label: after.listed ? "put \(item.name) on the list" : "take \(item.name) off the list",
                    edits: [Edit(before: item, after: after)])
    }

    /// Space in Shop: ticked, or unticked.
    public static func toggleCollected(_ item: GroceryItem) -> Self {
        let after = item.with(collected: !item.collected)
        return Self(label: after.collected ? "tick \(item.name)" : "untick \(item.name)",
                    edits: [Edit(before: item, after: after)])
    }

    /// `C` in Shop: every ticked item on the list taken off it and
    /// unticked, as one change; nil when nothing is ticked.
    public static func clear(_ items: [GroceryItem]) -> Self? {
        let edits = items.filter { $0.listed && $0.collected }
            .map { Edit(before: $0, after: $0.with(listed: false, collected: false)) }
        guard !edits.isEmpty else { return nil }
        return Self(label: edits.count == 1 ? "clear 1 item" : "clear \(edits.count) items", edits: edits)
    }
}
