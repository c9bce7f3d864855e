import Foundation

/// What sync carries of a grocery item: the fields a phone or another
/// grocer can change. Names (the unit's, the aisle's, the place's) travel
/// as text; the store maps them to its rows. Being on the server means
/// being on the list: a phone deleting the VTODO takes the item off it.
public struct SyncedItem: Equatable, Hashable, Sendable {
    public var name: String
    public var quantity: GroceryQuantity
    /// The unit's name ("kg"), nil for none.
    public var unit: String?
    /// The aisle's name, nil for none.
    public var aisle: String?
    /// The place at home, nil for none.
    public var place: String?
    public var ticked: Bool
    /// The shops it is bought at, by name, in the store's order of shops;
    /// empty: anywhere (or not said: a phone that dropped X-GROCER-SHOPS).
    public var shops: [String] = []
    /// The item's note, one line (`WeightNote`'s rules), "" for none: the
    /// VTODO's DESCRIPTION (issue 33).
    public var note: String
    /// The second amount, in a unit that does not convert to `unit`'s
    /// ("400 g" of "2 cans + 400 g"); nil for none.
    public var second: Second?

    /// A second amount: its quantity and its unit's name (nil for none).
    public struct Second: Equatable, Hashable, Sendable {
        public var quantity: GroceryQuantity
        public var unit: String?

        public init(_ quantity: GroceryQuantity, _ unit: String?) {
            self.quantity = quantity
            self.unit = unit
        }

        /// "400 g", "3": canonical digits, as the SUMMARY writes them.
        public var text: String { [quantity.canonical, unit].compactMap { $0 }.joined(separator: " ") }
    }

    public init(
        name: String, quantity: GroceryQuantity = .one, unit: String? = nil, aisle: String? = nil, place: String? = nil, ticked: Bool = false,
        note: String = ""
    ) {
        self.name = name
        self.quantity = quantity
        self.unit = unit
        self.aisle = aisle
        self.place = place
        self.ticked = ticked
        self.note = note
    }

    /// The item's synced fields: its exact amount (or its whole quantity),
    /// unit, aisle, place and tick.
    public init(_ item: GroceryItem) {
        let quantity = item.amount ?? (try? GroceryQuantity(item.quantity)) ?? .one
        self.init(
            name: item.name, quantity: quantity, unit: item.unit?.name, aisle: item.aisle?.name, place: item.place?.name,
            ticked: item.collected, note: item.note)
        second = item.second.map { Second($0.quantity, $0.unit?.name) }
    }

    /// What a phone shows: "2 kg flour", "3 apples", "milk" (a quantity of
    /// one with no unit is not written), "2 can + 400 g tomatoes" with a
    /// second amount. The quantity is canonical ("1.5"): every reader's
    /// quick entry takes `.` as a separator.
    public var summary: String {
        if quantity == .one && unit == nil && second == nil { return name }
        let first = [quantity.canonical, unit].compactMap { $0 }.joined(separator: " ")
        return [first, second.map { "+ " + $0.text }, name].compactMap { $0 }.joined(separator: " ")
    }

    /// This item (new from the server) joined to `known`, the item here
    /// that has its name (`sameName`): what this one says of the amount
    /// and the tick, the known name as the person spells it, and every
    /// field this one left empty (aisle, place: a phone's "3 Apples" says
    /// neither) kept from the known item, so a join never wipes them.
    public func joined(to known: SyncedItem) -> SyncedItem {
        var joined = filled(from: known)
        joined.name = known.name
        return joined
    }

    /// This item with each field it left empty (aisle, place, shops, note)
    /// taken from `other`: two sides that added one item (no copy agreed
    /// yet) lose nothing either of them said.
    public func filled(from other: SyncedItem) -> SyncedItem {
        var filled = self
        filled.aisle = aisle ?? other.aisle
        filled.place = place ?? other.place
        filled.shops = shops.isEmpty ? other.shops : shops
        if note.isEmpty { filled.note = other.note }
        return filled
    }

    /// Whether two names are one item's: equal in the locale's folding
    /// (case, accents, width), as grocer matches names (`NameKey`). Two
    /// people adding "Limes" and "limes" add one item.
    public static func sameName(_ a: String, _ b: String, locale: Locale) -> Bool {
        NameKey(a, locale: locale) == NameKey(b, locale: locale)
    }
}
