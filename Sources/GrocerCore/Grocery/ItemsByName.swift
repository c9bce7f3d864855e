import Foundation

/// Every item in the order of their names (`NameOrder`: the locale's
/// case-insensitive order, numbers by value, then by id): sorted once per
/// change of the names, so that each list of the grocery screen (Prepare,
/// Shop, each shop) is grouped from it in one pass, as indexes into it
/// (`GroceryGroup`), instead of sorting and copying the items again. A
/// tick, an edit of a quantity or an aisle keeps the order (`reordering`);
/// an item added, deleted or renamed makes it anew.
public struct ItemsByName: Sendable, Equatable {
    public let locale: Locale
    /// Every item, in the order of their names.
    public let items: [GroceryItem]

    public init(_ items: [GroceryItem], locale: Locale) {
        self.locale = locale
        self.items = GroceryLists.byName(items, locale: locale)
    }

    private init(locale: Locale, sorted: [GroceryItem]) {
        self.locale = locale
        self.items = sorted
    }

    /// `newItems` in this order, or nil when they are not the items it was
    /// made from (one added or deleted). Renames are the caller's to tell.
    public func reordering(_ newItems: [GroceryItem]) -> ItemsByName? {
        guard newItems.count == items.count else { return nil }
        var byId = [Int64: GroceryItem](minimumCapacity: newItems.count)
        for item in newItems { byId[item.id] = item }
        var sorted: [GroceryItem] = []
        sorted.reserveCapacity(items.count)
        for old in items {
            guard let item = byId[old.id] else { return nil }
            sorted.append(item)
        }
        return ItemsByName(locale: locale, sorted: sorted)
    }

    public static func == (a: Self, b: Self) -> Bool {
        a.locale == b.locale && a.items == b.items
    }
}
