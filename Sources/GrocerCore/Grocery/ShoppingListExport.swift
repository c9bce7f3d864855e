import Foundation

/// `grocer items export`: the shopping list to share. Items on the list and
/// not yet ticked, grouped by aisle in the person's order (no aisle last),
/// by name within an aisle. Every name is printed with its control
/// characters made visible (`PlainText.visible`), in every format.
public enum ShoppingListExport {
    public enum Format: String, CaseIterable, Sendable {
        case markdown, text, json
    }

    /// The heading of the items with no aisle.
    public static let noAisleHeading = "Other"

    public static func render(_ items: [GroceryItem], format: Format, locale: Locale) -> String {
        render(sections: GroceryLists.shop(items.filter { $0.listed && !$0.collected }, locale: locale), format: format, locale: locale)
    }

    /// The sections given (a shop's: `ShoppingListExport+Shop`), in `format`.
    static func render(sections: [GrocerySection], format: Format, locale: Locale) -> String {
        switch format {
        case .markdown:
            return sections.map { section in
                "## \(markdown(heading(section)))\n" + section.items.map { "- [ ] \(markdown(line($0, locale: locale)))\n" }.joined()
            }.joined(separator: "\n")
        case .text:
            return sections.map { section in
                "\(heading(section))\n" + section.items.map { "  [ ] \(line($0, locale: locale))\n" }.joined()
            }.joined(separator: "\n")
        case .json:
            return json(sections)
        }
    }

    /// "2 kg flour", "3 apples", "1,5 l Milch", "2 cans + 400 g tomatoes";
    /// "milk" for one with no unit; its note after an em dash.
    public static func line(_ item: GroceryItem, locale: Locale) -> String {
        let name = PlainText.visible(item.name)
        let note = item.note.isEmpty ? "" : " \u{2014} " + PlainText.visible(item.note)
        let quantity = item.quantityText(locale: locale)
        if item.unit != nil || item.second != nil {
            return "\(item.amountText(locale: locale)) \(name)\(note)"
        }
        return (quantity == "1" ? name : "\(quantity) \(name)") + note
    }

    /// Text that Markdown shows as typed: every ASCII punctuation mark
    /// that can start markup (emphasis, links, code, HTML, headings,
    /// tables, strike-through, entities) is escaped with a backslash, which
    /// CommonMark allows before any ASCII punctuation.
    static func markdown(_ text: String) -> String {
        guard text.utf8.contains(where: { markdownSpecial.contains($0) }) else { return text }
        var out = ""
        for ch in text {
            if let ascii = ch.asciiValue, markdownSpecial.contains(ascii) { out.append("\\") }
            out.append(ch)
        }
        return out
    }

    static let markdownSpecial = Set("\\`*_[]<>#!|~&".utf8)

    static func heading(_ section: GrocerySection) -> String {
        if case .aisle(let aisle) = section.heading { return PlainText.visible(aisle.name) }
        return noAisleHeading
    }

    /// `{"aisles": [{"aisle": "Baking", "items": [{"id": 1, "quantity": "2",
    /// "unit": "kg", "name": "flour"}]}]}`, with `"second": {"quantity",
    /// "unit"}` and `"note"` when the item has them; the unaisled section has
    /// `"aisle": null`; quantities are canonical decimal strings ("1.5").
    static func json(_ sections: [GrocerySection]) -> String {
        var out = "{\"aisles\": ["
        for (s, section) in sections.enumerated() {
            out += s == 0 ? "\n  " : ",\n  "
            var aisle = "null"
            if case .aisle(let a) = section.heading { aisle = jsonString(a.name) }
            out += "{\"aisle\": \(aisle), \"items\": ["
            for (i, item) in section.items.enumerated() {
                out += i == 0 ? "\n    " : ",\n    "
                let quantity = item.amount?.canonical ?? String(item.quantity)
                let unit = item.unit.map { jsonString($0.name) } ?? "null"
                out += "{\"id\": \(item.id), \"quantity\": \(jsonString(quantity)), \"unit\": \(unit), \"name\": \(jsonString(item.name))"
                if let second = item.second {
                    let unit = second.unit.map { jsonString($0.name) } ?? "null"
                    out += ", \"second\": {\"quantity\": \(jsonString(second.quantity.canonical)), \"unit\": \(unit)}"
                }
                if !item.note.isEmpty { out += ", \"note\": \(jsonString(item.note))" }
                out += "}"
            }
            out += section.items.isEmpty ? "]}" : "\n  ]}"
        }
        return out + (sections.isEmpty ? "]}\n" : "\n]}\n")
    }

    static func jsonString(_ s: String) -> String { JSONString.literal(s) }
}
