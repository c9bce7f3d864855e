import Foundation
import Testing

@testable import GrocerCore

/// The weight screen's date from a kept pattern must be exactly the
/// formatter's text, or the pattern is not kept at all.
@Suite(.serialized) struct LongDatePatternTests {
    static let utc = TimeZone(identifier: "UTC")!
    static let newYork = TimeZone(identifier: "America/New_York")!

    @Test(arguments: ["en_US", "en_GB", "de_DE", "fr_FR", "es_ES", "ja_JP", "ar_EG", "nl_NL"])
    func aCapturedPatternFormatsExactlyAsTheFormatter(identifier: String) throws {
        let locale = Locale(identifier: identifier)
        for zone in [Self.utc, Self.newYork] {
            guard let pattern = LongDatePattern.capture(locale: locale, timeZone: zone) else { continue }
            let formatter = LongDatePattern.formatter(locale: locale, timeZone: zone)
            for step in 0..<400 {
                let date = Date(timeIntervalSince1970: 1_600_000_000 + Double(step) * 86_400 * 13.37)
                #expect(pattern.format(date, in: zone) == formatter.string(from: date))
            }
        }
    }

    @Test func englishIsCaptured() throws {
        let pattern = try #require(LongDatePattern.capture(locale: Locale(identifier: "en_US"), timeZone: Self.utc))
        let noon = Date(timeIntervalSince1970: 1_795_348_800)  // 2026-11-22 12:00 UTC
        #expect(pattern.format(noon, in: Self.utc)?.hasPrefix("November 22, 2026") == true)
    }

    @Test func aPatternWithAnUnknownFieldIsNotUsed() {
        let pattern = LongDatePattern(
            localeIdentifier: "x", pattern: "d MMMM y B h:mm", months: Array(repeating: "m", count: 12),
            shortMonths: Array(repeating: "m", count: 12), standaloneMonths: Array(repeating: "m", count: 12),
            weekdays: Array(repeating: "w", count: 7), shortWeekdays: Array(repeating: "w", count: 7), am: "am", pm: "pm")
        #expect(pattern.format(Date(), in: Self.utc) == nil)
    }

    @Test func quotedTextIsLiteral() {
        #expect(
            LongDatePattern.Piece.parse("d 'de' MMMM 'o''clock' ''") == [
                .field("d", 1), .text(" de "), .field("M", 4), .text(" o'clock '"),
            ])
    }

    @Test(arguments: [(0, 1970, 1, 1), (-1, 1969, 12, 31), (20_779, 2026, 11, 22), (11_016, 2000, 2, 29)])
    func civilDates(days: Int, year: Int, month: Int, day: Int) {
        #expect(CivilDay.civilFromDays(days) == (year, month, day))
    }

    @Test func theScreenUsesAKeptPatternOnlyForItsOwnLocale() {
        let tlh = Locale(identifier: "tlh")
        let locales = Locales(numeric: tlh, time: tlh, monetary: tlh, timeZone: Self.utc)
        let date = Date(timeIntervalSince1970: 1_795_348_800)
        let real = locales.longDateShortTime(date)
        let fake = LongDatePattern(
            localeIdentifier: "en_US", pattern: "'fake' y", months: Array(repeating: "m", count: 12),
            shortMonths: Array(repeating: "m", count: 12), standaloneMonths: Array(repeating: "m", count: 12),
            weekdays: Array(repeating: "w", count: 7), shortWeekdays: Array(repeating: "w", count: 7), am: "am", pm: "pm")
        #expect(LaunchHints(date: fake).longDateShortTime(date, locales) == real)
        let own = LongDatePattern(
            localeIdentifier: "tlh", pattern: fake.pattern, months: fake.months, shortMonths: fake.shortMonths,
            standaloneMonths: fake.standaloneMonths, weekdays: fake.weekdays, shortWeekdays: fake.shortWeekdays, am: "am", pm: "pm")
        #expect(LaunchHints(date: own).longDateShortTime(date, locales) == "fake 2026")
    }
}
