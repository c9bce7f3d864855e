/// The names items may point at: a unit, a place at home, an aisle at the
/// shop. The one kind the store's name operations (`Store.names(_:)`), its
/// errors, the commands and the manage screen speak of.
public enum GroceryNameKind: String, CaseIterable, Equatable, Sendable {
    // The manage screen's lists come in this order.
    case unit, place, aisle

    /// "storage place", for "has no storage place named ...".
    public var noun: String {
        switch self {
        case .unit: return "unit"
        case .place: return "storage place"
        case .aisle: return "aisle"
        }
    }

    /// "an aisle", "a unit".
    public var article: String { self == .aisle ? "an" : "a" }

    /// The manage screen's title for the list of them.
    public var title: String {
        switch self {
        case .unit: return "Units"
        case .place: return "Places at home"
        case .aisle: return "Aisles"
        }
    }

    /// The item's unit, place or aisle id, if it has one.
    public func id(of item: GroceryItem) -> Int64? {
        switch self {
        case .unit: return item.unit?.id
        case .place: return item.place?.id
        case .aisle: return item.aisle?.id
        }
    }
}
