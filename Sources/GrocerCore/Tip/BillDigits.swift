import Foundation

/// The bill as typed: digits only, counted in the currency's minor unit
/// (5632 is 56.32 dollars or 5632 yen). Leading zeros are dropped, so they
/// never count towards the 12-digit maximum.
public struct BillDigits: Equatable, Hashable, Sendable {
    public static let maximumCount = 12

    public enum Rejection: Error, Equatable, Sendable {
        case notADigit(Character)
        case tooManyDigits
    }

    /// The significant digits, without leading zeros; empty for no bill.
    public private(set) var digits: String

    public init() { digits = "" }

    /// Takes a whole string at once, as `grocer tip 5632` does.
    public init(_ text: String) throws(Rejection) {
        self.init()
        for ch in text {
            if let rejection = append(ch) { throw rejection }
        }
    }

    public var isEmpty: Bool { digits.isEmpty }

    /// Appends one typed character; nil when taken, else why not (and the
    /// digits are unchanged).
    @discardableResult
    public mutating func append(_ ch: Character) -> Rejection? {
        guard ch.isASCIIDigit else { return .notADigit(ch) }
        if digits.isEmpty && ch == "0" { return nil }
        guard digits.count < Self.maximumCount else { return .tooManyDigits }
        digits.append(ch)
        return nil
    }

    /// Removes the last digit; false when there was none.
    @discardableResult
    public mutating func removeLast() -> Bool {
        guard !digits.isEmpty else { return false }
        digits.removeLast()
        return true
    }

    /// The bill in `currency`; zero when empty.
    public func money(in currency: Currency) -> Money {
        let units = digits.isEmpty ? 0 : Decimal(string: digits)!
        return Money(minorUnits: units, currency: currency)
    }
}
