import Foundation
import GrocerCore
import Testing

@testable import GrocerUI

/// Line drawing is a cell kind the terminal draws with ncurses' own line
/// characters; block, braille and punctuation fall back to ASCII where the
/// terminal's locale is not UTF-8.
@Suite struct GlyphTests {
    @Test(
        arguments: [
            ("─", LineGlyph.horizontal), ("│", .vertical), ("┌", .topLeft), ("┐", .topRight), ("└", .bottomLeft),
            ("┘", .bottomRight), ("├", .teeRight), ("┤", .teeLeft), ("┬", .teeDown), ("┴", .teeUp), ("┼", .cross),
            ("╭", .topLeft), ("═", .horizontal),
        ] as [(Character, LineGlyph)])
    func boxCharactersAreLineCells(character: Character, glyph: LineGlyph) {
        var canvas = Canvas(width: 3, height: 1)
        canvas.put(String(character), row: 0, column: 1)
        #expect(canvas[0, 1].line == glyph)
        #expect(canvas[0, 0].line == nil)
    }

    /// Only a box character alone is a line cell: not ASCII, not another
    /// character of the box block, not one with a mark on it.
    @Test(arguments: ["-", "|", "+", "a", " ", "╳", "─\u{0301}", "é", "牛"] as [Character])
    func otherCharactersAreNotLineCells(character: Character) {
        #expect(LineGlyph(character) == nil)
    }

    @Test(
        arguments: [
            ("█", "#"), ("▓", "#"), ("▒", "="), ("▄", "="), ("░", "."), ("\u{2800}", " "), ("⠁", "'"), ("⣀", "."), ("⣿", ":"),
            ("…", "."), ("—", "-"), ("“", "\""), ("↑", "^"), ("→", ">"), ("\u{202F}", " "), ("a", "a"),
        ] as [(Character, Character)])
    func blockBrailleAndPunctuationFallBackToASCII(character: Character, ascii: Character) {
        #expect(ASCIIFallback.character(for: character) == ascii)
    }

    @Test func aBoxInASCIIIsWhatNcursesDrawsWithoutLineDrawing() {
        var canvas = Canvas(width: 12, height: 3)
        Box.draw(into: &canvas, top: 0, left: 0, width: 12, height: 3, title: "Weight")
        #expect(canvas.asciiLines == ["+- Weight -+", "|          |", "+----------+"])
    }

    @Test func theTipSliderAndTheMigrationBarInASCII() {
        var tip = TipScreen(locale: Locale(identifier: "en_US"))
        for _ in 0..<5 { _ = tip.handle(.right) }
        var canvas = Canvas(width: 80, height: 23)
        tip.render(into: &canvas)
        #expect(canvas.asciiLines[5].hasSuffix("0% [#######################.......] 30%"))

        var migration = MigrationScreen()
        migration.receive(.progress(done: 504_000, total: 1_200_000), elapsed: 2.1)
        var bar = Canvas(width: 80, height: 23)
        migration.render(into: &bar)
        #expect(bar.asciiLines[10] == "    " + String(repeating: "#", count: 30) + String(repeating: ".", count: 42))
        #expect(bar.asciiLines.allSatisfy { $0.allSatisfy(\.isASCII) })
    }

    @Test func aCharacterWithNoFallbackIsAQuestionMarkPerColumn() {
        var canvas = Canvas(width: 6, height: 1)
        canvas.put("牛é", row: 0, column: 0)
        #expect(canvas.asciiLines == ["???"])
    }

    @Test func theCanvasLaysTextOutWithTheTerminalsMeasure() {
        // A terminal whose C library calls "é" two columns wide.
        let measure = ColumnMeasure { $0 == "é" ? 2 : TextWidth.of($0) }
        var canvas = Canvas(width: 10, height: 1, measure: measure)
        #expect(canvas.put("éa", row: 0, column: 0) == 3)
        #expect(canvas[0, 1].isContinuation)
        #expect(canvas.columns("éé") == 4)
        #expect(canvas.truncate("éééé", to: 5) == "éé…")
    }
}
