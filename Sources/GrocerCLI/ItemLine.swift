import Foundation
import GrocerCore

/// One grocery item as a line of `grocer items list`: id, quantity and
/// unit, name, marks, separated by tabs, then where it is ("aisle Baking,
/// stored in Pantry") when it has an aisle or a place, then "note: ..."
/// when it has a note. Names and notes come from the
/// file, so control characters are shown (`VisibleText`), never sent to
/// the terminal.
public enum ItemLine {
    public static func text(_ item: GroceryItem, locale: Locale = Locale(identifier: "en_US_POSIX")) -> String {
        var unit = item.unit.map { " " + VisibleText.escaped($0.name) } ?? ""
        if let second = item.second {
            unit += " + " + second.quantity.formatted(locale: locale) + (second.unit.map { " " + VisibleText.escaped($0.name) } ?? "")
        }
        let marks = (item.listed ? "listed" : "-") + (item.collected ? ", collected" : "")
        var line = "\(item.id)\t\(item.quantityText(locale: locale))\(unit)\t\(VisibleText.escaped(item.name))\t\(marks)"
        let places = [
            item.aisle.map { "aisle " + VisibleText.escaped($0.name) },
            item.place.map { "stored in " + VisibleText.escaped($0.name) },
        ].compactMap { $0 }
        if !places.isEmpty { line += "\t" + places.joined(separator: ", ") }
        if !item.note.isEmpty { line += "\tnote: " + VisibleText.escaped(item.note) }
        return line
    }

    /// "2 kg flour (id 3)": an item in a command's one-line answer.
    public static func short(_ item: GroceryItem, locale: Locale) -> String {
        "\(ShoppingListExport.line(item, locale: locale)) (id \(item.id))"
    }

    /// "6 eggs (id 4) in Dairy": what `items add` says of the item it
    /// added or changed, with the aisle it is in (the one typed, its own,
    /// or the catalogue's for a new name: issue 33).
    public static func added(_ item: GroceryItem, locale: Locale) -> String {
        short(item, locale: locale) + (item.aisle.map { " in " + VisibleText.escaped($0.name) } ?? "")
    }
}
