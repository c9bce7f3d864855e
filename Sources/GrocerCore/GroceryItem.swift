import Foundation

/// A unit a grocery item is counted in ("kg", "bottle"). Named
/// `GroceryUnit`, not `Unit`, so it never clashes with Foundation's `Unit`.
public struct GroceryUnit: Equatable, Hashable, Sendable, Identifiable {
    public let id: Int64
    public let name: String

    public init(id: Int64, name: String) {
        self.id = id
        self.name = name
    }
}

/// One entry of the grocery list.
public struct GroceryItem: Equatable, Hashable, Sendable, Identifiable {
    public let id: Int64
    public let name: String
    public let quantity: Int
    public let unit: GroceryUnit?
    /// On the shopping list.
    public let listed: Bool
    /// Ticked off in the shop.
    public let collected: Bool

    public init(id: Int64, name: String, quantity: Int, unit: GroceryUnit?, listed: Bool, collected: Bool) {
        self.id = id
        self.name = name
        self.quantity = quantity
        self.unit = unit
        self.listed = listed
        self.collected = collected
    }
}
