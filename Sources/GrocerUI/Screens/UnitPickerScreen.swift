import GrocerCore

extension Route {
    public static let unitPicker = Route("unitPicker")
}

/// The unit picker over the weight screen: pounds, kilograms, stones and
/// pounds, the current default selected. Each move changes the default at
/// once.
public struct UnitPickerScreen: Screen, Equatable {
    public private(set) var selected: DisplayUnit
    /// Why the last change could not be kept.
    public private(set) var message: String?

    public static let minimumSize = Size(width: width, height: height)
    public static let isOverlay = true
    public static let helpTitle: String? = "Unit picker"

    public init(selected: DisplayUnit) {
        self.selected = selected
    }

    public mutating func appear(_ context: inout AppContext) -> Outcome {
        selected = context.displayUnit
        message = nil
        return .redraw
    }

    public static let bindings: [Binding<UnitPickerScreen>] = [
        Binding(
            keys: [.up, .down, .char("k"), .char("j")], hint: "↑↓", label: "Unit",
            help: "choose; the default unit changes at once", helpKeys: "Up Down  k j"
        ) { s, key, context in
            s.move(key == .up || key == .char("k") ? -1 : 1, &context)
        },
        Binding(
            keys: [.enter, .escape, .char(" ")], hint: "Enter", label: "Done", help: "done",
            helpKeys: "Enter  Esc  Space", outcome: .dismiss),
    ]

    private mutating func move(_ step: Int, _ context: inout AppContext) -> Outcome {
        let all = DisplayUnit.allCases
        let index = all.firstIndex(of: selected)! + step
        guard all.indices.contains(index) else { return .none }
        selected = all[index]
        message = nil
        context.displayUnit = selected
        return .perform(.setDefaultUnit(selected))
    }

    public mutating func receive(_ result: EffectResult, _ context: inout AppContext) -> Outcome {
        guard case .failed(.setDefaultUnit, let text) = result else { return .none }
        message = text
        return .redraw
    }

    static let width = 30
    static let height = 8

    public func render(into canvas: inout Canvas, _ context: AppContext) {
        let w = min(Self.width, canvas.width)
        let h = min(Self.height, canvas.height)
        let top = max(0, (canvas.height - h) / 2)
        let left = max(0, (canvas.width - w) / 2)
        Box.draw(into: &canvas, top: top, left: left, width: w, height: h, title: "Default unit")
        for (i, unit) in DisplayUnit.allCases.enumerated() {
            let row = top + 2 + i
            let isSelected = unit == selected
            let label = (isSelected ? "> " : "  ") + unit.displayName
            canvas.fill(row: row, from: left + 1, count: w - 2, style: isSelected ? .reverse : [])
            canvas.put(canvas.truncate(label, to: w - 4), row: row, column: left + 2, style: isSelected ? .reverse : [])
        }
        canvas.put(canvas.truncate("↑↓ choose  Enter Done", to: w - 4), row: top + h - 2, column: left + 2, style: .dim)
        if let message {
            for (i, line) in canvas.wrap(message, width: max(10, canvas.width - 4)).prefix(2).enumerated() {
                canvas.center(line, row: top + h + 1 + i, style: .error)
            }
        }
        canvas.cursor = nil
    }
}
