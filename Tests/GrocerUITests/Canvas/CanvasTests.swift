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

    @Test func clipsAtTheRightEdgeWithoutSplittingAWideCharacter() {
        var canvas = Canvas(width: 5, height: 1)
        canvas.put("ab牛乳", row: 0, column: 0)
        #expect(canvas.line(0) == "ab牛")
    }

    @Test func truncatesWithAnEllipsis() {
        #expect(TextWidth.truncate("Enter Today's Weight", to: 10) == "Enter Tod…")
        #expect(TextWidth.truncate("short", to: 10) == "short")
    }
}
