import Foundation
import Testing

@testable import GrocerCore

@Suite struct CurrencyTests {
    @Test(arguments: [
        ("USD", 2), ("EUR", 2), ("GBP", 2), ("JPY", 0), ("KRW", 0), ("BHD", 3), ("KWD", 3), ("TND", 3), ("usd", 2),
    ])
    func minorDigitsComeFromFoundation(code: String, digits: Int) {
        #expect(Currency(code: code).minorDigits == digits)
        #expect(Currency(code: code).code == code.uppercased())
    }

    @Test(arguments: [("en_US", "USD"), ("de_DE", "EUR"), ("fr_FR", "EUR"), ("ja_JP", "JPY"), ("ar_BH", "BHD"), ("en", "USD")])
    func aLocaleBringsItsCurrency(identifier: String, code: String) {
        #expect(Currency(locale: Locale(identifier: identifier)).code == code)
    }
}
