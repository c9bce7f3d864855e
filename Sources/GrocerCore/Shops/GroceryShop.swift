/// A shop the person buys at ("Market", "Supermarket"): its own order of
/// the person's aisles, as AnyList and Tandoor model it. An aisle stays a
/// property of the item; a shop only orders the aisles (`aisleOrder`, first
/// first) and hides the ones it does not have (`hidden`). Aisles it does not
/// order come after the ordered ones, in the person's default order.
public struct GroceryShop: Equatable, Hashable, Sendable, Identifiable {
    public let id: Int64
    public let name: String
    /// The ids of the aisles this shop orders, first first.
    public let aisleOrder: [Int64]
    /// The ids of the aisles this shop does not have.
    public let hidden: Set<Int64>

    public init(id: Int64, name: String, aisleOrder: [Int64] = [], hidden: Set<Int64> = []) {
        self.id = id
        self.name = name
        self.aisleOrder = aisleOrder
        self.hidden = hidden
    }

    /// The person's aisles (given in the default order) in this shop's
    /// order: the ones it orders first, in its order, then the others in
    /// the default order; hidden ones left out.
    public func ordered(_ aisles: [GroceryAisle]) -> [GroceryAisle] {
        let rank = Dictionary(aisleOrder.enumerated().map { ($0.element, $0.offset) }, uniquingKeysWith: { first, _ in first })
        let shown = aisles.enumerated().filter { !hidden.contains($0.element.id) }
        return shown.sorted { a, b in
            switch (rank[a.element.id], rank[b.element.id]) {
            case (let x?, let y?): return x < y
            case (.some, nil): return true
            case (nil, .some): return false
            case (nil, nil): return a.offset < b.offset
            }
        }
        .map(\.element)
    }
}

/// The shops each item is bought at, by item id. An item with none is
/// bought anywhere.
public struct ItemShops: Equatable, Sendable {
    public private(set) var byItem: [Int64: Set<Int64>]

    public init(_ byItem: [Int64: Set<Int64>] = [:]) {
        self.byItem = byItem.filter { !$0.value.isEmpty }
    }

    /// The ids of the shops the item names; empty: bought anywhere.
    public func shops(of itemID: Int64) -> Set<Int64> { byItem[itemID] ?? [] }

    /// The names of the shops the item names, in the order of `shops`
    /// (Tab's); empty: anywhere.
    public func names(of itemID: Int64, in shops: [GroceryShop]) -> [String] {
        guard let ids = byItem[itemID] else { return [] }
        return shops.filter { ids.contains($0.id) }.map(\.name)
    }

    /// Makes the item name `shops` (empty: anywhere).
    public mutating func set(_ shops: Set<Int64>, for itemID: Int64) {
        byItem[itemID] = shops.isEmpty ? nil : shops
    }

    /// Whether the item is bought at `shopID`: it names it, or names none.
    public func isBought(_ itemID: Int64, at shopID: Int64) -> Bool {
        guard let shops = byItem[itemID] else { return true }
        return shops.contains(shopID)
    }

    /// Whether no item names a shop.
    public var isEmpty: Bool { byItem.isEmpty }
}
