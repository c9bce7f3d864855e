import Foundation
import GrocerCore
import Testing

@testable import GrocerUI

@Suite struct TrendGraphTests {
    static let label: @Sendable (CivilDay) -> String = { "\($0.month)/\($0.day)" }
    static let day0 = CivilDay(year: 2026, month: 11, day: 1).number

    func draw(_ graph: TrendGraph, width: Int = 20, height: Int = 5) -> Canvas {
        var canvas = Canvas(width: width, height: height)
        graph.render(into: &canvas, top: 0, left: 0, width: width, height: height)
        return canvas
    }

    /// Four days with entries over five, the trend a tenth of the way each day.
    static let known: [TrendGraph.Point] = [
        .init(day: day0, weight: 80, trend: 80),
        .init(day: day0 + 1, weight: 79, trend: 79.9),
        .init(day: day0 + 2, weight: 79.5, trend: 79.86),
        .init(day: day0 + 4, weight: 78.5, trend: 79.72),
    ]

    // Worked by hand: y from 80.1 (top dot) to 77.9 (bottom dot), 5 dots a
    // unit; x 29/4 dots a day. The weights sit at (0,0) (7,6) (15,3) (29,8);
    // the trend runs flat at y 0, steps to 1 at x 7, to 2 at x 29; the goal
    // is the bottom dot row.
    @Test func aKnownSeriesDrawsInBrailleWithTheGoal() {
        let graph = TrendGraph(first: Self.day0, last: Self.day0 + 4, points: Self.known, goal: 78, dayLabel: Self.label)
        #expect(
            draw(graph).lines == [
                "80.1┤⠉⠉⠉⠙⠒⠒⠒⢒⠒⠒⠒⠒⠒⠒⠲",
                "    │   ⠠",
                "77.9┤⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣀⣈",
                "    └───────────────",
                "     11/1       11/5",
            ])
    }

    @Test func withoutUTF8TheSameGraphIsASCII() {
        let graph = TrendGraph(first: Self.day0, last: Self.day0 + 4, points: Self.known, goal: 78, dayLabel: Self.label)
        #expect(
            draw(graph).asciiLines == [
                "80.1+''''''':'''''':",
                "    |   .",
                "77.9+..............:",
                "    +---------------",
                "     11/1       11/5",
            ])
    }

    @Test func withoutAGoalNoGoalLineAndTheAxisFitsTheWeights() {
        let graph = TrendGraph(first: Self.day0, last: Self.day0 + 4, points: Self.known, dayLabel: Self.label)
        let lines = draw(graph).lines
        #expect(lines[0].hasPrefix("80.1┤"))
        #expect(lines[2].hasPrefix("78.4┤"))
        #expect(!lines[2].contains("⣀⣀⣀⣀"))
    }

    @Test func theTrendAndGoalAreStyledApartFromTheWeights() {
        let graph = TrendGraph(first: Self.day0, last: Self.day0 + 4, points: Self.known, goal: 78, dayLabel: Self.label)
        let canvas = draw(graph)
        #expect(canvas[0, 6].style == .accent)  // the trend
        #expect(canvas[1, 8].style == [])  // a weight alone
        #expect(canvas[2, 6].style == .dim)  // the goal
    }

    /// A thousand days in 15 columns: each column shows its lowest to its
    /// highest day, so one day far above the rest still shows.
    @Test func manyDaysInAColumnShowTheirMinimumToMaximumNeverDropped() {
        var points: [TrendGraph.Point] = []
        for i in 0..<1000 {
            let weight: Double = i == 500 ? 90 : 80
            points.append(.init(day: Self.day0 + i, weight: weight, trend: 80))
        }
        let graph = TrendGraph(first: Self.day0, last: Self.day0 + 999, points: points, dayLabel: Self.label)
        let lines = draw(graph).lines
        #expect(lines[0].hasPrefix("90.5┤"))
        // The column holding day 500 (dot x 15 of 30) reaches the top row.
        let top = Array(lines[0].dropFirst(5))
        #expect(top.count == 8 && top[7] != " ")
        // Every other column is empty up there.
        #expect(top.prefix(7).allSatisfy { $0 == " " })
    }

    @Test func theYAxisUsesTheLocalesSeparator() {
        let graph = TrendGraph(
            first: Self.day0, last: Self.day0 + 4, points: Self.known, goal: 78, separator: ",", dayLabel: Self.label)
        #expect(draw(graph).lines[0].hasPrefix("80,1┤"))
    }

    /// The axis names the last day at the right end, whatever the width:
    /// the labels between give way to it (it fell out when the one before
    /// it reached within two columns of the end).
    @Test(arguments: [30, 41, 60, 80, 120, 200])
    func theLastDayIsNamedAtTheRightEnd(width: Int) {
        let points = (0..<365).map { TrendGraph.Point(day: Self.day0 + $0, weight: 80 + Double($0 % 7), trend: 82) }
        let graph = TrendGraph(first: Self.day0, last: Self.day0 + 364, points: points, dayLabel: Self.label)
        let axis = draw(graph, width: width, height: 8).lines[7]
        #expect(axis.hasSuffix(Self.label(CivilDay(number: Self.day0 + 364))), "\(axis)")
        #expect(axis.hasPrefix("     " + Self.label(CivilDay(number: Self.day0))), "\(axis)")
        // None run into each other: two spaces at least between labels.
        let labels = axis.split(separator: " ")
        #expect(labels.count >= 2)
        #expect(axis.components(separatedBy: "  ").filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.count == labels.count)
    }

    @Test func aSingleDayIsDrawnAtTheRightEdge() {
        let graph = TrendGraph(
            first: Self.day0, last: Self.day0, points: [.init(day: Self.day0, weight: 80, trend: 80)], dayLabel: Self.label)
        let lines = draw(graph).lines
        #expect(lines[1].hasSuffix("│              ⠠"))
        #expect(lines[4].hasSuffix("11/1"))
    }

    @Test func fromATrendTheRangeEndsAtTheLastDayWithEntries() {
        let days = (0..<200).map { DayFigure(day: CivilDay(number: Self.day0 + $0), sum: Decimal(80 - $0 / 20), count: 1) }
        let trend = WeightTrend(days: days, unit: .kg)
        let graph = TrendGraph(trend: trend, range: .month, goal: nil, separator: ".", dayLabel: Self.label)
        #expect(graph.last == Self.day0 + 199)
        #expect(graph.first == CivilDay(number: Self.day0 + 199).adding(months: -1).number)
        #expect(graph.points.count == Self.day0 + 199 - graph.first + 1)
        #expect(graph.trendAtStart != nil)
    }
}

@Suite struct TrendGraphGoalTests {
    func draw(_ graph: TrendGraph, width: Int = 20, height: Int = 5) -> [String] {
        var canvas = Canvas(width: width, height: height)
        graph.render(into: &canvas, top: 0, left: 0, width: width, height: height)
        return canvas.lines
    }

    /// A goal further below the data than the data's span is left off the
    /// axis: the data keeps the rows, a marker in the bottom row names it.
    @Test func aGoalFarBelowIsClippedWithAMarkerAndItsValue() {
        let graph = TrendGraph(
            first: TrendGraphTests.day0, last: TrendGraphTests.day0 + 4, points: TrendGraphTests.known, goal: 60,
            dayLabel: TrendGraphTests.label)
        #expect(graph.goalPlace == .below)
        let lines = draw(graph, width: 30)
        #expect(lines[0].hasPrefix("80.1┤"))
        #expect(lines[2].hasPrefix("78.4┤"))
        #expect(lines[2].hasSuffix("▼ goal 60.0"))
        #expect(!lines.joined().contains("⣀⣀⣀⣀"))
    }

    @Test func aGoalFarAboveIsMarkedInTheTopRow() {
        let graph = TrendGraph(
            first: TrendGraphTests.day0, last: TrendGraphTests.day0 + 4, points: TrendGraphTests.known, goal: 95.5,
            dayLabel: TrendGraphTests.label)
        #expect(graph.goalPlace == .above)
        let lines = draw(graph, width: 30)
        #expect(lines[0].hasPrefix("80.1┤") && lines[0].hasSuffix("▲ goal 95.5"))
    }

    /// Within the data's span of it the goal is a line on the axis, as before.
    @Test func aGoalNearTheDataIsDrawnAsALine() {
        let graph = TrendGraph(
            first: TrendGraphTests.day0, last: TrendGraphTests.day0 + 4, points: TrendGraphTests.known, goal: 77.5,
            dayLabel: TrendGraphTests.label)
        #expect(graph.goalPlace == .inside)
        let lines = draw(graph, width: 30)
        #expect(!lines.joined().contains("goal"))
        #expect(lines[2].hasPrefix("77.3┤"))
    }
}
