/// What `grocer tip DIGITS [--custom PERCENT] [--split N]` asks for, checked.
public struct TipRequest: Equatable, Sendable {
    public let bill: BillDigits
    public let customPercent: Int
    public let people: Int

    public init(digits: String, customPercent: String? = nil, people: String? = nil) throws(TipInputError) {
        guard !digits.isEmpty else { throw .billNotDigits(digits) }
        do {
            bill = try BillDigits(digits)
        } catch {
            switch error {
            case .notADigit: throw .billNotDigits(digits)
            case .tooManyDigits: throw .billTooLong(digits)
            }
        }
        self.customPercent = try Self.whole(
            customPercent, default: TipCalculation.defaultCustomPercent,
            in: TipCalculation.percentRange, else: TipInputError.percentOutOfRange)
        self.people = try Self.whole(
            people, default: 1,
            in: TipCalculation.peopleRange, else: TipInputError.splitOutOfRange)
    }

    public func sheet(in currency: Currency) -> TipSheet {
        TipSheet(bill: bill.money(in: currency), customPercent: customPercent, people: people)
    }

    private static func whole(
        _ text: String?, default value: Int, in range: ClosedRange<Int>,
        else error: (String) -> TipInputError
    ) throws(TipInputError) -> Int {
        guard let text else { return value }
        guard !text.isEmpty, text.count <= 4, text.allSatisfy(\.isASCIIDigit),
            let n = Int(text), range.contains(n)
        else { throw error(text) }
        return n
    }
}

/// Invalid `grocer tip` input; `description` is the one-line message.
public enum TipInputError: Error, Equatable, Sendable, CustomStringConvertible {
    case billNotDigits(String)
    case billTooLong(String)
    case percentOutOfRange(String)
    case splitOutOfRange(String)

    public var description: String {
        let max = BillDigits.maximumCount
        let percents = TipCalculation.percentRange
        let people = TipCalculation.peopleRange
        switch self {
        case .billNotDigits(let s):
            return "bill \"\(s)\" is not a number of minor units: give 1 to \(max) digits only (5632 is 56.32)"
        case .billTooLong(let s):
            return "bill \"\(s)\" is too long: give 1 to \(max) digits (leading zeros do not count)"
        case .percentOutOfRange(let s):
            return "custom percent \"\(s)\" is out of range: give a whole percent from \(percents.lowerBound) to \(percents.upperBound)"
        case .splitOutOfRange(let s):
            return "split \"\(s)\" is out of range: give a whole number of people from \(people.lowerBound) to \(people.upperBound)"
        }
    }
}
