import Foundation
import Testing

@testable import GrocerCore

/// A separator on no common keyboard (ar_EG's U+066B) also takes `.` and `,`;
/// a locale whose separator is on the keyboard takes only its own.
@Suite struct DecimalSeparatorKeyboardTests {
    @Test func arabicEgyptUsesTheArabicDecimalSeparator() {
        #expect(DecimalInputFilter(locale: Locale(identifier: "ar_EG")).decimalSeparator == "\u{66B}")
    }

    @Test(arguments: ["72.5", "72,5", "72\u{66B}5", "72.", "0,25"])
    func arabicEgyptAlsoTakesDotAndComma(text: String) {
        let filter = DecimalInputFilter(locale: Locale(identifier: "ar_EG"))
        #expect(filter.accepts(text, unit: .kg))
        #expect(filter.decimal(text) == Decimal(string: filter.canonical(text), locale: Locale(identifier: "en_US_POSIX")))
        #expect(!filter.canonical(text).contains(","))
    }

    @Test func arabicEgyptTakesOneSeparatorWhicheverIsTyped() {
        let filter = DecimalInputFilter(decimalSeparator: "\u{66B}")
        #expect(filter.check("72.5,", unit: .kg) == .secondSeparator)
        #expect(filter.canonical("72,5") == "72.5")
        #expect(filter.normalized(".") == "\u{66B}")
        #expect(filter.normalized("7") == "7")
    }

    @Test(arguments: [("de_DE", Character(".")), ("en_US", ","), ("fr_FR", ".")])
    func aKeyboardSeparatorTakesNoOther(id: String, other: Character) {
        let filter = DecimalInputFilter(locale: Locale(identifier: id))
        #expect(filter.check("72\(other)5", unit: .kg) == .notADigit(other))
        #expect(filter.normalized(other) == other)
    }
}
