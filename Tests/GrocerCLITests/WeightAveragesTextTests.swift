import Foundation
import TestSupport
import Testing

@testable import GrocerCLI
@testable import GrocerCore

/// `grocer weight averages` written digit by digit gives, byte for byte,
/// what it printed from Decimals (`Weight.fixed2`, `Stones.text`,
/// `CivilDay.description`, joined as below): weeks and months, kg, lbs and
/// stones, text and JSON, on random and edge values.
@Suite struct WeightAveragesTextTests {
    /// The command's rendering before issue 35's digits, kept as the reference.
    static func decimalRender(
        _ figures: [WeightAverages.Figure], by: WeightAverages.Period, unit measure: WeightUnit, display: DisplayUnit, json: Bool
    ) -> String {
        let unit = measure.rawValue
        let fixed = Weight.fixed2
        if json {
            let periods = figures.map {
                "\n    {\"start\": \"\($0.firstDay)\", \"count\": \($0.count), \"mean\": \(fixed($0.mean)), "
                    + "\"min\": \(fixed($0.min)), \"max\": \(fixed($0.max))}"
            }
            return "{\n  \"unit\": \"\(unit)\",\n  \"by\": \"\(by.rawValue)\",\n  \"periods\": ["
                + periods.joined(separator: ",") + (periods.isEmpty ? "]\n}\n" : "\n  ]\n}\n")
        }
        if figures.isEmpty { return "No weights yet.\n" }
        let stones = display == .st && measure == .lbs
        let figure = { (value: Decimal) in stones ? Stones.text(pounds: value, digits: 1) : fixed(value) }
        let named = { (title: String) in stones ? String(repeating: " ", count: 13 - title.count) + title : "\(title) (\(unit))" }
        let header = [by == .week ? "Week of   " : "Month of  ", "Weigh-ins", named("Mean"), named("Min"), named("Max")]
        func pad(_ text: String, _ width: Int) -> String { String(repeating: " ", count: max(0, width - text.count)) + text }
        var lines = [header.joined(separator: "  ")]
        for f in figures {
            let cells = ["\(f.firstDay)", String(f.count), figure(f.mean), figure(f.min), figure(f.max)]
            lines.append(zip(cells, header).map { cell, title in pad(cell, title.count) }.joined(separator: "  "))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func written(_ figures: [WeightAverages.HundredthsFigure], by: WeightAverages.Period, unit: WeightUnit, display: DisplayUnit, json: Bool)
        -> (text: String, pieces: Int)
    {
        var bytes: [UInt8] = []
        var pieces = 0
        WeightAveragesText(period: by, unit: unit, display: display, json: json).write(figures) {
            bytes += $0
            pieces += 1
        }
        return (String(decoding: bytes, as: UTF8.self), pieces)
    }

    static func one(_ bytes: (inout [UInt8]) -> Void) -> String {
        var out: [UInt8] = []
        bytes(&out)
        return String(decoding: out, as: UTF8.self)
    }

    static func decimal(_ hundredths: Int) -> Decimal {
        Decimal(sign: hundredths < 0 ? .minus : .plus, exponent: -2, significand: Decimal(hundredths.magnitude))
    }

    /// Hundredths at the edges of every rounding the text does: to a tenth
    /// of a pound (x.x5, x.x4), at 14 pounds (13.95 rounds to a stone
    /// more), zero, and the largest weigh-ins.
    static let edges = [
        0, 1, 4, 5, 9, 10, 45, 50, 95, 99, 100, 1_394, 1_395, 1_399, 1_400, 1_404, 1_405, 2_795, 15_845, 15_844, 15_850, 15_895,
        15_995, 16_100, 99_999, 100_000, 999_999_999, 2_299_999_997,
    ]

    @Test func figuresAreWrittenAsTheDecimalTextSaysThem() {
        var random = SplitMix(state: 35)
        let values = Self.edges + (0..<20_000).map { _ in Int.random(in: 0...60_000, using: &random) }
        for value in values + values.map({ -$0 }) {
            #expect(Self.one { $0.appendFixed2(value) } == Weight.fixed2(Self.decimal(value)), "\(value)")
            #expect(Self.one { $0.appendInteger(value) } == String(value))
        }
        for value in values {
            #expect(Self.one { $0.appendStones(poundsHundredths: value) } == Stones.text(pounds: Self.decimal(value), digits: 1), "\(value)")
        }
        for value in Self.edges.prefix(6) where value > 0 {
            #expect(Self.one { $0.appendStones(poundsHundredths: -value) } == Stones.text(pounds: Self.decimal(-value), digits: 1))
        }
    }

    @Test func daysAreWrittenAsTheirDescription() {
        var random = SplitMix(state: 36)
        let edges = [0, -1, 59, 60, CivilDay(year: 1, month: 1, day: 1).number, CivilDay(year: 9999, month: 12, day: 31).number]
        for number in edges + (0..<5_000).map({ _ in Int.random(in: -800_000...2_900_000, using: &random) }) {
            #expect(Self.one { $0.appendDay(CivilDay(number: number)) } == CivilDay(number: number).description)
        }
    }

    /// Whole outputs from random figures, as a fold of `weight_day` makes
    /// them and as every entry makes them, in every unit, period and form.
    @Test func theOutputIsByteForByteTheDecimalOne() {
        var random = SplitMix(state: 37)
        for length in [0, 1, 2, 7, 300, 3_000] {
            var day = Int.random(in: 0...20_000, using: &random)
            let figures = (0..<length).map { _ in
                day += 7 * Int.random(in: 1...3, using: &random)
                let values = (0..<3).map { _ in Self.edges.randomElement(using: &random)! + Int.random(in: 0...20_000, using: &random) }.sorted()
                return WeightAverages.HundredthsFigure(
                    firstDay: CivilDay(number: day), count: Int.random(in: 1...10_000, using: &random), mean: values[1], min: values[0],
                    max: values[2])
            }
            for period in WeightAverages.Period.allCases {
                for display in DisplayUnit.allCases {
                    for json in [false, true] {
                        let written = Self.written(figures, by: period, unit: display.measure, display: display, json: json)
                        let expected = Self.decimalRender(figures.map(\.figure), by: period, unit: display.measure, display: display, json: json)
                        #expect(written.text == expected, "\(length) \(period) \(display) json \(json)")
                        // In pieces of about 64 KiB, not one string of it all.
                        #expect(written.pieces == 1 || expected.utf8.count > OutputBuffer.chunkSize)
                        #expect(expected.utf8.count < 2 * OutputBuffer.chunkSize || written.pieces > 1)
                        let first = figures.first ?? Self.sample
                        #expect(WeightAverages.HundredthsFigure(first.figure) == first)
                    }
                }
            }
        }
    }

    static let sample = WeightAverages.HundredthsFigure(firstDay: CivilDay(number: 0), count: 1, mean: 7_250, min: 7_250, max: 7_250)
}
