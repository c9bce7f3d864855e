import GrocerCore

/// A weight typed on the command line: '.' as the separator, whole ASCII
/// digits only, at most two decimals, above 0 and at most the unit's maximum.
public enum WeightParsing {
    public static func parse(_ text: String, unit: WeightUnit) throws(CommandError) -> Weight {
        let filter = DecimalInputFilter(decimalSeparator: ".")
        let rejection = filter.check(text, unit: unit)
        if case .overMaximum(let maximum, let unit)? = rejection {
            throw .overMaximum(text, maximum: maximum, unit: unit)
        }
        guard rejection == nil, !text.hasSuffix("."), let weight = Weight(digits: text, unit: unit) else {
            throw .notAWeight(text)
        }
        return weight
    }
}
