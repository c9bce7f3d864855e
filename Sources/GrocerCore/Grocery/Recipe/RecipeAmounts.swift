import Foundation

extension IngredientLine {
    /// The line for a recipe made `factor` times over: measured amounts
    /// exact (to three decimals, rounded up), counted ones whole and rounded
    /// up (1.5 eggs are 2 eggs; half a can is a can).
    public func scaled(by factor: Decimal) -> IngredientLine {
        guard let quantity, factor > 0 else { return self }
        var line = self
        let counted = unit.map { IngredientUnits.counted.contains($0) } ?? true
        line.quantity = Self.roundedUp(quantity * factor, digits: counted ? 0 : 3)
        return line
    }

    /// The amount as the list keeps it (more than 0, at most 9999, three
    /// decimals: rounded up); nil when the line gives none or it is beyond
    /// what the list keeps.
    public var groceryQuantity: GroceryQuantity? {
        guard let quantity else { return nil }
        let rounded = Self.roundedUp(quantity, digits: 3)
        guard rounded > 0, rounded <= GroceryQuantity.maximum else { return nil }
        return try? GroceryQuantity(canonical: "\(rounded)")
    }

    static func roundedUp(_ value: Decimal, digits: Int) -> Decimal {
        var value = value
        var rounded = Decimal()
        NSDecimalRound(&rounded, &value, digits, .up)
        return rounded
    }
}

/// How many a recipe serves, from its yield as sites write it: 4, "4",
/// "8 servings", "Serves 4-6" (the first number), "Für 4 Personen".
public enum RecipeYield {
    public static func servings(_ text: String) -> Decimal? {
        var words = IngredientLine.clean(text).split(separator: " ").map(String.init)[...]
        while !words.isEmpty {
            var rest = words
            if let value = IngredientLine.readQuantity(&rest), value <= 1000 { return value }
            words = words.dropFirst()
        }
        return nil
    }
}
