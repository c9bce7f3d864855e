/// A shop deleted on the manage screen, with what undoing it needs (issue
/// 33): the shop as it was (its name, its own order of the aisles and the
/// aisles it hid) and the items that named it then.
public struct ShopDeletion: Equatable, Sendable {
    public let shop: GroceryShop
    /// The ids of the items that named the shop, lowest first.
    public let itemIDs: [Int64]

    public init(shop: GroceryShop, itemIDs: [Int64]) {
        self.shop = shop
        self.itemIDs = itemIDs.sorted()
    }

    /// What it did, for the status line: "delete Market".
    public var label: String { "delete \(shop.name)" }

    /// What an undo did. It never takes what another grocer made since: a
    /// shop of that name added meanwhile leaves it undone (`done` false,
    /// nothing written); an aisle or an item deleted since is left out
    /// (`skippedItems` counts the items).
    public struct Undone: Equatable, Sendable {
        public let deletion: ShopDeletion
        /// Whether the shop was made again.
        public let done: Bool
        /// Items that named it and are gone now.
        public let skippedItems: Int

        public init(deletion: ShopDeletion, done: Bool, skippedItems: Int = 0) {
            self.deletion = deletion
            self.done = done
            self.skippedItems = skippedItems
        }
    }
}
