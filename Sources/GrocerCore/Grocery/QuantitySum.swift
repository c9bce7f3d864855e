import Foundation

/// How two amounts of one item add up when an item on the list is added
/// again (issue 33): "3 eggs" and "3 eggs" are 6 eggs, "2 kg" and "500 g"
/// are 2.5 kg, "2 cans" and "400 g" are both kept ("2 cans + 400 g").
///
/// - The same unit (by name, ignoring case; no unit and no unit too) is
///   summed in it.
/// - Units of one kind convert: g and kg; ml and l; oz and lb; tsp, tbsp
///   and cup (plurals "lbs", "cups", ... too). The sum is in the larger of
///   the two units when that keeps it exact (at most three fraction
///   digits: 2 kg + 500 g = 2.5 kg), else in the smaller (2 kg + 0.5 g =
///   2000.5 g), which is always exact.
/// - Any other two units do not convert (g and oz neither: the sum would
///   not be exact): `add` returns nil and the caller keeps both.
/// - A sum over `GroceryQuantity.maximum` in the unit it would take is
///   `.overMaximum`: refused, nothing changed.
public enum QuantitySum {
    /// One side of a sum: a quantity and its unit's name, nil for none.
    public struct Amount: Equatable, Sendable {
        public var quantity: GroceryQuantity
        public var unit: String?

        public init(_ quantity: GroceryQuantity, _ unit: String?) {
            self.quantity = quantity
            self.unit = unit
        }
    }

    /// Which side's unit the sum is in.
    public enum Side: Equatable, Sendable {
        case held, added
    }

    public enum Outcome: Equatable, Sendable {
        /// Summed in the unit of `side`.
        case summed(GroceryQuantity, in: Side)
        /// The units do not convert: keep both.
        case apart
        /// The sum would be over `GroceryQuantity.maximum`.
        case overMaximum
    }

    /// A kind of unit and each unit's size in the smallest of the kind.
    private static let sizes: [String: (kind: Int, size: Decimal)] = [
        "g": (0, 1), "kg": (0, 1000),
        "ml": (1, 1), "l": (1, 1000),
        "oz": (2, 1), "lb": (2, 16), "lbs": (2, 16),
        "tsp": (3, 1), "tsps": (3, 1), "tbsp": (3, 3), "tbsps": (3, 3), "cup": (3, 48), "cups": (3, 48),
    ]

    private static func key(_ unit: String?) -> String? {
        unit.map { $0.lowercased(with: Locale(identifier: "en_US_POSIX")).trimmingCharacters(in: .whitespaces) }
    }

    /// `added` added to `held`.
    public static func add(_ added: Amount, to held: Amount) -> Outcome {
        let heldKey = key(held.unit)
        let addedKey = key(added.unit)
        if heldKey == addedKey {
            return quantity(held.quantity.decimal + added.quantity.decimal).map { .summed($0, in: .held) } ?? .overMaximum
        }
        guard let heldKey, let addedKey, let heldSize = sizes[heldKey], let addedSize = sizes[addedKey],
            heldSize.kind == addedSize.kind
        else { return .apart }
        let smallest = held.quantity.decimal * heldSize.size + added.quantity.decimal * addedSize.size
        if heldSize.size == addedSize.size {
            return quantity(smallest / heldSize.size).map { .summed($0, in: .held) } ?? .overMaximum
        }
        let (larger, smaller): (Side, Side) = heldSize.size > addedSize.size ? (.held, .added) : (.added, .held)
        let largerSize = max(heldSize.size, addedSize.size)
        let smallerSize = min(heldSize.size, addedSize.size)
        let inLarger = smallest / largerSize
        if exact(inLarger) {
            return quantity(inLarger).map { .summed($0, in: larger) } ?? .overMaximum
        }
        return quantity(smallest / smallerSize).map { .summed($0, in: smaller) } ?? .overMaximum
    }

    /// Whether `value` has at most the quantity's fraction digits.
    private static func exact(_ value: Decimal) -> Bool {
        var scaled = value * 1000
        var rounded = Decimal()
        NSDecimalRound(&rounded, &scaled, 0, .plain)
        return rounded == scaled
    }

    private static func quantity(_ value: Decimal) -> GroceryQuantity? {
        guard exact(value), value <= GroceryQuantity.maximum else { return nil }
        var text = value
        var rounded = Decimal()
        NSDecimalRound(&rounded, &text, 3, .plain)
        let canonical = NSDecimalNumber(decimal: rounded).description(withLocale: Locale(identifier: "en_US_POSIX"))
        return try? GroceryQuantity(canonical: canonical)
    }
}
