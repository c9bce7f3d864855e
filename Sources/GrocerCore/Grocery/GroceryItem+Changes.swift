import Foundation

/// The changes the grocery screen and commands make to an item, as values:
/// each returns the change to record on the `UndoStack` and to apply.
extension GroceryItem {
    /// The item quick entry means when it names one that exists: the same
    /// name ignoring case and width in the locale ("milk" is "Milk"), but
    /// not accents ("pâte" is not "pate"). The lowest id wins if an old
    /// store holds duplicates. nil: add a new item.
    public static func existing(named name: String, in items: [GroceryItem], locale: Locale) -> GroceryItem? {
        items.filter { sameName($0.name, name, locale: locale) }.min { $0.id < $1.id }
    }

    /// Whether two item names are one for quick entry: the same ignoring
    /// case and width in the locale, not accents (see `existing(named:)`),
    /// and with the same `ItemNameKey`, which the store finds by index.
    /// The key only narrows: it takes away a few equalities a locale's
    /// collation adds that are no case or width (Danish "aa" is "å"), so
    /// the store's lookup and this rule agree exactly.
    public static func sameName(_ name: String, _ other: String, locale: Locale) -> Bool {
        name.compare(other, options: [.caseInsensitive, .widthInsensitive], range: nil, locale: locale) == .orderedSame
            && ItemNameKey.of(name) == ItemNameKey.of(other)
    }

    /// This item put back on the list by quick entry: listed, unticked, with
    /// the typed quantity, and the typed unit if one was typed (`unit` is the
    /// store's row for it); with no quantity typed (nil), the quantity and
    /// unit it had. `quantity` holds the amount rounded to a whole number,
    /// at least 1, for readers of the version 4 column.
    public func relisted(quantity typed: GroceryQuantity?, unit typedUnit: GroceryUnit?) -> GroceryItem {
        guard let amount = typed else {
            return GroceryItem(
                id: id, name: name, quantity: quantity, unit: typedUnit ?? unit, listed: true, collected: false, place: place,
                aisle: aisle, amount: self.amount, second: second, note: note)
        }
        var whole = amount.decimal
        var rounded = Decimal()
        NSDecimalRound(&rounded, &whole, 0, .plain)
        return GroceryItem(
            id: id, name: name, quantity: max(1, NSDecimalNumber(decimal: rounded).intValue), unit: typedUnit ?? unit,
            listed: true, collected: false, place: place, aisle: aisle, amount: amount, note: note)
    }

    /// This item with some fields replaced.
    public func with(
        name: String? = nil, listed: Bool? = nil, collected: Bool? = nil
    ) -> GroceryItem {
        GroceryItem(
            id: id, name: name ?? self.name, quantity: quantity, unit: unit,
            listed: listed ?? self.listed, collected: collected ?? self.collected,
            place: place, aisle: aisle, amount: amount, second: second, note: note)
    }
}

extension GroceryItemChange {
    /// Quick entry naming an item that exists: it goes back on the list.
    public static func relisted(_ item: GroceryItem, quantity: GroceryQuantity?, unit: GroceryUnit?) -> Self {
        Self(label: "put \(item.name) on the list", edits: [Edit(before: item, after: item.relisted(quantity: quantity, unit: unit))])
    }

    /// Space in Prepare: on the list, or off it (and unticked).
    public static func toggleListed(_ item: GroceryItem) -> Self {
        let after = item.with(listed: !item.listed, collected: false)
        return Self(
            label: after.listed ? "put \(item.name) on the list" : "take \(item.name) off the list",
            edits: [Edit(before: item, after: after)])
    }

    /// Space in Shop: ticked, or unticked.
    public static func toggleCollected(_ item: GroceryItem) -> Self {
        let after = item.with(collected: !item.collected)
        return Self(
            label: after.collected ? "tick \(item.name)" : "untick \(item.name)",
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
