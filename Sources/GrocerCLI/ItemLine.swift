import GrocerCore

/// One grocery item as a line of `grocer items list`: id, quantity and
/// unit, name, marks, separated by tabs. Names come from the file, so
/// control characters are shown (`VisibleText`), never sent to the terminal.
public enum ItemLine {
    public static func text(_ item: GroceryItem) -> String {
        let unit = item.unit.map { " " + VisibleText.escaped($0.name) } ?? ""
        let marks = (item.listed ? "listed" : "-") + (item.collected ? ", collected" : "")
        return "\(item.id)\t\(item.quantity)\(unit)\t\(VisibleText.escaped(item.name))\t\(marks)"
    }
}
