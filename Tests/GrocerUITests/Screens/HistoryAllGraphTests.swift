import Foundation
import GrocerCore
import Testing

@testable import GrocerUI

/// The `all` range over a long history (issue 35): the graph from the
/// store's blocks of days, the figures and the list from the recent days,
/// as from every day.
@Suite struct HistoryAllGraphTests {
    static let entries = HistoryFixture.daily(4_000)

    @Test func allOverALongHistoryDrawsTheStoresBlocks() {
        var blocks = HistoryFixture(entries: Self.entries, recent: true)
        var every = HistoryFixture(entries: Self.entries)
        blocks.press(.char("6"))
        every.press(.char("6"))
        // 4,000 days in 160 dots: blocks of 4 days.
        #expect(blocks.performed.last == .history(.loadGraphBlocks(GraphBlocksRequest(unit: .kg, dots: 160))))
        #expect(blocks.screen.allBlocks?.first?.size == 4)
        #expect(blocks.screen.start != nil)
        let frame = blocks.frame()
        // The sawtooth of 500 days as every day draws it, a day at most
        // half a dot column from its own (the third and fourth teeth).
        #expect(
            Array(frame[0..<11]) == [
                " Weight History                                        1w  1m  3m  6m  1y [all]",
                " 80.3┤        ⢠⡄       ⢀⡄       ⢀⡄       ⢀⡄       ⢀⣤        ⣤        ⣤        ⣤",
                "     │       ⣠⠟⡇      ⣠⠟⡇      ⢠⡟⡇      ⢠⡞⣷      ⢠⡞⢹      ⢠⡞⢹      ⢀⡾⢹      ⢀⡾⠁",
                "     │      ⣴⠋ ⡇     ⣴⠋ ⡇     ⣴⠋ ⡇     ⣰⠏ ⣿     ⣰⠏ ⢸     ⣠⠟ ⢸     ⣠⠟ ⢸     ⢠⡟",
                "     │    ⢀⡾⠁  ⡇   ⢀⡾⠁  ⡇   ⢀⡼⠃  ⣷   ⢀⡼⠃  ⣿    ⣼⠃  ⢸    ⣴⠋  ⢸    ⣴⠋  ⢸    ⣰⠏",
                " 77.1┤   ⣠⠟    ⡇  ⢠⠟    ⣇  ⢠⡞⠁   ⣿  ⢠⡞⠁   ⣿  ⢀⡾⠁   ⢸  ⢀⡾⠁   ⢸  ⢀⡼⠁   ⢸  ⢀⡼⠃",
                "     │  ⣴⠋     ⣧ ⣰⠏     ⣿ ⣰⠏     ⣿ ⣠⠏     ⣿ ⣠⠟     ⢸ ⣠⠟     ⢸ ⢠⠟     ⢸ ⢠⡞⠁",
                "     │⢀⡼⠁      ⣿⡼⠃      ⣿⡼⠃      ⣿⡼⠃      ⣿⣴⠋      ⢸⣴⠋      ⢸⣴⠏      ⢸⣷⠏",
                " 74.7┤⠛        ⠛        ⠛        ⠛        ⠛⠁       ⠘⠁       ⠘⠁       ⠘⠁",
                "     └─────────────────────────────────────────────────────────────────────────",
                "      Dec 10, 2015                   Jun 1, 2021                   Nov 21, 2026",
            ])
        // The axis and the figures line and the list below: as from every day.
        #expect(frame[0] == every.frame()[0] && frame[1].prefix(6) == every.frame()[1].prefix(6))
        #expect(frame[10...] == every.frame()[10...])
    }

    /// Another grocer's save: the recent days, then the blocks again, and
    /// the graph reaches the new day.
    @Test func aChangeReadsTheBlocksAgain() {
        var f = HistoryFixture(entries: Self.entries, recent: true)
        f.press(.char("6"))
        let asked = f.performed.filter { if case .history(.loadGraphBlocks) = $0 { true } else { false } }.count
        let next = HistoryFixture.noon.addingTimeInterval(86_400)
        f.entries.append(WeightEntry(id: 9_999, weight: Weight(digits: "70", unit: .kg)!, recordedAt: next))
        f.storeChanged()
        #expect(f.performed.filter { if case .history(.loadGraphBlocks) = $0 { true } else { false } }.count == asked + 1)
        #expect(f.screen.graph?.last == CivilDay(next, in: f.context.locales.timeZone).number)
        #expect(f.screen.figuresLine.hasPrefix("Trend 78.9 kg"))
    }

    /// A resize that leaves fewer than 2 blocks a dot column asks for
    /// smaller ones; one that does not, only draws again.
    @Test func aWiderTerminalAsksForSmallerBlocks() {
        var f = HistoryFixture(entries: HistoryFixture.daily(16_000), recent: true)
        f.context.size = Size(width: 50, height: 23)
        f.press(.char("6"))
        // 16,000 days in 100 dots: blocks of 64 days.
        #expect(f.screen.allBlocks?.first?.size == 64)
        f.context.size = Size(width: 60, height: 23)
        #expect(f.screen.resized(&f.context) == .redraw)
        f.context.size = Size(width: 120, height: 23)
        let outcome = f.screen.resized(&f.context)
        #expect(outcome == .perform(.history(.loadGraphBlocks(GraphBlocksRequest(unit: .kg, dots: 240)))))
        f.carry(outcome)
        #expect(f.screen.allBlocks?.first?.size == 16)
    }
}
