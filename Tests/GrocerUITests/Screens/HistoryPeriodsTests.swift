import Foundation
import GrocerCore
import Testing

@testable import GrocerUI

/// `w` shows the weeks, then the months, in place of the entries: each
/// period's mean, lowest and highest weigh-in, their number, the change
/// from the period before and the trend at its end.
@Suite struct HistoryPeriodsTests {
    static let noon = HistoryFixture.noon  // Saturday, Nov 21, 2026

    func entry(_ id: Int64, _ digits: String, _ unit: WeightUnit = .kg, daysAgo: Double) -> WeightEntry {
        WeightEntry(id: id, weight: Weight(digits: digits, unit: unit)!, recordedAt: Self.noon.addingTimeInterval(-daysAgo * 86_400))
    }

    /// Three weeks (from Mondays Nov 2, 9, 16), one month; two entries on
    /// Nov 11, one in pounds (180 lbs = 81.6466... kg).
    var entries: [WeightEntry] {
        [
            entry(1, "82", daysAgo: 14), entry(2, "81", daysAgo: 10), entry(3, "81.6", daysAgo: 9.9), entry(4, "81.4", daysAgo: 8),
            entry(5, "180", .lbs, daysAgo: 3), entry(6, "80.5", daysAgo: 0),
        ]
    }

    func list(_ lines: [String]) -> [String] {
        Array(lines[14...].filter { !$0.isEmpty })
    }

    @Test func weeksShowMeanMinMaxCountChangeAndTrendNewestFirst() {
        var f = HistoryFixture(entries: entries)
        f.press(.char("w"))
        let lines = f.frame()
        #expect(lines[13] == " Week of (kg)      mean     min     max  weigh-ins  change   trend       1 of 3")
        #expect(
            list(lines) == [
                "  Nov 16, 2026     81.07   80.50   81.65          2   −0.26   81.72",
                "  Nov 9, 2026      81.33   81.00   81.60          3   −0.67   81.88",
                "  Nov 2, 2026      82.00   82.00   82.00          1           82.00",
            ])
    }

    /// The figures agree with `grocer weight averages` (WeightAverages over
    /// the entries) and the trend with WeightTrend at each period's last day.
    @Test(arguments: [WeightAverages.Period.week, .month])
    func theFiguresAreThoseOfTheEntries(period: WeightAverages.Period) {
        var f = HistoryFixture(
            entries: HistoryFixture.daily(120) + entries.map { entry($0.id + 1000, $0.weight.digits, $0.weight.unit, daysAgo: 0.1) })
        f.press(.char("w"))
        if period == .month { f.press(.char("w")) }
        guard let list = f.screen.periods else {
            Issue.record("no periods")
            return
        }
        let zone = f.context.locales.timeZone
        var reference = WeightAverages(period: period, unit: .kg, timeZone: zone)
        for e in f.entries { reference.add(e.weight, at: e.recordedAt) }
        let expected = reference.finished().reversed()
        let trend = WeightTrend(entries: f.entries, unit: .kg, timeZone: zone)
        #expect(list.rows.map(\.firstDay) == expected.map(\.firstDay))
        #expect(list.rows.map(\.count) == expected.map(\.count))
        #expect(list.rows.map(\.mean) == expected.map(\.mean))
        #expect(list.rows.map(\.trend) == list.rows.map { trend.trend(on: WeightAverages.end(of: $0.firstDay, period: period))?.rounded(scale: 2) })
        #expect(list.rows.dropLast().map(\.change) == zip(expected.dropLast(), expected.dropFirst()).map { $0.mean - $1.mean })
        for row in list.rows.prefix(HistoryScreen.listRows(f.context.size)) {
            let figure = expected.first { $0.firstDay == row.firstDay }
            #expect(list.extremes[row.firstDay] == figure.map { WeightAverages.Extremes(lowest: $0.min, highest: $0.max) })
        }
    }

    @Test func wGoesEntriesWeeksMonthsEntriesAndEscBackToTheEntries() {
        var f = HistoryFixture(entries: entries)
        #expect(f.frame()[13].hasPrefix(" Entries, newest first"))
        f.press(.char("w"))
        #expect(f.frame()[13].hasPrefix(" Week of (kg)"))
        f.press(.char("w"))
        #expect(f.frame()[13].hasPrefix(" Month (kg)"))
        #expect(list(f.frame()) == ["  Nov 2026         81.36   80.50   82.00          6           81.72"])
        f.press(.char("w"))
        #expect(f.frame()[13].hasPrefix(" Entries, newest first"))
        f.press(.char("w"))
        #expect(f.press(.escape) == .redraw)
        #expect(f.frame()[13].hasPrefix(" Entries, newest first"))
        #expect(f.press(.escape) == .go(.weight))
    }

    /// Up/Down, PgUp/PgDn, g/G move over the periods as over the entries;
    /// the extremes are asked for the rows shown and a page around, never
    /// for every period at once; d, e and u act only on the entries.
    @Test func theKeysScrollThePeriodsAndOnlyTheRowsShownAreAskedFor() {
        var f = HistoryFixture(entries: HistoryFixture.daily(800))
        f.press(.char("w"))
        let rows = HistoryScreen.listRows(f.context.size)
        // Read by pages from the newest: the rows shown and two pages more;
        // how many in all, once the oldest is read.
        let page = PeriodList.pageSize(visible: rows)
        #expect(f.screen.periods?.rows.count == page)
        #expect(f.screen.periods?.total == nil)
        #expect(f.frame()[13].hasSuffix("1 of \(page)+"))
        f.press(.down)
        #expect(f.frame()[13].hasSuffix("2 of \(page)+"))
        #expect(f.frame()[15].hasPrefix(" ") && f.frame()[15].contains("Nov 9, 2026"))
        f.press(.pageDown)
        // The rows shown reach a page from the end of those read: the next page.
        #expect(f.frame()[13].hasSuffix("\(2 + rows - 1) of \(2 * page)+"))
        f.press(.char("G"))
        #expect(f.frame()[13].hasSuffix("115 of 115"))
        #expect(f.screen.periods?.total == 115)
        #expect(!f.frame().joined().contains("…"))
        f.press(.char("g"))
        #expect(f.frame()[13].hasSuffix("1 of 115"))
        let asked = f.performed.compactMap { effect -> WeightExtremesRequest? in
            if case .history(.loadWeightExtremes(let request)) = effect { return request }
            return nil
        }
        #expect(!asked.isEmpty)
        #expect(asked.allSatisfy { ($0.last.number - $0.first.number) / 7 < 3 * rows })
        let before = f.entries.count
        f.press(.char("d"))
        f.press(.char("e"))
        #expect(f.entries.count == before && f.screen.form == nil)
    }

    @Test func helpListsTheKeyAndTheHintBarShowsIt() {
        let section = HistoryScreen.helpSections[0]
        #expect(section.entries.contains { $0.keys == "w" && $0.text.contains("weekly") })
        #expect(section.entries.contains { $0.keys == "Esc" && $0.text.contains("back to the entries") })
    }

    /// At 200x50 the periods fill the rows under the graph.
    @Test func atTwoHundredByFiftyThePeriodsFillTheList() {
        var f = HistoryFixture(entries: HistoryFixture.daily(800))
        f.context.size = Size(width: 200, height: 49)
        f.press(.char("w"))
        let lines = f.frame(200, 49)
        let header = lines.firstIndex { $0.hasPrefix(" Week of (kg)") } ?? 0
        #expect(header > 25)
        #expect(lines[(header + 1)...].allSatisfy { !$0.isEmpty })
        #expect(!lines.joined().contains("…"))
    }
}
