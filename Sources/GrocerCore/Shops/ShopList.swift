import Foundation

/// Shop mode for one shop, as a pure value: the items on the list bought
/// there (the ones naming it and the ones bought anywhere), grouped by
/// aisle in the shop's order (`GroceryShop.ordered`: its ordered aisles,
/// then the others by the default order), the items with no aisle last.
/// Within an aisle, as `GroceryLists.shop`: to get by name, then ticked.
/// An item bought anywhere in an aisle the shop hides is not there; an
/// item that names the shop is always listed (its hidden aisle after the
/// others), so nothing the person filed under the shop disappears.
public enum ShopList {
    public static func sections(
        _ items: [GroceryItem], at shop: GroceryShop, itemShops: ItemShops, locale: Locale
    ) -> [GrocerySection] {
        let sorted = GroceryLists.byName(items.filter(\.listed), locale: locale)
        return groups(byName: sorted, at: shop, itemShops: itemShops, locale: locale).sections(of: sorted)
    }

    /// The same from the items already in the order of their names
    /// (`ItemsByName`): one pass, no sort but the aisles'.
    public static func groups(
        byName items: [GroceryItem], at shop: GroceryShop, itemShops: ItemShops, locale: Locale
    ) -> [GroceryGroup] {
        var byAisle: [Int64: (GroceryAisle, [Int32])] = [:]
        var unaisled: [Int32] = []
        for (index, item) in items.enumerated() where item.listed {
            let named = itemShops.shops(of: item.id)
            if !named.isEmpty && !named.contains(shop.id) { continue }
            if let aisle = item.aisle {
                if named.isEmpty && shop.hidden.contains(aisle.id) { continue }
                byAisle[aisle.id, default: (aisle, [])].1.append(Int32(index))
            } else {
                unaisled.append(Int32(index))
            }
        }
        let rank = Dictionary(shop.aisleOrder.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { first, _ in first })
        // Ordered aisles by their rank, then the rest by the default order,
        // then hidden ones: a key of (band, rank or position).
        func key(_ aisle: GroceryAisle) -> (Int, Int) {
            if shop.hidden.contains(aisle.id) { return (2, aisle.position) }
            if let at = rank[aisle.id] { return (0, at) }
            return (1, aisle.position)
        }
        let aisles = byAisle.values.sorted { a, b in
            let (ka, kb) = (key(a.0), key(b.0))
            if ka != kb { return ka < kb }
            let order = GroceryLists.compareNames(a.0.name, b.0.name, locale: locale)
            return order != .orderedSame ? order == .orderedAscending : a.0.id < b.0.id
        }
        var groups = aisles.map { GroceryGroup(heading: .aisle($0.0), members: GroceryLists.tickedLast($0.1, items)) }
        if !unaisled.isEmpty {
            groups.append(GroceryGroup(heading: .noAisle, members: GroceryLists.tickedLast(unaisled, items)))
        }
        return groups
    }
}
