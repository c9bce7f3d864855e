import CNCursesw
import Foundation
import GrocerUI
import Testing

@testable import GrocerTerminal

#if canImport(Glibc)
    import Glibc
#endif

/// What reaches ncurses for each cell, under a UTF-8 locale and under C
/// (plain ASCII): the character itself where the locale can show it, its
/// ASCII stand-in where there is one, `?` per column where there is none.
/// LC_CTYPE is the process's, so these run one at a time and put it back.
@Suite(.serialized) struct TerminalCharsetTests {
    static func under<T>(_ locale: String, _ body: () -> T) -> T {
        let before = String(cString: setlocale(LC_CTYPE, nil))
        defer { setlocale(LC_CTYPE, before) }
        #expect(setlocale(LC_CTYPE, locale) != nil, "no \(locale) locale here")
        return body()
    }

    static func drawn(_ text: String) -> String {
        var out = ""
        for character in text {
            var run: [wchar_t] = []
            TerminalCharset.drawable(character, columns: TerminalCharset.columns(character), into: &run)
            out += String(String.UnicodeScalarView(run.compactMap { Unicode.Scalar(UInt32(bitPattern: $0)) }))
        }
        return out
    }

    @Test func underUTF8EveryCharacterIsDrawnAsItIs() {
        Self.under("C.UTF-8") {
            #expect(Self.drawn("Crème brûlée → 72,5 kg") == "Crème brûlée → 72,5 kg")
            #expect(TerminalCharset.columns("語") == 2)
            #expect(TerminalCharset.columns("é") == 1)
            #expect(TerminalCharset.columns("a") == 1)
            #expect(TerminalCharset.columns("\u{07}") == 0)
        }
    }

    /// A character of several code points reaches ncurses whole, and takes
    /// the columns ncurses and the terminal give its code points (issue 31:
    /// the spacing vowel sign of "चा" was left out, and the layout counted
    /// one column where the terminal drew two).
    @Test func underUTF8ACharacterOfSeveralCodePointsIsDrawnWholeInItsColumns() {
        Self.under("C.UTF-8") {
            for text in ["चाय", "น้ำปลา", "दूध", "👍🏽", "e\u{301}", "\u{1112}\u{1161}\u{11AB}"] {
                #expect(Self.drawn(text) == text, "\(text)")
                let scalars = text.unicodeScalars.map { max(0, Int(wcwidth(wchar_t(bitPattern: $0.value)))) }.reduce(0, +)
                #expect(text.map(TerminalCharset.columns).reduce(0, +) == scalars, "\(text)")
            }
            #expect(TerminalCharset.columns("चा") == 2)
        }
    }

    @Test func underCTheASCIIStandInsOrAQuestionMarkPerColumn() {
        Self.under("C") {
            #expect(Self.drawn("→ 72 “kg” … ▲") == "> 72 \"kg\" . ^")
            #expect(Self.drawn("é") == "?")
            // Wide with no stand-in: one ? per column it takes.
            #expect(TerminalCharset.columns("語") == 2)
            #expect(Self.drawn("語") == "??")
            #expect(Self.drawn("plain") == "plain")
        }
    }

    /// A name that asks for no locale at all, or one not installed, falls
    /// back to what its name says: UTF-8, else plain ASCII.
    @Test func aMissingLocaleFallsBackByItsName() {
        let before = String(cString: setlocale(LC_CTYPE, nil))
        let names = ["LC_ALL", "LC_CTYPE", "LANG"]
        let saved = names.map { getenv($0).map { String(cString: $0) } }
        defer {
            setlocale(LC_CTYPE, before)
            for (name, value) in zip(names, saved) {
                if let value { setenv(name, value, 1) } else { unsetenv(name) }
            }
        }
        unsetenv("LC_ALL")
        unsetenv("LC_CTYPE")
        setenv("LANG", "xx_NOWHERE.UTF-8", 1)
        TerminalCharset.setLocale(environment: ["LANG": "xx_NOWHERE.UTF-8"])
        #expect(String(cString: setlocale(LC_CTYPE, nil)) == "C.UTF-8")
        setenv("LANG", "xx_NOWHERE.ISO-8859-1", 1)
        TerminalCharset.setLocale(environment: ["LANG": "xx_NOWHERE.ISO-8859-1"])
        #expect(String(cString: setlocale(LC_CTYPE, nil)) == "C")
    }
}
