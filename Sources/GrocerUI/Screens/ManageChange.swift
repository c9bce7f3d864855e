import GrocerCore

/// One change the manage screen's `u` undoes, newest first: a rename or a
/// delete of a unit, place or aisle, or a shop's delete (issue 33).
public enum ManageChange: Equatable, Sendable {
    case name(GroceryNameChange)
    case shop(ShopDeletion)

    /// The request that undoes it.
    var undoRequest: GroceriesRequest {
        switch self {
        case .name(let change): return .undoName(change)
        case .shop(let deletion): return .shop(.undoDelete(deletion))
        }
    }
}
