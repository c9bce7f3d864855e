import Foundation
import Testing

@testable import GrocerCore

@Suite struct BillDigitsTests {
    @Test(arguments: [
        ("5632", "5632"), ("0005632", "5632"), ("0", ""), ("000", ""), ("", ""),
        ("999999999999", "999999999999"), ("000000999999999999", "999999999999"),
    ])
    func leadingZerosDoNotCount(typed: String, kept: String) throws {
        #expect(try BillDigits(typed).digits == kept)
    }

    @Test func aThirteenthDigitIsRefusedAndChangesNothing() throws {
        var digits = try BillDigits("123456789012")
        let rejection = digits.append("3")
        #expect(rejection == .tooManyDigits)
        #expect(digits.digits == "123456789012")
        #expect(throws: BillDigits.Rejection.tooManyDigits) { try BillDigits("1234567890123") }
    }

    @Test(arguments: ["x", ".", ",", "-", " ", "٣", "５", "7\u{301}", "0\u{301}", "7\u{FE0F}\u{20E3}"] as [Character])
    func onlyASCIIDigitsAreTaken(ch: Character) {
        var digits = BillDigits()
        digits.append("5")
        let rejection = digits.append(ch)
        #expect(rejection == .notADigit(ch))
        #expect(digits.digits == "5")
    }

    @Test func backspaceRemovesTheLastDigitUntilEmpty() throws {
        var digits = try BillDigits("56")
        var removed = digits.removeLast()
        #expect(removed && digits.digits == "5")
        removed = digits.removeLast()
        #expect(removed && digits.isEmpty)
        removed = digits.removeLast()
        #expect(!removed && digits.isEmpty)
    }

    @Test(arguments: [
        ("5632", "USD", "56.32"), ("5632", "JPY", "5632"), ("5632", "BHD", "5.632"), ("5", "USD", "0.05"),
        ("5", "KWD", "0.005"), ("", "USD", "0.00"), ("", "JPY", "0"), ("", "BHD", "0.000"),
        ("999999999999", "USD", "9999999999.99"),
    ])
    func digitsAreMinorUnits(digits: String, code: String, decimal: String) {
        let money = bill(digits, Currency(code: code))
        #expect(money.decimalString == decimal)
        #expect(money.amount == Decimal(string: decimal)!)
    }

    /// "5632" with a combining mark after the 5 was once read as "632"
    /// minus a digit: $0.05. It is refused whole.
    @Test(arguments: ["5\u{301}632", "٥٦٣٢", "５６３２", "56\u{300}32"])
    func aBillWithAnythingButWholeASCIIDigitsIsRefused(text: String) {
        #expect(throws: BillDigits.Rejection.self) { try BillDigits(text) }
        #expect(throws: TipInputError.billNotDigits(text)) { try TipRequest(digits: text) }
    }
}
