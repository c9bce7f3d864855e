import Foundation

/// Every item's id in the order of their names (`NameOrder`: the locale's
/// case-insensitive order, numbers by value, then by id): sorted once per
/// change of the names, so that each list (Prepare, Shop, each shop) is
/// grouped from it in one pass instead of sorting again. A tick, an edit
/// of a quantity or an aisle keeps the order; an item added, deleted or
/// renamed makes it anew (`ordered` says so by returning nil).
public struct ItemsByName: Sendable, Equatable {
    public let ids: [Int64]
    public let locale: Locale

    public init(_ items: [GroceryItem], locale: Locale) {
        self.locale = locale
        ids = GroceryLists.byName(items, locale: locale).map(\.id)
    }

    /// `items` in this order, or nil when they are not the items it was
    /// made from (one added or deleted). Renames are the caller's to tell.
    public func ordered(_ items: [GroceryItem]) -> [GroceryItem]? {
        guard items.count == ids.count else { return nil }
        var byId = [Int64: GroceryItem](minimumCapacity: items.count)
        for item in items { byId[item.id] = item }
        var sorted: [GroceryItem] = []
        sorted.reserveCapacity(ids.count)
        for id in ids {
            guard let item = byId[id] else { return nil }
            sorted.append(item)
        }
        return sorted
    }
}
