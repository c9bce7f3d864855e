import Foundation
import Testing

@testable import GrocerCore

@Suite struct DecimalInputFilterTests {
    static let locales = ["en_US": ".", "de_DE": ",", "fr_FR": ","] as [String: Character]

    @Test(arguments: ["en_US", "de_DE", "fr_FR"])
    func takesTheLocalesSeparatorFromTheLocale(id: String) {
        let filter = DecimalInputFilter(locale: Locale(identifier: id))
        #expect(filter.decimalSeparator == Self.locales[id])
    }

    @Test(arguments: ["en_US", "de_DE", "fr_FR"])
    func acceptsEmptyAndEveryPrefixOfAValidDecimal(id: String) {
        let sep = Self.locales[id]!
        let filter = DecimalInputFilter(locale: Locale(identifier: id))
        for text in ["", "7", "72", "72\(sep)", "72\(sep)5", "72\(sep)55", "0", "0\(sep)5", "1500", "680"] {
            #expect(filter.accepts(text, unit: .lbs), "\(id): \(text)")
        }
    }

    @Test(arguments: [
        ("en_US", "72a", DecimalInputFilter.Rejection.notADigit("a")),
        ("en_US", "72.5.", .secondSeparator),
        ("en_US", "-7", .notADigit("-")),
        ("en_US", "72.555", .tooManyFractionDigits),
        ("en_US", "1500.01", .overMaximum(1500, .lbs)),
        ("en_US", "72,5", .notADigit(",")),
        ("en_US", ".", .notADigit(".")),
        ("en_US", "7 2", .notADigit(" ")),
        ("en_US", "1e3", .notADigit("e")),
        ("de_DE", "72.5,", .secondSeparator),
        ("de_DE", "72,5,", .secondSeparator),
        ("de_DE", "-1", .notADigit("-")),
        ("de_DE", "72,123", .tooManyFractionDigits),
        ("de_DE", "x", .notADigit("x")),
        ("fr_FR", "72,5,1", .secondSeparator),
        ("fr_FR", "12,345", .tooManyFractionDigits),
        ("fr_FR", "−3", .notADigit("−")),
        ("fr_FR", "٣", .notADigit("٣")),
        // Digits are whole characters: a combining mark makes "7" + U+0301
        // one character that is not a digit.
        ("en_US", "7\u{301}2", .notADigit("7\u{301}")),
        ("en_US", "72.5\u{301}", .notADigit("5\u{301}")),
        ("de_DE", "72,\u{301}5", .notADigit(",\u{301}")),
        ("en_US", "٧٢", .notADigit("٧")),
        ("en_US", "７２", .notADigit("７")),
        ("en_US", "7\u{FE0F}\u{20E3}", .notADigit("7\u{FE0F}\u{20E3}")),
    ])
    func rejectsEveryInvalidClass(id: String, text: String, expected: DecimalInputFilter.Rejection) {
        let filter = DecimalInputFilter(locale: Locale(identifier: id))
        #expect(filter.check(text, unit: .lbs) == expected)
    }

    @Test func theMaximumDependsOnTheUnit() {
        let filter = DecimalInputFilter(decimalSeparator: ".")
        #expect(filter.accepts("680", unit: .kg))
        #expect(filter.check("680.01", unit: .kg) == .overMaximum(680, .kg))
        #expect(filter.check("681", unit: .kg) == .overMaximum(680, .kg))
        #expect(filter.accepts("1500.00", unit: .lbs))
        #expect(filter.check("1501", unit: .lbs) == .overMaximum(1500, .lbs))
    }

    @Test func canonicalUsesADotAndDropsATrailingSeparator() {
        let filter = DecimalInputFilter(decimalSeparator: ",")
        #expect(filter.canonical("72,5") == "72.5")
        #expect(filter.canonical("72,") == "72")
        #expect(filter.decimal("72,25") == Decimal(string: "72.25"))
        #expect(filter.decimal("") == nil)
    }
}
