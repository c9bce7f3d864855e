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
        let order = ItemsByName(items.filter(\.listed), locale: locale)
        return groups(order, at: shop, itemShops: itemShops).sections(of: order.items)
    }

    /// The same from the items in the order of their names: one pass over
    /// small arrays (`ItemsByName`'s), no item copied, no sort but the
    /// aisles'.
    /// `membership`: the items' shops as bits, made for the same items and
    /// shops (the screen keeps one); without it `itemShops` is asked.
    public static func groups(
        _ order: ItemsByName, at shop: GroceryShop, itemShops: ItemShops, membership: ShopMembership? = nil
    ) -> [GroceryGroup] {
        let count = order.items.count
        // Per item: 0 names no shop, 1 names this one, 2 names only others.
        var named: [UInt8]
        if let kept = membership?.named(at: shop), kept.count == count {
            named = kept
        } else {
            named = [UInt8](repeating: 0, count: count)
            for (id, shops) in itemShops.byItem {
                if let index = order.indexOfID[id] { named[Int(index)] = shops.contains(shop.id) ? 1 : 2 }
            }
        }
        let hidden = order.aisles.map { shop.hidden.contains($0.id) }
        var byAisle = [[Int32]](repeating: [], count: order.aisles.count)
        var unaisled: [Int32] = []
        for index in 0..<count where order.listed[index] && named[index] != 2 {
            let slot = Int(order.aisleSlots[index])
            if slot < 0 {
                unaisled.append(Int32(index))
            } else if named[index] == 1 || !hidden[slot] {
                byAisle[slot].append(Int32(index))
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
        let slots = order.aisles.indices.filter { !byAisle[$0].isEmpty }.sorted { sa, sb in
            let (a, b) = (order.aisles[sa], order.aisles[sb])
            let (ka, kb) = (key(a), key(b))
            if ka != kb { return ka < kb }
            let compared = GroceryLists.compareNames(a.name, b.name, locale: order.locale)
            return compared != .orderedSame ? compared == .orderedAscending : a.id < b.id
        }
        let ticked = { (members: [Int32]) in
            members.filter { !order.collected[Int($0)] } + members.filter { order.collected[Int($0)] }
        }
        var groups = slots.map { GroceryGroup(heading: .aisle(order.aisles[$0]), members: ticked(byAisle[$0])) }
        if !unaisled.isEmpty {
            groups.append(GroceryGroup(heading: .noAisle, members: ticked(unaisled)))
        }
        return groups
    }
}
