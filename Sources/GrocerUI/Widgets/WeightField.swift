import Foundation
import GrocerCore

/// The weight text field. It owns its filter: every change is checked and a
/// refused change leaves the text exactly as it was, with one exception: a
/// `,` where the locale's separator is `.` (where it groups thousands) is
/// kept as typed, and so are the digits after it, so that "72,5" is never
/// the "725" left by dropping it. Such text is not a weight: it cannot be
/// saved, and the screen says so in the command line's words
/// (`DecimalInputFilter.notAWeight`) until the comma is deleted.
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
        if let rejection = filter.check(candidate, unit: unit) {
            if Self.keepsAsTyped(candidate, filter: filter) { text = candidate }
            return rejection
        }
        text = candidate
        return nil
    }

    /// Holds a `,` that groups thousands here: not a weight as typed.
    public var holdsGroupingComma: Bool { text.contains(where: filter.isGroupingComma) }

    /// The most characters text holding such a comma keeps ("1,234.56").
    static let mostKeptAsTyped = 9

    /// Text with a grouping comma that is kept to be shown as typed: only
    /// digits, separators and commas, and no longer than a weight's text.
    static func keepsAsTyped(_ candidate: String, filter: DecimalInputFilter) -> Bool {
        candidate.contains(where: filter.isGroupingComma) && candidate.count <= mostKeptAsTyped
            && candidate.allSatisfy { $0.isASCIIDigit || filter.isSeparator($0) || filter.isGroupingComma($0) }
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

    /// The value to save, or nil while the text is empty, incomplete or
    /// holds a grouping comma.
    public func weight(unit: WeightUnit) -> Weight? {
        guard !holdsGroupingComma else { return nil }
        return Weight(digits: filter.canonical(text), unit: unit)
    }
}
