import Foundation
import GrocerCLI
import GrocerCore
import Testing

@Suite struct WeightParsingTests {
    static let en = Locale(identifier: "en_US")

    @Test(arguments: [("72.5", "72.5"), ("072.50", "72.50"), ("1500", "1500"), ("0.01", "0.01")])
    func takesAPlainDecimal(text: String, digits: String) throws {
        #expect(try WeightParsing.parse(text, unit: .lbs, locale: Self.en).digits == digits)
    }

    @Test(arguments: [
        "7\u{301}2", "٧٢", "７２", "7２", "72.\u{301}5", "72,5", "72.", ".", "", "0", "0.00", "72.555", "-1", "1e3", " 72",
    ])
    func refusesAnythingButWholeASCIIDigits(text: String) {
        #expect(throws: CommandError.notAWeight(text)) { try WeightParsing.parse(text, unit: .kg, locale: Self.en) }
    }

    @Test func refusesOverTheUnitsMaximumNamingIt() {
        #expect(throws: CommandError.overMaximum("1500.01", maximum: WeightUnit.lbs.maximum, unit: .lbs)) {
            try WeightParsing.parse("1500.01", unit: .lbs, locale: Self.en)
        }
    }

    /// One rule in three locales: the locale's separator, and '.' too; ','
    /// never where the separator is '.' (it groups thousands there).
    @Test(
        arguments: [
            ("en_US", "72.5", "72.5"), ("en_US", "72,5", nil),
            ("de_DE", "72,5", "72.5"), ("de_DE", "72.5", "72.5"), ("de_DE", "72,", nil), ("de_DE", "72,5.1", nil),
            ("ar_EG", "72\u{66B}5", "72.5"), ("ar_EG", "72.5", "72.5"), ("ar_EG", "72,5", "72.5"),
        ] as [(String, String, String?)])
    func theLocalesSeparatorAndADot(locale: String, text: String, digits: String?) throws {
        let locale = Locale(identifier: locale)
        if let digits {
            #expect(try WeightParsing.parse(text, unit: .kg, locale: locale).digits == digits)
        } else {
            #expect(throws: CommandError.self) { try WeightParsing.parse(text, unit: .kg, locale: locale) }
        }
    }

    @Test func theMessageShowsTheLocalesSeparator() {
        let error = #expect(throws: CommandError.self) { try WeightParsing.parse("7x", unit: .kg, locale: Locale(identifier: "de_DE")) }
        #expect(error?.description == "'7x' is not a weight: give a decimal above 0 with at most 2 decimals, e.g. 72,5 or 72.5.")
    }
}

/// `grocer weight add` in stones: whole stones and pounds, kept in pounds.
@Suite struct StonesParsingTests {
    static let en = Locale(identifier: "en_US")

    @Test func stonesAreKeptInPoundsExactly() throws {
        #expect(try WeightParsing.parse("11 4.5", in: .st, locale: Self.en) == Weight(digits: "158.5", unit: .lbs))
        #expect(try WeightParsing.parse("11", in: .st, locale: Self.en) == Weight(digits: "154", unit: .lbs))
        // Text that names stones is stones whatever the unit.
        #expect(try WeightParsing.parse("11 st 4.5 lb", in: .kg, locale: Self.en) == Weight(digits: "158.5", unit: .lbs))
        #expect(try WeightParsing.parse("11 4,5", in: .st, locale: Locale(identifier: "de_DE")) == Weight(digits: "158.5", unit: .lbs))
        // Other units as before.
        #expect(try WeightParsing.parse("72.5", in: .kg, locale: Self.en) == Weight(digits: "72.5", unit: .kg))
    }

    @Test(arguments: ["158.5", "11 14", "11.5", "st", "108 0", ""])
    func whatIsNotStonesIsOneLine(text: String) {
        #expect(throws: CommandError.notStones(text)) { try WeightParsing.parse(text, in: .st, locale: Self.en) }
    }
}
