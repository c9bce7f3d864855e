import Foundation

extension Height {
    /// The body mass index of `weight` (in `unit`) at this height: kg/m²,
    /// rounded half away from zero to a tenth. Exact up to that rounding:
    /// kg = lbs x 0.45359237 and m = cm / 100 (an inch is 2.54 cm), so the
    /// index is kg x 10000 / cm², one decimal division.
    public func bodyMassIndex(of weight: Decimal, in unit: WeightUnit) -> Decimal {
        let kilograms = unit == .kg ? weight : weight * WeightUnit.kilogramsPerPound
        let cm = centimetres
        return (kilograms * 10000 / (cm * cm)).rounded(scale: 1)
    }
}

extension Height {
    /// "24.0", "22.2", "180.3": rounded half away from zero to a tenth,
    /// always with one decimal (a BMI, a height in the other unit).
    public static func tenths(_ value: Decimal) -> String {
        let text = value.rounded(scale: 1).description
        return text.contains(".") ? text : text + ".0"
    }
}
