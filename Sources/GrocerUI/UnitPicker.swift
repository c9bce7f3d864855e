import GrocerCore

/// The modal unit picker over the weight screen: the two units, the current
/// default selected. Each move changes the default at once.
public struct UnitPicker: Equatable, Sendable {
    public private(set) var selected: WeightUnit

    public init(selected: WeightUnit) {
        self.selected = selected
    }

    public enum Action: Equatable, Sendable {
        case none
        case changed(WeightUnit)
        case done
    }

    public mutating func handle(_ key: Key) -> Action {
        let all = WeightUnit.allCases
        let index = all.firstIndex(of: selected)!
        switch key {
        case .up, .char("k"), .backTab:
            guard index > 0 else { return .none }
            selected = all[index - 1]
            return .changed(selected)
        case .down, .char("j"), .tab:
            guard index < all.count - 1 else { return .none }
            selected = all[index + 1]
            return .changed(selected)
        case .enter, .escape, .char(" "):
            return .done
        default:
            return .none
        }
    }

    static let width = 30
    static let height = 7

    public func render(into canvas: inout Canvas) {
        let w = min(Self.width, canvas.width)
        let h = min(Self.height, canvas.height)
        let top = max(0, (canvas.height - h) / 2)
        let left = max(0, (canvas.width - w) / 2)
        Box.draw(into: &canvas, top: top, left: left, width: w, height: h, title: "Default unit")
        for (i, unit) in WeightUnit.allCases.enumerated() {
            let row = top + 2 + i
            let isSelected = unit == selected
            let label = (isSelected ? "> " : "  ") + unit.displayName
            canvas.fill(row: row, from: left + 1, count: w - 2, style: isSelected ? .reverse : [])
            canvas.put(TextWidth.truncate(label, to: w - 4), row: row, column: left + 2, style: isSelected ? .reverse : [])
        }
        canvas.put(TextWidth.truncate("↑↓ choose  Enter Done", to: w - 4), row: top + h - 2, column: left + 2, style: .dim)
        canvas.cursor = nil
    }
}
