import GrocerCore

/// The manage screen's work on shops (`GroceriesRequest.shop`), each
/// answered with `GroceriesResult.shopChanged` naming it and the catalog
/// as the store has it now.
public enum ShopRequest: Equatable, Sendable {
    case add(String)
    case rename(id: Int64, to: String)
    /// Deletes the shop, its aisle order and its name on every item;
    /// answered with `GroceriesResult.shopDeleted` (for `u`).
    case delete(id: Int64)
    /// Makes a deleted shop again, with its aisle order, hidden aisles and
    /// items (guarded: `StoreShops.undo`); answered with
    /// `GroceriesResult.shopUndone`.
    case undoDelete(ShopDeletion)
    /// The shop's own order of aisles: `aisles` first, in this order.
    case order(shop: Int64, aisles: [Int64])
    /// Hides the aisle in the shop (it does not have it), or shows it.
    case hide(shop: Int64, aisle: Int64, hidden: Bool)
}
