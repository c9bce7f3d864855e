import Foundation
import GrocerCore

/// "Enter Today's Weight": the date and time, a field that takes only valid
/// decimals, and a unit button inside it that opens the unit picker.
public struct WeightEntryScreen: Screen {
    public private(set) var field: WeightField
    public private(set) var unit: WeightUnit
    public private(set) var appearedAt: Date
    /// `appearedAt` in the user's locale, formatted once per appearance:
    /// every keystroke redraws the screen, and an ICU date formatter is the
    /// costliest part of a render.
    private var appearedAtText: String
    public private(set) var picker: UnitPicker?
    public private(set) var message: String?
    let locales: Locales

    public static let title = "Enter Today's Weight"
    public static let minimumSize = (width: 36, height: 12)
    static let fieldWidth = 34

    public init(locales: Locales, unit: WeightUnit, now: Date) {
        self.locales = locales
        self.unit = unit
        self.appearedAt = now
        self.appearedAtText = locales.longDateShortTime(now)
        self.field = WeightField(filter: DecimalInputFilter(locale: locales.numeric))
    }

    /// Each time the screen appears: empty field, fresh date and time.
    public mutating func appear(now: Date, unit: WeightUnit) {
        field.clear()
        appearedAt = now
        appearedAtText = locales.longDateShortTime(now)
        self.unit = unit
        picker = nil
        message = nil
    }

    public var hints: [Hint] {
        if picker != nil { return [Hint("↑↓", "Unit"), Hint("Enter", "Done")] }
        return [Hint("Enter", "Save"), Hint("^U", "Unit")]
    }

    public mutating func handle(_ key: Key) -> Outcome {
        if var open = picker {
            let action = open.handle(key)
            picker = open
            switch action {
            case .none: return .none
            case .changed(let newUnit):
                unit = newUnit
                return .perform(.setDefaultUnit(newUnit))
            case .done:
                picker = nil
                return .redraw
            }
        }
        switch key {
        case .ctrl("u"):
            picker = UnitPicker(selected: unit)
            message = nil
            return .redraw
        case .char(let ch):
            if let rejection = field.insert(ch, unit: unit) {
                message = describe(rejection)
                return .reject
            }
            message = nil
            return .redraw
        case .backspace, .delete:
            message = nil
            return field.deleteBackward() ? .redraw : .none
        case .escape:
            guard !field.text.isEmpty || message != nil else { return .none }
            field.clear()
            message = nil
            return .redraw
        case .enter:
            return save()
        default:
            return .none
        }
    }

    private mutating func save() -> Outcome {
        guard !field.text.isEmpty else { return .none }
        if let rejection = field.filter.check(field.text, unit: unit) {
            message = describe(rejection)
            return .reject
        }
        guard let weight = field.weight(unit: unit) else {
            message = "A weight must be more than 0. Type your weight, e.g. \(example)."
            return .reject
        }
        message = nil
        return .perform(.saveWeight(weight, at: appearedAt))
    }

    /// The store refused the save: say so and keep what was typed.
    public mutating func showError(_ text: String) {
        message = text
    }

    private var separator: String { String(field.filter.decimalSeparator) }
    private var example: String { unit == .kg ? "72\(separator)5" : "160\(separator)5" }

    func describe(_ rejection: DecimalInputFilter.Rejection) -> String {
        switch rejection {
        case .notADigit(let ch) where ch == field.filter.decimalSeparator:
            return "Type a digit before “\(separator)”."
        case .notADigit(let ch):
            return "“\(ch)” is not allowed: type digits and one “\(separator)”."
        case .secondSeparator:
            return "Only one “\(separator)” is allowed."
        case .tooManyFractionDigits:
            return "At most 2 digits after “\(separator)”."
        case .overMaximum(let max, let unit):
            let shown = max.formatted(.number.locale(locales.numeric))
            return "That is over \(shown) \(unit.rawValue), the most grocer takes."
        }
    }

    public func render(into canvas: inout Canvas) {
        let w = canvas.width
        canvas.center(Self.title, row: 1, style: .bold)
        canvas.center(appearedAtText, row: 3)

        let boxWidth = min(Self.fieldWidth, w)
        let left = (w - boxWidth) / 2
        let top = 5
        Box.draw(into: &canvas, top: top, left: left, width: boxWidth, height: 3, title: "Weight")
        let button = "[ \(unit.rawValue) ^U ]"
        let buttonColumn = left + boxWidth - 1 - TextWidth.of(button) - 1
        canvas.put(button, row: top + 1, column: buttonColumn, style: .accent)
        let textColumn = left + 2
        let shown = field.text.isEmpty ? "" : field.text
        let end = canvas.put(shown, row: top + 1, column: textColumn, style: .bold)
        if field.text.isEmpty {
            canvas.put("e.g. \(example)", row: top + 1, column: textColumn, style: .dim)
        }
        if let message {
            for (i, line) in wrap(message, width: max(10, w - 4)).prefix(2).enumerated() {
                canvas.center(line, row: top + 4 + i, style: .error)
            }
        }
        if let picker {
            picker.render(into: &canvas)
        } else {
            canvas.cursor = (top + 1, end)
        }
    }
}
