import Foundation
import GrocerCore
import Testing

@testable import GrocerUI

/// The graph uses the screen, and its figures are true: it grows with the
/// terminal, names the years over a year or more, and shows no rate from
/// too few days.
@Suite struct HistoryGraphTests {
    static let noon = HistoryFixture.noon

    func entry(_ id: Int64, _ digits: String, daysAgo: Int) -> WeightEntry {
        WeightEntry(id: id, weight: Weight(digits: digits, unit: .kg)!, recordedAt: Self.noon.addingTimeInterval(-Double(daysAgo) * 86_400))
    }

    /// The rows from the title to the graph's day labels (the row under its axis).
    func graphRows(_ lines: [String]) -> Int {
        (lines.firstIndex { $0.contains("└") } ?? 0)
    }

    /// 200x50 (an area of 49 rows): the graph takes more than half the
    /// terminal; 80x24 (23 rows): 10 rows, the list keeps 9.
    @Test func theGraphGrowsWithTheTerminalAndTheListStaysUsable() {
        let f = HistoryFixture(entries: HistoryFixture.daily(400))
        let big = f.frame(200, 49)
        // The axis at row a: graph rows 1...a+1 (the labels under it).
        #expect(graphRows(big) + 1 >= 25, "\(graphRows(big))")
        #expect(big.filter { $0.hasPrefix("  ") && $0.hasSuffix(" kg") }.count >= 9)
        let small = f.frame(80, 23)
        #expect(graphRows(small) + 1 == 10)
        #expect(small.filter { $0.hasPrefix("  ") && $0.hasSuffix(" kg") }.count == 9)
        #expect(small[13].hasPrefix(" Entries, newest first"))
    }

    /// 1y and all name the years on the axis; shorter ranges do not.
    @Test func theYearAndAllRangesNameTheYearsOnTheAxis() {
        var f = HistoryFixture(entries: HistoryFixture.daily(400))
        func axis(_ lines: [String]) -> String { lines[graphRows(lines) + 1] }
        #expect(!axis(f.frame()).contains("202"))
        f.press(.char("5"))
        #expect(axis(f.frame()).contains("2025") && axis(f.frame()).contains("2026"), "\(axis(f.frame()))")
        f.press(.char("6"))
        #expect(axis(f.frame(200, 49)).contains("2025"))
        f.press(.char("4"))
        #expect(!axis(f.frame()).contains("202"))
    }

    /// `days` of the last 14 weighed, going down, with a goal below.
    func weighed(days: Int) -> HistoryFixture {
        let entries = (0..<days).map { entry(Int64($0 + 1), "8\($0 % 10).5", daysAgo: $0) }
        return HistoryFixture(entries: entries, goal: Weight(digits: "78", unit: .kg))
    }

    /// TrendWeight's rule: a rate from 9 of the last 14 days weighed, else
    /// "--" for it and for the goal's date that would come from it.
    @Test func underNineOfTheLastFourteenDaysTheRateAndTheDateAreDashes() {
        let eight = weighed(days: 8).frame()[11]
        #expect(eight.contains("   -- kg/week   "), "\(eight)")
        #expect(eight.hasSuffix("Goal 78.0 kg by --"), "\(eight)")
        let nine = weighed(days: 9).frame()[11]
        #expect(!nine.contains("--"), "\(nine)")
        #expect(nine.contains(" kg/week"))
    }

    @Test func helpSaysWhyTheRateIsDashes() {
        let section = HistoryScreen.helpSections[0]
        #expect(section.entries.contains { $0.keys == "-- /week, by --" && $0.text.contains("9 of the last 14 days") })
    }
}
