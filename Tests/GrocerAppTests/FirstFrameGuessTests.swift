import Foundation
import GrocerCore
import Testing

@testable import GrocerApp

/// The first frame's guesses, asked of ICU's C API and the C library, must
/// be what Foundation says after the frame, or nothing (then the frame asks
/// Foundation itself).
@Suite struct FirstFrameGuessTests {
    static let identifiers = [
        "en_US", "en_GB", "en_AU", "de_DE", "de_CH", "fr_FR", "fr_CA", "es_ES", "es_MX", "it_IT", "nl_NL", "pt_BR", "pt_PT",
        "sv_SE", "nb_NO", "da_DK", "fi_FI", "pl_PL", "cs_CZ", "hu_HU", "ro_RO", "tr_TR", "el_GR", "ru_RU", "uk_UA", "ja_JP",
        "zh_CN", "zh_TW", "ko_KR", "th_TH", "vi_VN", "id_ID", "he_IL", "ar_EG", "fa_IR", "hi_IN", "bn_BD", "en_IN", "ga_IE", "eu_ES",
    ]

    static let now = Date(timeIntervalSince1970: 1_795_664_914)  // 2026-11-26 03:48 UTC

    @Test(arguments: identifiers, [0, 3_600, -18_000, 32_400, 19_800])
    func theDatePatternIsFoundationsOrNone(identifier: String, offset: Int) throws {
        let zone = try #require(TimeZone(secondsFromGMT: offset))
        let foundation = LongDatePattern.capture(locale: Locale(identifier: identifier), timeZone: zone)
        guard let guess = FirstFrameGuess.longDatePattern(identifier: identifier, now: Self.now, secondsFromGMT: offset) else {
            // None is always safe: the frame asks Foundation. But where
            // Foundation's pattern serves, the guess should too.
            #expect(foundation == nil, "no guess for \(identifier)")
            return
        }
        // What the frame shows is what Foundation's formatter shows.
        let formatter = LongDatePattern.formatter(locale: Locale(identifier: identifier), timeZone: zone)
        #expect(guess.format(Self.now, secondsFromGMT: offset) == formatter.string(from: Self.now))
        if let foundation { #expect(guess == foundation) }
    }

    @Test func anIdentifierWithKeywordsOrNoneIsLeftToFoundation() {
        #expect(FirstFrameGuess.longDatePattern(identifier: "th_TH@calendar=buddhist", now: Self.now, secondsFromGMT: 0) == nil)
        #expect(FirstFrameGuess.longDatePattern(identifier: "", now: Self.now, secondsFromGMT: 0) == nil)
        #expect(FirstFrameGuess.decimalSeparator(identifier: "de_DE@numbers=arab") == nil)
    }

    @Test(arguments: identifiers)
    func theDecimalSeparatorIsFoundations(identifier: String) {
        let foundation = Locale(identifier: identifier).decimalSeparator?.first
        #expect(FirstFrameGuess.decimalSeparator(identifier: identifier) == foundation)
    }

    @Test func theZoneOffsetIsTheCLibrarysForNow() throws {
        let guess = try #require(FirstFrameGuess.zone(key: "k", now: Self.now))
        var seconds = time_t(Self.now.timeIntervalSince1970)
        var parts = tm()
        _ = localtime_r(&seconds, &parts)
        #expect(guess.offset(at: Self.now) == parts.tm_gmtoff)
        #expect(guess.offset(at: Self.now.addingTimeInterval(120)) == nil)
        #expect(guess.key == "k")
    }

    /// What the launch guesses, and what it leaves alone.
    @Test func onlyTheMissingHintsAreGuessed() throws {
        let locales = Locales(environment: Environment(["LANG": "de_DE.UTF-8"]), zone: { .gmt })
        var none = LaunchHints()
        Launch.guessMissingHints(&none, locales: locales, zoneKey: "z", now: Self.now)
        #expect(none.date?.localeIdentifier == locales.timeIdentifier)
        #expect(none.numeric == LaunchHints.Numeric(identifier: locales.numericIdentifier, separator: ","))
        #expect(none.zone?.key == "z")
        let keptPattern = LongDatePattern(
            localeIdentifier: locales.timeIdentifier, pattern: "d", months: [], shortMonths: [], standaloneMonths: [], weekdays: [],
            shortWeekdays: [], am: "a", pm: "p")
        let keptZone = LaunchHints.ZoneOffset(key: "z", secondsFromGMT: 7_200, since: 0, until: Int.max)
        var kept = LaunchHints(date: keptPattern, numeric: .init(identifier: locales.numericIdentifier, separator: "!"), zone: keptZone)
        Launch.guessMissingHints(&kept, locales: locales, zoneKey: "z", now: Self.now)
        #expect(kept.date == keptPattern)
        #expect(kept.numeric?.separator == "!")
        #expect(kept.zone == keptZone)
    }
}

@Suite struct FirstFrameGuessUTF16Tests {
    @Test(arguments: ["", "abc", "März", "日本語", "😀 ok", "a\u{0}b", "\u{7FF}\u{800}\u{FFFF}\u{10000}\u{10FFFF}"])
    func iCUsUTF16ReadsAsTheStandardLibraryReadsIt(text: String) {
        let units = Array(text.utf16)
        #expect(FirstFrameGuess.string(utf16: units + [0x41], count: units.count) == text)
    }

    @Test func aLoneSurrogateIsNoText() {
        #expect(FirstFrameGuess.string(utf16: [0x41, 0xD800], count: 2) == nil)
        #expect(FirstFrameGuess.string(utf16: [0xDC00, 0x41], count: 2) == nil)
        #expect(FirstFrameGuess.string(utf16: [0xD800, 0x41], count: 2) == nil)
    }
}
