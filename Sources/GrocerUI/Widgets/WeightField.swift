import Foundation
import GrocerCore

/// The weight text field. It owns its filter: every change is checked and a
/// refused change leaves the text exactly as it was.
public struct WeightField: Equatable, Sendable {
    public private(set) var text = ""
    public let filter: DecimalInputFilter

    public init(filter: DecimalInputFilter) {
        self.filter = filter
    }

    /// Appends a typed character if the result is acceptable; `.` or `,`
    /// typed for a separator on no common keyboard shows as the locale's.
    public mutating func insert(_ ch: Character, unit: WeightUnit) -> DecimalInputFilter.Rejection? {
        let candidate = text + String(filter.normalized(ch))
        if let rejection = filter.check(candidate, unit: unit) { return rejection }
        text = candidate
        return nil
    }

    /// In stones: appends a typed character if the text can still become
    /// stones and pounds (`Stones.isPrefix`: whole stones, a space, pounds
    /// below 14); `.` or `,` shows as the locale's separator.
    public mutating func insertStones(_ ch: Character) -> Bool {
        let candidate = text + String(ch == " " ? ch : filter.normalized(ch))
        guard Stones.isPrefix(candidate, separator: filter.decimalSeparator) else { return false }
        text = candidate
        return true
    }

    /// Removes the last character; false when already empty.
    public mutating func deleteBackward() -> Bool {
        guard !text.isEmpty else { return false }
        text.removeLast()
        return true
    }

    public mutating func clear() { text = "" }

    /// The value to save, or nil while the text is empty or incomplete.
    public func weight(unit: WeightUnit) -> Weight? {
        Weight(digits: filter.canonical(text), unit: unit)
    }
}
