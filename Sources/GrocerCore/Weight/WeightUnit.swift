import Foundation

/// The two units a weight can be typed in. The raw value is what the store
/// keeps and what scripts type (`--unit kg`).
public enum WeightUnit: String, CaseIterable, Sendable, Codable {
    case lbs
    case kg

    /// The largest weight the entry field accepts in this unit.
    public var maximum: Decimal {
        switch self {
        case .lbs: return 1500
        case .kg: return 680
        }
    }

    /// What the picker lists.
    public var displayName: String {
        switch self {
        case .lbs: return "Pounds (lbs)"
        case .kg: return "Kilograms (kg)"
        }
    }

    /// Exact: one pound is 0.45359237 kg by definition.
    public static let kilogramsPerPound = Decimal(string: "0.45359237")!
}
