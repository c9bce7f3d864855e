import Foundation
import GrocerCore
import Testing

@testable import GrocerUI

/// Body fat on the history (issue 34): beside each weight in the list, and
/// its own trend line on the graph that `f` turns on and off.
@Suite struct HistoryBodyFatTests {
    static func entries() -> [WeightEntry] {
        HistoryFixture.daily(10).enumerated().map { i, entry in
            WeightEntry(
                id: entry.id, weight: entry.weight, recordedAt: entry.recordedAt,
                bodyFat: i % 2 == 0 ? BodyFat(hundredths: 2000 - i * 10) : nil)
        }
    }

    static func lines(_ f: HistoryFixture) -> [String] {
        var canvas = Canvas(width: 80, height: 23)
        f.screen.render(into: &canvas, f.context)
        return canvas.lines.map { $0.replacingOccurrences(of: "\u{202F}", with: " ") }
    }

    @Test func theListShowsTheBodyFatBesideTheWeight() {
        let f = HistoryFixture(entries: Self.entries())
        let rows = Self.lines(f).filter { $0.contains(" kg") && !$0.contains("Trend") }
        // Newest first: the tenth entry (index 9) has none, the ninth 19.2 %;
        // the weights stay in one column.
        #expect(rows[0] == "  Nov 21, 2026 at 12:00 PM                                    80.00 kg", "\(rows[0])")
        #expect(rows[1] == "  Nov 20, 2026 at 12:00 PM                                    79.99 kg  19.2 %", "\(rows[1])")
    }

    @Test func fTurnsTheBodyFatLineOnAndOff() {
        var f = HistoryFixture(entries: Self.entries())
        #expect(f.screen.graph?.fat == nil)
        #expect(!Self.lines(f).joined().contains("fat "))
        f.press(.char("f"))
        #expect(f.performed.last == .history(.loadBodyFatDays))
        let line = f.screen.graph?.fat
        #expect(line?.points.map(\.trend).first == 20)
        #expect(line?.points.count == 5)
        // The trend moves from 20 towards 19.2 by tenths: 19.85 at the end,
        // shown on a scale at least half a percent tall.
        #expect(Self.lines(f)[1].hasSuffix("fat 19.6-20.2 %"), "\(Self.lines(f)[1])")
        f.press(.char("f"))
        #expect(f.screen.graph?.fat == nil)
        #expect(!Self.lines(f).joined().contains("fat 19"))
    }
}
