import Foundation
import Testing

@testable import GrocerCore

/// grocer's one rule for decimals: the locale's separator and `.`; a
/// separator on no common keyboard (ar_EG's U+066B) also takes `,`.
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

    /// Where the separator is "." a "," is refused (it groups thousands).
    @Test func whereTheSeparatorIsADotACommaIsRefused() {
        let filter = DecimalInputFilter(locale: Locale(identifier: "en_US"))
        #expect(filter.check("72,5", unit: .kg) == .notADigit(","))
        #expect(filter.normalized(",") == ",")
    }

    /// Where it is ",", "." is taken too and kept as the locale's.
    @Test(arguments: ["de_DE", "fr_FR"])
    func whereTheSeparatorIsACommaADotIsTakenToo(id: String) {
        let filter = DecimalInputFilter(locale: Locale(identifier: id))
        #expect(filter.accepts("72.5", unit: .kg) && filter.accepts("72,5", unit: .kg))
        #expect(filter.normalized(".") == "," && filter.canonical("72,5") == "72.5")
        #expect(filter.check("72.5,", unit: .kg) == .secondSeparator)
    }
}
