import Foundation
import GrocerCore

/// What `grocer weight averages` prints, written digit by digit into bytes
/// handed on in 64 KiB pieces: no Decimal and no String per figure (issue
/// 35: at 30,000 days, Decimal to text was a fifth of the command's time).
/// Byte for byte what the command printed from Decimals (`Weight.fixed2`,
/// `Stones.text`, `CivilDay.description`; tested on random and edge values).
public struct WeightAveragesText {
    public let period: WeightAverages.Period
    /// The unit the figures are in.
    public let unit: WeightUnit
    public let json: Bool
    /// Figures in pounds shown as stones and pounds, to a tenth.
    let stones: Bool

    public init(period: WeightAverages.Period, unit: WeightUnit, display: DisplayUnit, json: Bool) {
        self.period = period
        self.unit = unit
        self.json = json
        self.stones = display == .st && unit == .lbs
    }

    /// The whole output for `figures`, to `sink` in pieces.
    public func write(_ figures: [WeightAverages.HundredthsFigure], to sink: ([UInt8]) -> Void) {
        var out: [UInt8] = []
        out.reserveCapacity(OutputBuffer.chunkSize + 256)
        func flushIfFull() {
            if out.count >= OutputBuffer.chunkSize {
                sink(out)
                out.removeAll(keepingCapacity: true)
            }
        }
        if json {
            out.append("{\n  \"unit\": \"\(unit.rawValue)\",\n  \"by\": \"\(period.rawValue)\",\n  \"periods\": [")
            for (i, f) in figures.enumerated() {
                out.append(i == 0 ? "\n    {\"start\": \"" : ",\n    {\"start\": \"")
                out.appendDay(f.firstDay)
                out.append("\", \"count\": ")
                out.appendInteger(f.count)
                out.append(", \"mean\": ")
                out.appendFixed2(f.mean)
                out.append(", \"min\": ")
                out.appendFixed2(f.min)
                out.append(", \"max\": ")
                out.appendFixed2(f.max)
                out.append("}")
                flushIfFull()
            }
            out.append(figures.isEmpty ? "]\n}\n" : "\n  ]\n}\n")
        } else if figures.isEmpty {
            out.append("No weights yet.\n")
        } else {
            let header = header
            out.append(header.joined(separator: "  "))
            let widths = header.map(\.utf8.count)
            var cell: [UInt8] = []
            cell.reserveCapacity(32)
            func put(_ column: Int, _ make: (inout [UInt8]) -> Void) {
                cell.removeAll(keepingCapacity: true)
                make(&cell)
                if column > 0 { out.append("  ") }
                for _ in cell.count..<max(cell.count, widths[column]) { out.append(UInt8(ascii: " ")) }
                out.append(contentsOf: cell)
            }
            for f in figures {
                out.append(UInt8(ascii: "\n"))
                put(0) { $0.appendDay(f.firstDay) }
                put(1) { $0.appendInteger(f.count) }
                put(2) { $0.appendFigure(f.mean, stones: stones) }
                put(3) { $0.appendFigure(f.min, stones: stones) }
                put(4) { $0.appendFigure(f.max, stones: stones) }
                flushIfFull()
            }
            out.append(UInt8(ascii: "\n"))
        }
        if !out.isEmpty { sink(out) }
    }

    /// The text table's column titles.
    var header: [String] {
        let named = { (title: String) in stones ? String(repeating: " ", count: 13 - title.count) + title : "\(title) (\(unit.rawValue))" }
        return [period == .week ? "Week of   " : "Month of  ", "Weigh-ins", named("Mean"), named("Min"), named("Max")]
    }
}

extension [UInt8] {
    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { append(contentsOf: $0) }
    }

    /// The decimal digits of `value`'s magnitude, at least `width` of them.
    mutating func appendDigits(_ value: Int, width: Int = 1) {
        var rest = value.magnitude
        var digits = 1
        var probe = rest
        while probe >= 10 {
            probe /= 10
            digits += 1
        }
        let start = count
        append(contentsOf: repeatElement(UInt8(ascii: "0"), count: Swift.max(digits, width)))
        var i = count - 1
        while i >= start, rest > 0 {
            self[i] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
            i -= 1
        }
    }

    /// `String(value)`.
    mutating func appendInteger(_ value: Int) {
        if value < 0 { append(UInt8(ascii: "-")) }
        appendDigits(value)
    }

    /// `Weight.fixed2` of `hundredths` / 100: "72.35", "-0.70", "0.00".
    mutating func appendFixed2(_ hundredths: Int) {
        if hundredths < 0 { append(UInt8(ascii: "-")) }
        let magnitude = Int(hundredths.magnitude)
        appendDigits(magnitude / 100)
        append(UInt8(ascii: "."))
        appendDigits(magnitude % 100, width: 2)
    }

    mutating func appendFigure(_ hundredths: Int, stones: Bool) {
        if stones { appendStones(poundsHundredths: hundredths) } else { appendFixed2(hundredths) }
    }

    /// `Stones.text(pounds:digits: 1)` of `poundsHundredths` / 100 pounds:
    /// "11 st 4.5 lb", "11 st 0 lb" (the pounds to a tenth, rounded half
    /// away from zero, trailing zero dropped).
    mutating func appendStones(poundsHundredths: Int) {
        guard poundsHundredths >= 0 else {
            // Never from weigh-ins (all above 0): as the Decimal path says it.
            let value = Decimal(sign: .minus, exponent: -2, significand: Decimal(poundsHundredths.magnitude))
            append(Stones.text(pounds: value, digits: 1))
            return
        }
        let tenths = Int(WeightAverages.Hundredths.rounded(Int128(poundsHundredths), over: 10))
        appendDigits(tenths / 140)
        append(" st ")
        let rest = tenths % 140
        appendDigits(rest / 10)
        if rest % 10 != 0 {
            append(UInt8(ascii: "."))
            appendDigits(rest % 10)
        }
        append(" lb")
    }

    /// `CivilDay.description`: "2026-01-05".
    mutating func appendDay(_ day: CivilDay) {
        let c = CivilDay.civilFromDays(day.number)
        guard c.year >= 0 else { return append(day.description) }
        appendDigits(c.year, width: 4)
        append(UInt8(ascii: "-"))
        appendDigits(c.month, width: 2)
        append(UInt8(ascii: "-"))
        appendDigits(c.day, width: 2)
    }
}
