import Foundation

/// What quick entry does to an item that exists (issue 33), decided before
/// Enter is pressed so that the add line can say it: the screen's preview,
/// the store's add and `grocer items add` take the same decision.
public enum GroceryAddOutcome: Equatable, Sendable {
    /// Off the list (or ticked: bought already): back on it, with the typed
    /// quantity, or the one it had when none was typed.
    case putBack(GroceryItem)
    /// On the list: the typed amount added to its own (`QuantitySum`), or
    /// kept beside it when the units do not convert ("2 cans + 400 g").
    case added(GroceryItem)
    /// `--replace`: the typed quantity instead of the one it had.
    case replaced(GroceryItem)
    /// On the list and no quantity typed: nothing to do.
    case unchanged(GroceryItem)

    /// The item as it will be.
    public var item: GroceryItem {
        switch self {
        case .putBack(let item), .added(let item), .replaced(let item), .unchanged(let item): return item
        }
    }
}

/// Why an amount cannot be added to an item, with what to do instead.
public enum GroceryAddProblem: Error, Equatable, Sendable {
    /// The sum would be over `GroceryQuantity.maximum`.
    case overMaximum(name: String)
    /// The item holds two amounts already and the typed one converts to
    /// neither.
    case noRoom(name: String, holds: String)

    public var message: String {
        switch self {
        case .overMaximum(let name):
            return "\(PlainText.visible(name)) would hold more than \(GroceryQuantity.maximum); edit its quantity instead."
        case .noRoom(let name, let holds):
            return "\(PlainText.visible(name)) holds \(holds) already; edit it to change the amounts."
        }
    }
}

extension GroceryItem {
    /// This item after quick entry names it with `typed` (nil: a name
    /// alone) in `typedUnit` (nil: the item's own unit). See
    /// `GroceryAddOutcome`; `replace` sets the quantity instead of adding.
    public func adding(
        _ typed: GroceryQuantity?, unit typedUnit: GroceryUnit?, replace: Bool = false, locale: Locale
    ) -> Result<GroceryAddOutcome, GroceryAddProblem> {
        guard listed, !collected else { return .success(.putBack(relisted(quantity: typed, unit: typedUnit))) }
        guard let typed else { return .success(.unchanged(self)) }
        guard !replace, let held = amount else {
            return .success(.replaced(relisted(quantity: typed, unit: typedUnit)))
        }
        let unit = typedUnit ?? self.unit
        let adding = QuantitySum.Amount(typed, unit?.name)
        switch QuantitySum.add(adding, to: QuantitySum.Amount(held, self.unit?.name)) {
        case .summed(let sum, let side):
            return .success(.added(with(amount: sum, unit: side == .held ? self.unit : unit, second: second)))
        case .overMaximum:
            return .failure(.overMaximum(name: name))
        case .apart:
            break
        }
        guard let second else {
            return .success(.added(with(amount: held, unit: self.unit, second: GroceryAmount(typed, unit))))
        }
        switch QuantitySum.add(adding, to: QuantitySum.Amount(second.quantity, second.unit?.name)) {
        case .summed(let sum, let side):
            let kept = GroceryAmount(sum, side == .held ? second.unit : unit)
            return .success(.added(with(amount: held, unit: self.unit, second: kept)))
        case .overMaximum:
            return .failure(.overMaximum(name: name))
        case .apart:
            return .failure(.noRoom(name: name, holds: amountText(locale: locale)))
        }
    }

    /// This item with another amount (and the whole `quantity` that
    /// version 4 readers see).
    func with(amount: GroceryQuantity, unit: GroceryUnit?, second: GroceryAmount?) -> GroceryItem {
        let whole = relisted(quantity: amount, unit: unit)
        return GroceryItem(
            id: id, name: name, quantity: whole.quantity, unit: unit, listed: listed, collected: collected, place: place,
            aisle: aisle, amount: amount, second: second, note: note)
    }
}

extension GroceryItemChange {
    /// Quick entry naming an item that exists, as `GroceryItem.adding`
    /// decided, ending as `after` (the outcome's item, with any aisle or
    /// place typed): labelled for undo by what it did.
    public static func adding(_ outcome: GroceryAddOutcome, to item: GroceryItem, after: GroceryItem, typed: String) -> Self {
        let label: String
        switch outcome {
        case .putBack, .unchanged: label = "put \(item.name) on the list"
        case .added: label = "add \(typed) to \(item.name)"
        case .replaced: label = "set \(item.name) to \(typed)"
        }
        return Self(label: label, edits: [Edit(before: item, after: after)])
    }
}
