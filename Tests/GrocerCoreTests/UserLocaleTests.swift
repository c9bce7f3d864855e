import Foundation
import GrocerCore
import Testing

@testable import GrocerCore

@Suite struct UserLocaleTests {
    @Test(arguments: [
        (["LANG": "de_DE.UTF-8"], "de_DE"),
        (["LANG": "de_DE.UTF-8", "LC_NUMERIC": "fr_FR.UTF-8"], "fr_FR"),
        (["LANG": "de_DE.UTF-8", "LC_NUMERIC": "fr_FR.UTF-8", "LC_ALL": "ja_JP.UTF-8"], "ja_JP"),
        (["LANG": "C.UTF-8"], "en_US"),
        (["LANG": "POSIX"], "en_US"),
        (["LC_ALL": "C"], "en_US"),
        ([:], "en_US"),
        (["LANG": "de_DE@euro"], "de_DE"),
        (["LC_ALL": "", "LANG": "fr_FR.UTF-8"], "fr_FR"),
    ])
    func followsLCAllThenTheCategoryThenLang(env: [String: String], expected: String) {
        #expect(UserLocale.identifier(for: .numeric, environment: Environment(env)) == expected)
    }

    /// ICU would format an unknown name as its root locale ("US$ 5.00").
    @Test(arguments: [
        ("xx_YY.UTF-8", "en_US"), ("xx.UTF-8", "en_US"), ("de_YY.UTF-8", "en_US"), ("english", "en_US"),
        ("de_DE.UTF-8", "de_DE"), ("ar_EG.UTF-8", "ar_EG"), ("sr_Latn_RS", "sr_Latn_RS"), ("es_419", "es_419"),
        ("en", "en"),
    ])
    func anUnknownLocaleFormatsAsEnUS(value: String, expected: String) {
        #expect(UserLocale.posixToICU(value) == expected)
    }

    @Test func anUnknownLocalesMoneyIsDollars() {
        let locale = UserLocale.locale(for: .monetary, environment: ["LANG": "xx_YY.UTF-8"])
        #expect(Decimal(5).formatted(.currency(code: Currency(locale: locale).code).locale(locale)) == "$5.00")
    }

    @Test func eachCategoryReadsItsOwnVariable() {
        let env = ["LANG": "en_US.UTF-8", "LC_TIME": "de_DE.UTF-8", "LC_MONETARY": "ja_JP.UTF-8"]
        let locales = Locales(environment: Environment(env), timeZone: TimeZone(identifier: "UTC")!)
        #expect(locales.time.identifier == "de_DE")
        #expect(locales.monetary.identifier == "ja_JP")
        #expect(locales.numeric.identifier == "en_US")
    }

    @Test func longDateAndShortTimeInTheUsersLocale() {
        let noon = Date(timeIntervalSince1970: 1_795_262_400)  // 2026-11-21 12:00 UTC
        // ICU puts a narrow no-break space before AM/PM; compare with plain spaces.
        let en = Locales.fixed("en_US").longDateShortTime(noon).replacingOccurrences(of: "\u{202F}", with: " ")
        #expect(en == "November 21, 2026 at 12:00 PM")
        let de = Locales.fixed("de_DE").longDateShortTime(noon)
        #expect(de.hasPrefix("21. November 2026"))
        #expect(de.contains("12:00"))
    }
}

/// grocer's own lists of ISO codes (read without asking ICU before the
/// first frame) are ICU's.
@Suite struct ISOCodeListTests {
    @Test func theTwoLetterLanguagesAreICUs() {
        let icu = Set(Locale.LanguageCode.isoLanguageCodes.map(\.identifier).filter { $0.count == 2 })
        let ours = Set(UserLocale.isoLanguages.split(separator: " ").map(String.init))
        #expect(ours == icu)
    }

    @Test func theTwoLetterRegionsAreICUs() {
        let icu = Set(Locale.Region.isoRegions.map(\.identifier).filter { $0.count == 2 })
        let ours = Set(UserLocale.isoRegions.split(separator: " ").map(String.init))
        #expect(ours == icu)
    }
}
