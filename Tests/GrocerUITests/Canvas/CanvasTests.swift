import GrocerCore
import Testing

@testable import GrocerUI

@Suite struct CanvasTests {
    @Test func wideAndAccentedTextTakesItsColumns() {
        var canvas = Canvas(width: 24, height: 2)
        let end = canvas.put("Crème fraîche ½ kg", row: 0, column: 0)
        #expect(end == 18)
        let cjk = canvas.put("牛乳 1L|", row: 1, column: 0)
        #expect(cjk == 8)
        #expect(canvas.lines == ["Crème fraîche ½ kg", "牛乳 1L|"])
        #expect(canvas[1, 1].isContinuation)
    }

    @Test func combiningMarksJoinTheCellBefore() {
        var canvas = Canvas(width: 10, height: 1)
        let end = canvas.put("Cre\u{0300}me", row: 0, column: 0)
        #expect(end == 5)
        #expect(canvas.line(0) == "Cre\u{0300}me")
    }

    /// A character that takes no column but does not join the one before
    /// it (a zero-width space kept in an old note, a lone Hangul vowel after
    /// a letter) is not drawn; it used to trap making one character of two.
    @Test(arguments: ["a\u{200B}b", "a\u{1161}b", "a\u{2060}b"])
    func aZeroWidthCharacterThatJoinsNothingIsLeftOut(text: String) {
        // As the terminal measures them (wcwidth): each of these takes none.
        let measure = ColumnMeasure { $0 == "a" || $0 == "b" ? 1 : 0 }
        var canvas = Canvas(width: 10, height: 1, measure: measure)
        #expect(canvas.put(text, row: 0, column: 0) == 2)
        #expect(canvas.line(0) == "ab")
    }

    @Test func clipsAtTheRightEdgeWithoutSplittingAWideCharacter() {
        var canvas = Canvas(width: 5, height: 1)
        canvas.put("ab牛乳", row: 0, column: 0)
        #expect(canvas.line(0) == "ab牛")
    }

    @Test func truncatesWithAnEllipsis() {
        #expect(TextWidth.truncate("Enter Today's Weight", to: 10) == "Enter Tod…")
        #expect(TextWidth.truncate("short", to: 10) == "short")
    }

    /// Drawing on the top rows in place is what pasting a new canvas of
    /// that size at row 0 was (the frame's screens above its hint bar):
    /// the top rows blanked first, the last row left, the cursor and the
    /// alert carried over; red when the rows are not blanked.
    @Test func drawingAboveTheLastRowIsPastingACanvasOfTheTopRows() {
        func draw(_ body: inout Canvas) {
            #expect(body.height == 2 && body.width == 6)
            body.put("milk", row: 1, column: 1, style: .bold)
            body.cursor = (1, 5)
            body.alert = true
        }
        var old = Canvas(width: 6, height: 3)
        for row in 0..<3 { old.put("xxxxxx", row: row, column: 0) }
        var new = old
        var top = Canvas(width: 6, height: 2)
        draw(&top)
        old.paste(top, row: 0, column: 0)
        new.drawAbove(rows: 1, draw)
        #expect(new == old)
        #expect(new.lines == ["", " milk", "xxxxxx"])
        #expect(new[1, 1].style == .bold)
        #expect(new.cursor?.row == 1 && new.cursor?.column == 5 && new.alert)
    }
}
