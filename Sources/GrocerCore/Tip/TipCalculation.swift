import Foundation

/// One tip column: a bill, a whole percent, the tip rounded to the minor
/// unit half up, the total (bill plus that rounded tip, so the amounts shown
/// always add up) and the total shared among some people, penny-exact.
/// Decimal arithmetic throughout, never floating point.
public struct TipCalculation: Equatable, Sendable {
    public static let standardPercent = 15
    public static let defaultCustomPercent = 18
    public static let percentRange = 0...30
    public static let peopleRange = 1...20

    public let bill: Money
    public let percent: Int
    public let people: Int
    public let tip: Money
    public let total: Money
    /// One share per person, largest first; they add up to `total`.
    public let shares: [Money]

    /// `percent` must lie in `percentRange` and `people` in `peopleRange`:
    /// callers validate input (see `TipRequest`, `TipScreen`).
    public init(bill: Money, percent: Int, people: Int = 1) {
        precondition(Self.percentRange.contains(percent), "tip percent \(percent) outside \(Self.percentRange)")
        precondition(Self.peopleRange.contains(people), "split \(people) outside \(Self.peopleRange)")
        self.bill = bill
        self.percent = percent
        self.people = people
        tip = Self.tip(on: bill, percent: percent)
        total = bill + tip
        shares = Self.shares(of: total, among: people)
    }

    /// `percent` percent of `bill`, rounded to the minor unit, half up.
    public static func tip(on bill: Money, percent: Int) -> Money {
        let exact = Decimal(sign: .plus, exponent: -2, significand: bill.amount * Decimal(percent))
        return Money(exactly: exact.rounded(scale: bill.currency.minorDigits, mode: .plain), currency: bill.currency)
    }

    /// `total` in `people` shares of whole minor units: where it does not
    /// divide evenly, the first shares are one minor unit higher.
    public static func shares(of total: Money, among people: Int) -> [Money] {
        let units = total.minorUnits
        let n = Decimal(people)
        let base = (units / n).rounded(scale: 0, mode: .down)
        let remainder = NSDecimalNumber(decimal: units - base * n).intValue
        return (0..<people).map { i in
            Money(minorUnits: i < remainder ? base + 1 : base, currency: total.currency)
        }
    }

    /// The shares grouped by amount, largest first: [3 × 22.15, 2 × 22.14].
    public var shareGroups: [ShareGroup] {
        var groups: [ShareGroup] = []
        for share in shares {
            if let last = groups.last, last.amount == share {
                groups[groups.count - 1] = ShareGroup(count: last.count + 1, amount: share)
            } else {
                groups.append(ShareGroup(count: 1, amount: share))
            }
        }
        return groups
    }

    /// What each person pays; for uneven shares, what the first ones pay.
    public var perPerson: Money { shares[0] }
}

/// `count` people each paying `amount`.
public struct ShareGroup: Equatable, Sendable {
    public let count: Int
    public let amount: Money
    public init(count: Int, amount: Money) {
        self.count = count
        self.amount = amount
    }
}

/// The whole sheet: one bill, the 15% column and the custom column, both
/// split among the same number of people.
public struct TipSheet: Equatable, Sendable {
    public let standard: TipCalculation
    public let custom: TipCalculation

    public init(bill: Money, customPercent: Int, people: Int) {
        standard = TipCalculation(bill: bill, percent: TipCalculation.standardPercent, people: people)
        custom = TipCalculation(bill: bill, percent: customPercent, people: people)
    }

    public var bill: Money { standard.bill }
    public var people: Int { standard.people }
    public var customPercent: Int { custom.percent }
}
