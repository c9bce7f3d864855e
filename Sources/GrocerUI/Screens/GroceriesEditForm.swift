import Foundation
import GrocerCore

/// The edit form over the grocery list: name, quantity, unit, place at home,
/// aisle and note (one line, `WeightNote`'s rules). Unit, place and aisle are pickers with type-to-filter and a
/// "+ New" option. Tab and Shift-Tab move between fields; Enter saves.
public struct GroceriesEditForm: Equatable, Sendable {
    public enum Field: Int, CaseIterable, Sendable {
        case name, quantity, unit, place, aisle, note

        var label: String {
            switch self {
            case .name: return "Name"
            case .quantity: return "Quantity"
            case .unit: return "Unit"
            case .place: return "Place"
            case .aisle: return "Aisle"
            case .note: return "Note"
            }
        }
    }

    public let item: GroceryItem
    public internal(set) var field: Field = .name
    public internal(set) var name: TextLine
    public internal(set) var quantity: TextLine
    public internal(set) var unit: ChoicePicker
    public internal(set) var place: ChoicePicker
    public internal(set) var aisle: ChoicePicker
    public internal(set) var note: TextLine
    public internal(set) var message: String?
    let locale: Locale

    public init(item: GroceryItem, catalog: GroceryCatalog, locale: Locale) {
        self.item = item
        self.locale = locale
        name = TextLine(item.name, limit: QuickEntry.maximumNameLength)
        quantity = TextLine(item.quantityText(locale: locale), limit: 12)
        unit = ChoicePicker(names: catalog.units.map { ($0.id, $0.name) }, current: item.unit?.id, locale: locale)
        place = ChoicePicker(names: catalog.places.map { ($0.id, $0.name) }, current: item.place?.id, locale: locale)
        aisle = ChoicePicker(names: catalog.aisles.map { ($0.id, $0.name) }, current: item.aisle?.id, locale: locale)
        note = TextLine(item.note, limit: WeightNote.maxLength)
    }

    /// The picker of the focused field, if it is one.
    public var picker: ChoicePicker? {
        switch field {
        case .unit: return unit
        case .place: return place
        case .aisle: return aisle
        case .name, .quantity, .note: return nil
        }
    }

    public mutating func next(_ step: Int) {
        let all = Field.allCases
        field = all[(field.rawValue + step + all.count) % all.count]
    }

    /// A key for the focused field; false when it does nothing.
    public mutating func handle(_ key: Key) -> Bool {
        message = nil
        switch field {
        case .name:
            if key == .up || key == .down { return move(key) }
            return name.edit(key)
        case .quantity:
            if key == .up || key == .down { return move(key) }
            return quantity.edit(key)
        case .unit: return unit.handle(key)
        case .place: return place.handle(key)
        case .aisle: return aisle.handle(key)
        case .note:
            if key == .up || key == .down { return move(key) }
            return note.edit(key)
        }
    }

    private mutating func move(_ key: Key) -> Bool {
        next(key == .up ? -1 : 1)
        return true
    }

    /// The edit to save, or nil with the reason in `message`.
    public mutating func edit() -> GroceriesItemEdit? {
        let trimmed = name.text.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        guard !trimmed.isEmpty else {
            message = "Type a name."
            field = .name
            return nil
        }
        let amount: GroceryQuantity
        do {
            amount = try GroceryQuantity(typed: quantity.text.trimmingCharacters(in: .whitespaces), locale: locale)
        } catch {
            message = QuickEntry.Problem.quantity(error).message(locale: locale)
            field = .quantity
            return nil
        }
        if let problem = WeightNote.problem(in: note.text) {
            message = problem.description.prefix(1).uppercased() + problem.description.dropFirst() + "."
            field = .note
            return nil
        }
        return GroceriesItemEdit(
            name: trimmed, quantity: amount, unit: unit.choice, place: place.choice, aisle: aisle.choice, note: WeightNote.trimmed(note.text))
    }

    // MARK: Drawing

    static let width = 56

    func render(into canvas: inout Canvas, top: Int) {
        let width = min(Self.width, canvas.width)
        let left = max(0, (canvas.width - width) / 2)
        let height = min(canvas.height - top, 15)
        Box.draw(into: &canvas, top: top, left: left, width: width, height: height, title: "Edit " + PlainText.visible(item.name))
        let valueColumn = left + 13
        let valueWidth = width - 15
        var cursor: (Int, Int)?
        for field in Field.allCases {
            let row = top + 1 + field.rawValue
            let focused = field == self.field
            canvas.put((focused ? "> " : "  ") + field.label, row: row, column: left + 1, style: focused ? .bold : [])
            switch field {
            case .name, .quantity, .note:
                let line = field == .name ? name : field == .quantity ? quantity : note
                let column = line.render(into: &canvas, row: row, column: valueColumn, width: valueWidth)
                if focused { cursor = (row, column) }
            case .unit, .place, .aisle:
                let picker = field == .unit ? unit : field == .place ? place : aisle
                if focused && !picker.typed.text.isEmpty {
                    let column = picker.typed.render(into: &canvas, row: row, column: valueColumn, width: valueWidth)
                    cursor = (row, column)
                } else {
                    canvas.put(
                        canvas.truncate(picker.label, to: valueWidth), row: row, column: valueColumn, style: picker.choice == .none ? .dim : [])
                    if focused { cursor = (row, valueColumn) }
                }
            }
        }
        if let picker {
            let room = max(0, height - 10)
            let first = max(0, min(picker.highlight - room / 2, picker.options.count - room))
            for (i, option) in picker.options.dropFirst(first).prefix(room).enumerated() {
                let row = top + 7 + i
                let selected = first + i == picker.highlight
                canvas.put(
                    canvas.truncate((selected ? "> " : "  ") + option.label, to: valueWidth), row: row, column: valueColumn,
                    style: selected ? .reverse : [])
            }
        }
        if let message { canvas.put(canvas.truncate(message, to: width - 4), row: top + height - 3, column: left + 2, style: .error) }
        canvas.put(
            canvas.truncate("Tab next  Up/Down choose  Enter save  Esc cancel", to: width - 4), row: top + height - 2, column: left + 2, style: .dim)
        canvas.cursor = cursor.map { (row: $0.0, column: $0.1) }
    }
}

extension GroceriesScreen {
    static let formBindings: [Binding<GroceriesScreen>] = [
        Binding(
            keys: [], typing: { _ in true }, help: "type in the field; in a picker, type to filter", helpKeys: "letters",
            when: { $0.mode == .editing }
        ) { s, key, _ in
            s.form?.handle(key) == true ? .redraw : .none
        },
        Binding(
            keys: [.backspace, .delete, .left, .right, .home, .end, .ctrl("u")],
            help: "edit the field", helpKeys: "Backspace Delete Left Right Home End Ctrl-U", when: { $0.mode == .editing }
        ) { s, key, _ in
            s.form?.handle(key) == true ? .redraw : .none
        },
        Binding(keys: [.up, .down], help: "choose in a picker; else move between fields", helpKeys: "Up Down", when: { $0.mode == .editing }) {
            s, key, _ in
            s.form?.handle(key) == true ? .redraw : .none
        },
        Binding(
            keys: [.tab, .backTab], hint: "Tab", label: "Next field", help: "next or previous field", helpKeys: "Tab  Shift-Tab",
            when: { $0.mode == .editing }
        ) { s, key, _ in
            s.form?.next(key == .tab ? 1 : -1)
            return .redraw
        },
        Binding(keys: [.enter], hint: "Enter", label: "Save", help: "save the item", when: { $0.mode == .editing }) { s, _, _ in
            guard var form = s.form else { return .none }
            let edit = form.edit()
            s.form = form
            guard let edit else { return .reject }
            s.form = nil
            s.mode = .list
            return .perform(.groceries(.edit(form.item, edit)))
        },
        Binding(keys: [.escape], hint: "Esc", label: "Cancel", help: "close the form unsaved", when: { $0.mode == .editing }) { s, _, _ in
            s.form = nil
            s.mode = .list
            return .redraw
        },
    ]
}
