import Foundation
import GrocerCLI
import GrocerCore
import GrocerExchange
import GrocerStore
import Testing

@testable import grocer

/// With the unit st, every command that shows or takes a weight does so in
/// stones and pounds; JSON keeps pounds with the unit named.
@Suite struct StonesCommandTests {
    static let posix = Locale(identifier: "en_US_POSIX")
    static let at = Date(timeIntervalSince1970: 1_767_598_200)  // 2026-01-05T07:30:00Z

    @Test func addTakesStonesAsOneOrTwoWordsAndSaysStones() throws {
        #expect(try WeightCommand.Add.parse(["11", "7"]).value == "11 7")
        #expect(try WeightCommand.Add.parse(["11 st 7 lb", "--unit", "st"]).unit == .st)
        #expect(throws: (any Error).self) { try WeightCommand.Add.parse([]) }
        #expect(try WeightParsing.parse("11 7", in: .st, locale: Self.posix) == Weight(digits: "161", unit: .lbs))
        #expect(try WeightParsing.parse("11st7.5", in: .st, locale: Self.posix) == Weight(digits: "161.5", unit: .lbs))
        let entry = WeightEntry(id: 3, weight: Weight(digits: "161.5", unit: .lbs)!, recordedAt: Self.at)
        #expect(WeightCommand.describe(entry, in: .st) == "11 st 7.5 lb at 2026-01-05T07:30:00Z")
        #expect(WeightCommand.describe(entry) == "161.5 lbs at 2026-01-05T07:30:00Z")
        #expect(throws: CommandError.notStones("11 14")) { try WeightParsing.parse("11 14", in: .st, locale: Self.posix) }
        #expect(throws: CommandError.notStones("0 st")) { try WeightParsing.parse("0 st", in: .st, locale: Self.posix) }
    }

    /// `weight goal 11 7` with the unit st is 11 st 7 lb, not 117 or 11 lbs.
    @Test func theGoalIsTypedAndShownInStones() throws {
        #expect(try WeightCommand.Goal.parse(["11", "7"]).value == "11 7")
        #expect(try WeightCommand.Goal.parse(["11 st 7"]).value == "11 st 7")
        #expect(try WeightCommand.Goal.parse([]).value == nil)
        #expect(try WeightCommand.Goal.parse(["--unit", "st"]).unit == .st)  // printing, in stones
        #expect(try WeightParsing.parse("11 7", in: .st, locale: Self.posix) == Weight(digits: "161", unit: .lbs))
        #expect(try WeightParsing.parse("11", in: .st, locale: Self.posix) == Weight(digits: "154", unit: .lbs))
        #expect(WeightCommand.text(Weight(digits: "161", unit: .lbs)!, in: .st) == "11 st 7 lb")
        #expect(WeightCommand.text(Weight(digits: "161", unit: .lbs)!, in: nil) == "161 lbs")
    }

    /// Every command that takes or shows a weight takes `--unit st`.
    @Test func everyWeightCommandTakesUnitSt() throws {
        #expect(try WeightCommand.List.parse(["--unit", "st"]).unit == .st)
        #expect(try WeightCommand.Edit.parse(["1", "--value", "11 7", "--unit", "st"]).unit == .st)
        #expect(try WeightTrendCommand.parse(["--unit", "st"]).unit == .st)
        #expect(try WeightAveragesCommand.parse(["--unit", "st"]).unit == .st)
        #expect(try WeightCommand.Goal.parse(["11", "7", "--unit", "st"]).unit == .st)
        #expect(try WeightCommand.Add.parse(["11", "7", "--unit", "st"]).unit == .st)
    }

    /// `weight list`: in stones, a weight in pounds exactly, another unit
    /// converted with the value as typed after it; as typed without a unit.
    @Test func listShowsStones() throws {
        func line(_ digits: String, _ unit: WeightUnit, _ shown: DisplayUnit?) throws -> String {
            var out: [UInt8] = []
            var writer = ExportWriter(lines: nil, shown: shown) { out += $0 }
            try writer.append(id: 1, seconds: 1_767_598_200, digits: digits, unit: unit)
            try writer.finish()
            return String(decoding: out, as: UTF8.self)
        }
        #expect(try line("161.5", .lbs, .st) == "1\t2026-01-05T07:30:00Z\t11 st 7.5 lb\n")
        #expect(try line("154", .lbs, .st) == "1\t2026-01-05T07:30:00Z\t11 st 0 lb\n")
        #expect(try line("72.5", .kg, .st) == "1\t2026-01-05T07:30:00Z\t11 st 5.84 lb (72.5 kg)\n")
        #expect(try line("180", .lbs, .kg) == "1\t2026-01-05T07:30:00Z\t81.65 kg (180 lbs)\n")
        #expect(try line("72.50", .kg, .kg) == "1\t2026-01-05T07:30:00Z\t72.50 kg\n")
        #expect(try line("72.50", .kg, nil) == "1\t2026-01-05T07:30:00Z\t72.50 kg\n")
    }

    static func trend() -> WeightTrend {
        let days = [(1, "161"), (2, "160.5"), (3, "160"), (4, "167.96")].map { day, pounds in
            DayFigure(day: CivilDay(year: 2026, month: 1, day: day), sum: Decimal(string: pounds)!, count: 1)
        }
        return WeightTrend(days: days, unit: .lbs)
    }

    @Test func trendTextShowsStonesToATenthAndTheRateInPounds() {
        let text = TrendText.render(Self.trend(), range: .all, goal: 154, display: .st)
        #expect(
            text == """
                date               weight          trend
                2026-01-01     11 st 7 lb     11 st 7 lb
                2026-01-02   11 st 6.5 lb     11 st 7 lb
                2026-01-03     11 st 6 lb   11 st 6.9 lb
                2026-01-04     12 st 0 lb   11 st 7.6 lb

                Trend: 11 st 7.6 lb on 2026-01-04.
                Change per week: not yet (fewer than 9 of the last 14 days have entries).
                Goal: 11 st 0 lb.

                """)
        // The same trend without stones: pounds, as before.
        #expect(TrendText.render(Self.trend(), range: .all, goal: 154).contains("2026-01-04  167.96 lbs  161.57 lbs"))
        #expect(TrendText.render(Self.trend(), range: .all, goal: 154, display: .lbs) == TrendText.render(Self.trend(), range: .all, goal: 154))
        // JSON keeps pounds, the unit named.
        #expect(TrendJSON.render(Self.trend(), range: .all, goal: 154).contains("\"unit\": \"lbs\""))
    }

    @Test func averagesShowStones() throws {
        var averages = WeightAverages(period: .month, unit: .lbs, timeZone: TimeZone(identifier: "UTC")!)
        averages.add(Weight(digits: "161", unit: .lbs)!, at: Self.at)
        averages.add(Weight(digits: "72.5", unit: .kg)!, at: Self.at.addingTimeInterval(86_400))
        func render(_ command: WeightAveragesCommand) -> String {
            var bytes: [UInt8] = []
            command.text(unit: .lbs, display: .st).write(averages.finished().map(WeightAverages.HundredthsFigure.init)) { bytes += $0 }
            return String(decoding: bytes, as: UTF8.self)
        }
        #expect(
            render(try WeightAveragesCommand.parse(["--by", "month", "--unit", "st"])) == """
                Month of    Weigh-ins           Mean            Min            Max
                2026-01-01          2   11 st 6.4 lb   11 st 5.8 lb     11 st 7 lb

                """)
        let json = render(try WeightAveragesCommand.parse(["--json", "--unit", "st"]))
        #expect(json.contains("\"unit\": \"lbs\"") && json.contains("\"mean\": 160.42"))
    }
}
