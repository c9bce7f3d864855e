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
    /// Where it is kept at home, if the person said.
    public let place: GroceryPlace?
    /// Where it is in the shop, if the person said.
    public let aisle: GroceryAisle?
    /// The exact quantity (1.5 kg) when the store holds one; nil for a
    /// version 4 row, whose whole-number `quantity` is all there is. Version 5
    /// should fill it for every row (and `quantity` then holds it rounded).
    public let amount: GroceryQuantity?
    /// A second amount in a unit that does not convert to `unit`'s, kept
    /// when one was added ("2 cans + 400 g", `QuantitySum`); nil for none.
    public let second: GroceryAmount?
    /// One line of the person's ("the organic one"); empty for none.
    public let note: String

    public init(
        id: Int64, name: String, quantity: Int, unit: GroceryUnit?, listed: Bool, collected: Bool,
        place: GroceryPlace? = nil, aisle: GroceryAisle? = nil, amount: GroceryQuantity? = nil,
        second: GroceryAmount? = nil, note: String = ""
    ) {
        self.id = id
        self.name = name
        self.quantity = quantity
        self.unit = unit
        self.listed = listed
        self.collected = collected
        self.place = place
        self.aisle = aisle
        self.amount = amount
        self.second = second
        self.note = note
    }

    /// The quantity as the person reads it: "1,5" in de_DE, "2", or a
    /// version 4 row's whole number as it is (even 0 or negative, which old
    /// stores may hold).
    public func quantityText(locale: Locale) -> String {
        amount?.formatted(locale: locale) ?? String(quantity)
    }

    /// The quantity with its unit and any second amount: "2.5 kg",
    /// "2 cans + 400 g", "6".
    public func amountText(locale: Locale) -> String {
        var text = quantityText(locale: locale)
        if let unit { text += " " + PlainText.visible(unit.name) }
        if let second { text += " + " + second.text(locale: locale) }
        return text
    }
}

/// An amount with its unit: an item's second amount ("400 g" of "2 cans
/// + 400 g").
public struct GroceryAmount: Equatable, Hashable, Sendable {
    public let quantity: GroceryQuantity
    public let unit: GroceryUnit?

    public init(_ quantity: GroceryQuantity, _ unit: GroceryUnit?) {
        self.quantity = quantity
        self.unit = unit
    }

    /// "400 g", "3".
    public func text(locale: Locale) -> String {
        quantity.formatted(locale: locale) + (unit.map { " " + PlainText.visible($0.name) } ?? "")
    }
}

extension GroceryItem {
    /// Whether the item holds what `other` holds, by the store's own
    /// columns: the name, the quantity, the references by id (a unit,
    /// place or aisle renamed elsewhere does not make it another item),
    /// on the list, ticked.
    public func holdsSame(as other: GroceryItem) -> Bool {
        id == other.id && name == other.name && quantity == other.quantity && amount == other.amount
            && unit?.id == other.unit?.id && place?.id == other.place?.id && aisle?.id == other.aisle?.id
            && listed == other.listed && collected == other.collected && note == other.note
            && second?.quantity == other.second?.quantity && second?.unit?.id == other.second?.unit?.id
    }
}
