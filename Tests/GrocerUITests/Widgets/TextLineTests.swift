import GrocerCore
import Testing

@testable import GrocerUI

/// The one text field every screen types into (the note, the add line, the
/// filter, the edit form, the pickers), typed as a terminal delivers text:
/// one code point per key. What a person sees as one character is edited
/// as one, in every script (issue 31: a code point that joined the
/// character before it used to move the cursor past the end, and grocer
/// trapped).
@Suite struct TextLineTests {
    /// Each sample, and how many characters (grapheme clusters) it is.
    static let scripts: [(name: String, text: String, characters: Int)] = [
        ("Latin, combining acute", "cre\u{301}me", 5),
        ("stacked marks", "a\u{308}\u{323}x", 2),
        ("Devanagari", "दूध", 2),
        ("Devanagari conjunct", "क्षमा", 2),
        ("Thai", "น้ำปลา", 4),
        ("Hangul jamo", "\u{1112}\u{1161}\u{11AB}\u{1100}\u{1173}\u{11AF}", 2),
        ("Hangul syllables", "한글", 2),
        ("skin tone", "👍🏽 ok", 4),
        ("ZWJ family", "👨‍👩‍👧 visit", 7),
        ("heart with VS16", "❤️ love", 6),
        ("flags", "🇩🇪🇫🇷🇯🇵", 3),
        ("CJK wide", "牛乳と卵", 4),
        ("Hebrew", "חלב", 3),
        ("Arabic", "حليب", 4),
        ("keycap", "1\u{FE0F}\u{20E3}", 1),
    ]

    static func typed(_ text: String, into line: TextLine = TextLine(limit: 200)) -> TextLine {
        var line = line
        for scalar in text.unicodeScalars {
            pressOnLine(.char(Character(scalar)), &line)
        }
        return line
    }

    @Test(arguments: scripts.map(\.name))
    func typingOneCodePointAtATimeKeepsTheCursorAtTheEnd(name: String) {
        let sample = Self.scripts.first { $0.name == name }!
        let line = Self.typed(sample.text)
        #expect(line.text == sample.text)
        #expect(line.text.count == sample.characters)
        #expect(line.cursor == sample.characters)
        #expect(line.atEnd)
    }

    @Test(arguments: scripts.map(\.name))
    func backspaceTakesOutOneWholeCharacterEachTime(name: String) {
        let sample = Self.scripts.first { $0.name == name }!
        var line = Self.typed(sample.text)
        var expected = Array(sample.text)
        while !expected.isEmpty {
            pressOnLine(.backspace, &line)
            expected.removeLast()
            #expect(line.text == String(expected))
            #expect(line.cursor == expected.count)
        }
        pressOnLine(.backspace, &line, does: false)
    }

    @Test(arguments: scripts.map(\.name))
    func leftRightAndDeleteMoveOverWholeCharacters(name: String) {
        let sample = Self.scripts.first { $0.name == name }!
        var line = Self.typed(sample.text)
        for step in 1...sample.characters {
            pressOnLine(.left, &line)
            #expect(line.cursor == sample.characters - step)
        }
        pressOnLine(.left, &line, does: false)
        pressOnLine(.right, &line)
        #expect(line.cursor == 1)
        pressOnLine(.home, &line)
        pressOnLine(.delete, &line)
        #expect(line.text == String(Array(sample.text).dropFirst()))
        #expect(line.cursor == 0)
    }

    /// Typed between two letters, each sample lands between them whole, and
    /// the cursor stays just after it.
    @Test(arguments: scripts.map(\.name))
    func typingInTheMiddleInsertsAtTheCursor(name: String) {
        let sample = Self.scripts.first { $0.name == name }!
        var line = Self.typed("[]")
        pressOnLine(.left, &line)
        line = Self.typed(sample.text, into: line)
        #expect(line.text == "[" + sample.text + "]")
        #expect(line.cursor == 1 + sample.characters)
        pressOnLine(.end, &line)
        #expect(line.cursor == 2 + sample.characters)
    }

    /// On the screen, the text is drawn as typed and the cursor sits just
    /// after it, by the columns the terminal gives each character.
    @Test(arguments: scripts.map(\.name))
    func theCursorIsDrawnAfterTheTextByItsColumns(name: String) {
        let sample = Self.scripts.first { $0.name == name }!
        let line = Self.typed(sample.text)
        var canvas = Canvas(width: 40, height: 1)
        let column = line.render(into: &canvas, row: 0, column: 2, width: 30)
        #expect(column == 2 + canvas.columns(sample.text))
        #expect(canvas.line(0) == "  " + sample.text)
    }

    /// A long line scrolls so the cursor stays in view, whatever the widths.
    @Test func aLongLineKeepsTheCursorInView() {
        let line = Self.typed(String(repeating: "牛👍🏽दू", count: 10))
        var canvas = Canvas(width: 12, height: 1)
        let column = line.render(into: &canvas, row: 0, column: 0, width: 10)
        #expect(column <= 10)
        #expect(canvas.line(0).hasSuffix("दू"))
    }

    @Test func controlAndInvisibleCharactersAreRefused() {
        var line = TextLine(limit: 20)
        for refused in ["\u{1B}", "\u{9B}", "\u{202E}", "\u{200B}", "\u{FEFF}", "\u{2060}", "\u{AD}"] {
            pressOnLine(.char(Character(refused)), &line, does: false)
        }
        #expect(line.text.isEmpty)
        // The joiners words and emoji need are taken.
        pressOnLine(.char("\u{200D}"), &line)
        pressOnLine(.char("\u{200C}"), &line)
    }

    /// The limit counts characters; a character may not grow without end.
    @Test func theLimitCountsCharactersAndBoundsTheBytes() {
        var line = TextLine(limit: 3)
        for ch in "abc" { pressOnLine(.char(ch), &line) }
        pressOnLine(.char("d"), &line, does: false)
        // An accent joins the last character: still three characters.
        pressOnLine(.char("\u{301}"), &line)
        #expect(line.text == "abc\u{301}")
        var marks = 0
        while line.insert("\u{308}") { marks += 1 }
        #expect(line.text.utf8.count <= line.byteLimit)
        #expect(marks > 0 && marks < line.byteLimit)
        #expect(line.text.count == 3)
    }

    /// A consonant and vowel jamo that meet after a delete join into one
    /// syllable; the cursor goes to its edge, never inside it.
    @Test func aCharacterMadeWhenTwoMeetKeepsTheCursorAtItsEdge() {
        var line = Self.typed("\u{1112}x\u{1161}")
        #expect(line.text.count == 3)
        pressOnLine(.left, &line)
        pressOnLine(.backspace, &line)
        #expect(line.text == "\u{1112}\u{1161}")
        #expect(line.text.count == 1)
        #expect(line.cursor == 1)
        pressOnLine(.backspace, &line)
        #expect(line.text.isEmpty)
    }
}

/// Presses `key` on `line`: an issue is recorded when the key did nothing
/// (or, with `does: false`, when it did something).
func pressOnLine(_ key: Key, _ line: inout TextLine, does: Bool = true, sourceLocation: SourceLocation = #_sourceLocation) {
    let took = line.edit(key)
    #expect(took == does, "\(key) on \(line.text.debugDescription)", sourceLocation: sourceLocation)
}
