import Foundation
import GrocerCore

extension Route {
    public static let tip = Route("tip")
}

/// The tip calculator: the bill typed as digits in the currency's minor
/// unit, a 15% column and a custom column (a 0-30% slider), both split among
/// 1 to 20 people. Nothing is kept between runs: a bill is not health data.
public struct TipScreen: Screen, Equatable {
    public private(set) var bill = BillDigits()
    public private(set) var customPercent = TipCalculation.defaultCustomPercent
    public private(set) var people = 1
    /// Why the last key was refused; cleared by the next accepted key.
    public private(set) var message: String?

    public let currency: Currency
    private let format: TipFormatter

    /// `locale` is the monetary locale: it picks the currency and formats.
    public init(locale: Locale) {
        currency = Currency(locale: locale)
        format = TipFormatter(locale: locale)
    }

    /// The amounts on screen; nil while the bill is empty.
    public var sheet: TipSheet? {
        bill.isEmpty ? nil : TipSheet(bill: bill.money(in: currency), customPercent: customPercent, people: people)
    }

    // MARK: Keys

    public static let splitFewer: [Character] = ["<", "["]
    public static let splitMore: [Character] = [">", "]"]

    public static let bindings: [Binding<TipScreen>] = [
        Binding(
            keys: [], typing: { _ in true }, hint: "0-9", label: "bill",
            help: "type the bill in cents (5632 is 56.32)", helpKeys: "0-9"
        ) { s, key, _ in
            guard case .char(let ch) = key else { return .none }
            return s.type(ch)
        },
        Binding(keys: [.backspace], hint: "Bksp", label: "erase", help: "remove the last digit") { s, _, _ in
            guard s.bill.removeLast() else { return s.message == nil ? .none : s.accepted() }
            return s.accepted()
        },
        Binding(keys: [.ctrl("u")], help: "clear the bill") { s, _, _ in
            s.bill = BillDigits()
            return s.accepted()
        },
        Binding(
            keys: [.left, .right, .char("-"), .char("+")], hint: "\u{2190}\u{2192}", label: "tip %",
            help: "custom tip, 0% to 30%", helpKeys: "Left Right  - +"
        ) { s, key, _ in
            s.changePercent(by: key == .left || key == .char("-") ? -1 : 1)
        },
        Binding(
            keys: (splitFewer + splitMore).map(Key.char), hint: "< >", label: "split",
            help: "split among 1 to 20 people", helpKeys: "< >  [ ]"
        ) { s, key, _ in
            guard case .char(let ch) = key else { return .none }
            return s.changePeople(by: splitFewer.contains(ch) ? -1 : 1)
        },
        Binding(keys: [.escape], hint: "Esc", label: "back", help: "back to today's weight", outcome: .go(.weight)),
    ]

    private mutating func type(_ ch: Character) -> Outcome {
        guard ch.isASCII && ch.isNumber else {
            return reject("\u{201C}\(ch)\u{201D} is not a digit: type the bill in digits")
        }
        if bill.append(ch) == .tooManyDigits {
            return reject("The bill takes at most \(BillDigits.maximumCount) digits")
        }
        return accepted()
    }

    private mutating func changePercent(by step: Int) -> Outcome {
        guard TipCalculation.percentRange.contains(customPercent + step) else { return rejectPercent() }
        customPercent += step
        return accepted()
    }

    private mutating func changePeople(by step: Int) -> Outcome {
        guard TipCalculation.peopleRange.contains(people + step) else { return rejectSplit() }
        people += step
        return accepted()
    }

    private mutating func accepted() -> Outcome {
        message = nil
        return .redraw
    }

    private mutating func reject(_ text: String) -> Outcome {
        message = text
        return .reject
    }

    private mutating func rejectPercent() -> Outcome {
        let r = TipCalculation.percentRange
        return reject("The custom tip goes from \(format.percent(r.lowerBound)) to \(format.percent(r.upperBound))")
    }

    private mutating func rejectSplit() -> Outcome {
        let r = TipCalculation.peopleRange
        return reject("The bill splits among \(r.lowerBound) to \(r.upperBound) people")
    }

    // MARK: Drawing

    public static let minimumSize = Size(width: 60, height: 18)
    public static let helpTitle: String? = "Tip calculator"

    static let labelWidth = 12
    static let columnWidth = 22
    static let gap = 2
    static let blockWidth = labelWidth + 2 * columnWidth + gap

    public func render(into canvas: inout Canvas, _ context: AppContext) {
        let left = max(0, (canvas.width - Self.blockWidth) / 2)
        let firstEnd = left + Self.labelWidth + Self.columnWidth
        let secondEnd = firstEnd + Self.gap + Self.columnWidth
        let valueStart = left + Self.labelWidth
        let sheet = self.sheet

        canvas.center("Tip calculator", row: 1, style: .bold)

        canvas.put("Bill", row: 3, column: left)
        let billText = sheet.map { format.money($0.bill) } ?? ""
        Self.putRight(billText, row: 3, end: firstEnd, into: &canvas, style: .bold)
        canvas.cursor = (row: 3, column: firstEnd)

        canvas.put("Custom tip", row: 5, column: left)
        drawSlider(row: 5, column: valueStart, into: &canvas)
        canvas.put("\u{2190} \u{2192} or - + to change", row: 6, column: valueStart, style: .dim)

        canvas.put("Split", row: 8, column: left)
        let end = canvas.put(format.people(people), row: 8, column: valueStart)
        canvas.put("< fewer   > more", row: 8, column: max(end + 3, valueStart + 12), style: .dim)

        Self.putRight(format.percent(TipCalculation.standardPercent), row: 10, end: firstEnd, into: &canvas, style: .underline)
        Self.putRight(format.percent(customPercent), row: 10, end: secondEnd, into: &canvas, style: .underline)
        canvas.put("Tip", row: 11, column: left)
        canvas.put("Total", row: 12, column: left)
        if people > 1 { canvas.put("Per person", row: 13, column: left) }
        if let sheet {
            for (calc, end) in [(sheet.standard, firstEnd), (sheet.custom, secondEnd)] {
                Self.putRight(format.money(calc.tip), row: 11, end: end, into: &canvas)
                Self.putRight(format.money(calc.total), row: 12, end: end, into: &canvas, style: .bold)
                if people > 1 {
                    for (i, line) in format.shareLines(calc).enumerated() {
                        Self.putRight(line, row: 13 + i, end: end, into: &canvas)
                    }
                }
            }
        }

        if let message { canvas.center(message, row: 16, style: .error) }
    }

    /// "0% [██████████████████░░░░░░░░░░░░] 30%": one cell per percent.
    private func drawSlider(row: Int, column: Int, into canvas: inout Canvas) {
        let range = TipCalculation.percentRange
        var col = canvas.put(format.percent(range.lowerBound) + " [", row: row, column: column)
        let filled = customPercent - range.lowerBound
        let cells = range.upperBound - range.lowerBound
        canvas.fill(row: row, from: col, count: filled, character: "\u{2588}", style: [])
        canvas.fill(row: row, from: col + filled, count: cells - filled, character: "\u{2591}", style: .dim)
        col += cells
        canvas.put("] " + format.percent(range.upperBound), row: row, column: col)
    }

    private static func putRight(_ text: String, row: Int, end: Int, into canvas: inout Canvas, style: Style = []) {
        canvas.put(text, row: row, column: end - canvas.columns(text), style: style)
    }
}
