import Foundation
import GrocerCore
import Testing

@testable import GrocerUI

/// PgUp and PgDn in help move by a page: the rows shown less one, at any
/// size (they moved 10 rows, half a page at 80x24).
@Suite struct HelpScreenPagingTests {
    static let sections = [
        HelpSection(title: "Many", entries: (1...200).map { HelpSection.Entry(keys: "k\($0)", text: "line \($0)", bound: []) })
    ]

    @Test(arguments: [24, 50])
    func aPageIsTheRowsShownLessOne(height: Int) {
        var help = HelpScreen(sections: Self.sections)
        var context = testContext()
        context.size = Size(width: 80, height: height - 1)
        _ = help.handle(.pageDown, &context)
        #expect(help.offset == HelpScreen.visibleRows(context.size) - 1)
        #expect(help.offset == height - 4)
        _ = help.handle(.pageDown, &context)
        _ = help.handle(.pageUp, &context)
        #expect(help.offset == height - 4)
        var canvas = Canvas(width: 80, height: height - 1)
        help.render(into: &canvas, context)
        // The last line of the first page tops the next (line 0 is the
        // section's title, so entry n is line n).
        #expect(canvas.lines[2].contains("k\(height - 4) "))
    }
}
