import Foundation
import GrocerCore

/// The weight screen's optional body fat field (issue 34): the weight
/// field's typing rules (digits and one decimal separator, at most 2
/// decimals, `DecimalInputFilter`), and below 100. A refused character
/// leaves the text as it was and says why.
public struct BodyFatField: Equatable, Sendable {
    public private(set) var text = ""
    public let filter: DecimalInputFilter

    public init(filter: DecimalInputFilter) {
        self.filter = filter
    }

    /// Appends `ch` when the text stays the start of a body fat; else the
    /// reason, the text unchanged.
    public mutating func insert(_ ch: Character) -> String? {
        let candidate = text + String(filter.normalized(ch))
        let separator = filter.decimalSeparator
        switch filter.check(candidate, unit: .kg) {
        case .notADigit(let typed)? where typed == separator: return "Type a digit before “\(separator)”."
        case .notADigit(let typed)?: return "“\(typed)” is not allowed in the body fat: type digits and one “\(separator)”."
        case .secondSeparator?: return "Only one “\(separator)” is allowed."
        case .tooManyFractionDigits?: return "At most 2 digits after “\(separator)”."
        case .overMaximum?: return Self.rangeRule
        case nil: break
        }
        if let whole = candidate.split(separator: separator, omittingEmptySubsequences: false).first, whole.count > 2 {
            return Self.rangeRule
        }
        text = candidate
        return nil
    }

    static let rangeRule = "Body fat is a percentage below 100, e.g. 18.4."

    public mutating func deleteBackward() -> Bool {
        guard !text.isEmpty else { return false }
        text.removeLast()
        return true
    }

    public mutating func clear() { text = "" }

    /// The body fat typed; nil while empty, incomplete ("18.") or 0.
    public var bodyFat: BodyFat? { text.isEmpty ? nil : BodyFat(digits: filter.canonical(text)) }
}
