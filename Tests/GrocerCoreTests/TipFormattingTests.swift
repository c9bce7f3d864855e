import Foundation
import GrocerCore
import Testing

@testable import GrocerCore

@Suite struct TipFormattingTests {
    private static func locale(_ id: String) -> Locale { Locale(identifier: id) }

    @Test(arguments: [
        ("en_US", "5632", "$56.32"),
        ("de_DE", "5632", "56,32\u{A0}€"),
        ("fr_FR", "5632", "56,32\u{A0}€"),
        ("ja_JP", "5632", "¥5,632"),
        ("en_US", "999999999999", "$9,999,999,999.99"),
        ("de_DE", "999999999999", "9.999.999.999,99\u{A0}€"),
        ("fr_FR", "999999999999", "9\u{202F}999\u{202F}999\u{202F}999,99\u{A0}€"),
        ("ja_JP", "999999999999", "¥999,999,999,999"),
        ("en_US", "", "$0.00"),
        ("ja_JP", "", "¥0"),
    ])
    func moneyFollowsTheLocale(identifier: String, digits: String, expected: String) {
        let l = Self.locale(identifier)
        #expect(bill(digits, Currency(locale: l)).formatted(l) == expected)
    }

    @Test(arguments: [("en_US", 18, "18%"), ("de_DE", 18, "18\u{A0}%"), ("fr_FR", 5, "5\u{A0}%"), ("ja_JP", 30, "30%"), ("en_US", 0, "0%")])
    func percentsFollowTheLocale(identifier: String, percent: Int, expected: String) {
        #expect(PercentFormat.string(percent, locale: Self.locale(identifier)) == expected)
    }

    @Test(arguments: [["LANG": "C"], ["LANG": "C.UTF-8"], ["LC_ALL": "POSIX"], ["LC_MONETARY": "C", "LANG": "de_DE.UTF-8"], [:]])
    func theCLocaleFormatsAsUSEnglish(environment: [String: String]) {
        let l = UserLocale.locale(for: .monetary, environment: Environment(environment))
        let text = bill("5632", Currency(locale: l)).formatted(l)
        #expect(text == "$56.32")
        #expect(!text.contains("¤"))
    }

    @Test func unevenSharesReadAsCountsTimesAmounts() {
        let f = TipFormatter(locale: Self.locale("de_DE"))
        let even = TipCalculation(bill: bill("6477", Currency(code: "EUR")), percent: 0, people: 3)
        let uneven = TipCalculation(bill: bill("6646", Currency(code: "EUR")), percent: 0, people: 3)
        #expect(f.shareLines(even) == ["21,59\u{A0}€"])
        #expect(f.shareLines(uneven) == ["1 × 22,16\u{A0}€", "2 × 22,15\u{A0}€"])
    }
}
