import Testing

@testable import GrocerCore

/// One terminal-width function for the screen and `grocer tip`'s table.
@Suite struct TextWidthTests {
    @Test(arguments: [
        ("abc", 3), ("", 0), ("e\u{301}", 1), ("牛乳", 4), ("ｘ", 2), ("🥛", 2), ("🚀", 2),
        ("\u{200F}$5.00", 5), ("1\u{A0}€", 3), ("\u{1B}", 0),
        // A character of several code points takes each one's columns, as
        // the terminal counts them (wcwidth): a spacing vowel sign a column
        // of its own, a skin tone and each person of a family two, a
        // combining mark, a joiner, VS16 and a Hangul vowel jamo none.
        ("चा", 2), ("दू", 1), ("น้ำ", 2), ("👍🏽", 4), ("👨‍👩‍👧", 6), ("❤️", 1), ("🇩🇪", 2),
        ("\u{1112}\u{1161}\u{11AB}", 2), ("a\u{308}\u{323}", 1),
    ])
    func columnsOf(text: String, columns: Int) {
        #expect(TextWidth.of(text) == columns)
    }

    @Test func truncateCutsAtColumnsWithAnEllipsis() {
        #expect(TextWidth.truncate("牛乳牛乳", to: 5) == "牛乳…")
        #expect(TextWidth.truncate("short", to: 10) == "short")
    }
}
