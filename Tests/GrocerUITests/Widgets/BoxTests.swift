import Testing

@testable import GrocerUI

@Suite struct BoxTests {
    @Test func aBoxFramesItsAreaWithItsTitleInTheTopEdge() {
        var canvas = Canvas(width: 14, height: 3)
        Box.draw(into: &canvas, top: 0, left: 0, width: 14, height: 3, title: "Weight")
        #expect(
            canvas.lines == [
                "┌─ Weight ───┐",
                "│            │",
                "└────────────┘",
            ])
    }
}
