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
    /// What grouping reads of each item, by its index in `items`, so that
    /// a shop's list is made from small arrays without copying an item:
    /// its aisle (an index into `aisles`, -1 for none), whether it is on
    /// the list and ticked, and the index of each item id.
    let aisleSlots: [Int32]
    let aisles: [GroceryAisle]
    let listed: [Bool]
    let collected: [Bool]
    let indexOfID: [Int64: Int32]

    public init(_ items: [GroceryItem], locale: Locale) {
        self.init(locale: locale, sorted: GroceryLists.byName(items, locale: locale))
    }

    private init(locale: Locale, sorted: [GroceryItem]) {
        self.locale = locale
        self.items = sorted
        var slots: [Int32] = []
        var aisles: [GroceryAisle] = []
        var slotOfAisle: [Int64: Int32] = [:]
        var listed: [Bool] = []
        var collected: [Bool] = []
        var indexOfID = [Int64: Int32](minimumCapacity: sorted.count)
        slots.reserveCapacity(sorted.count)
        listed.reserveCapacity(sorted.count)
        collected.reserveCapacity(sorted.count)
        for (index, item) in sorted.enumerated() {
            indexOfID[item.id] = Int32(index)
            listed.append(item.listed)
            collected.append(item.collected)
            guard let aisle = item.aisle else {
                slots.append(-1)
                continue
            }
            if let slot = slotOfAisle[aisle.id] {
                slots.append(slot)
            } else {
                let slot = Int32(aisles.count)
                slotOfAisle[aisle.id] = slot
                aisles.append(aisle)
                slots.append(slot)
            }
        }
        self.aisleSlots = slots
        self.aisles = aisles
        self.listed = listed
        self.collected = collected
        self.indexOfID = indexOfID
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
