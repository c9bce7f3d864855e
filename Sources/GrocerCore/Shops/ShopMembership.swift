import Foundation

/// Which shops each item names, as one bit a shop per item, in the order
/// of `ItemsByName.items`: made once per change of the items or of the
/// shops, so that Tab to a shop reads a bit per item instead of asking
/// `ItemShops`' dictionary for each item that names a shop. For at most 64
/// shops (nil beyond: `ShopList` then asks the dictionary).
public struct ShopMembership: Sendable, Equatable {
    let shopIDs: [Int64]
    let masks: [UInt64]

    public init?(_ order: ItemsByName, itemShops: ItemShops, shops: [GroceryShop]) {
        guard shops.count <= 64 else { return nil }
        let ids = shops.map(\.id)
        var bit: [Int64: UInt64] = [:]
        for (offset, id) in ids.enumerated() { bit[id] = 1 << UInt64(offset) }
        var masks = [UInt64](repeating: 0, count: order.items.count)
        for (itemID, named) in itemShops.byItem {
            guard let index = order.indexOfID[itemID] else { continue }
            var mask: UInt64 = 0
            for shopID in named {
                // A shop not in the list still makes the item one that names a shop.
                mask |= bit[shopID] ?? (1 << 63)
            }
            masks[Int(index)] = mask
        }
        shopIDs = ids
        self.masks = masks
    }

    /// Per item: 0 names no shop, 1 names `shop`, 2 names only others;
    /// nil when `shop` is not one of these shops.
    func named(at shop: GroceryShop) -> [UInt8]? {
        guard let offset = shopIDs.firstIndex(of: shop.id), offset < 63 || shopIDs.count < 64 else { return nil }
        let bit: UInt64 = 1 << UInt64(offset)
        return masks.map { $0 == 0 ? 0 : ($0 & bit != 0 ? 1 : 2) }
    }
}
