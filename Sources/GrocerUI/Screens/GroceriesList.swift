import Foundation
import GrocerCore

/// The two tabs of the grocery screen.
public enum GroceriesTab: Equatable, Sendable {
    case prepare, shop

    public var title: String { self == .prepare ? "Prepare" : "Shop" }
    public var other: GroceriesTab { self == .prepare ? .shop : .prepare }
}

/// One line of the list: a heading, or an item.
public enum GroceriesRow: Equatable, Sendable {
    case heading(GrocerySection.Heading)
    case item(GroceryItem)

    public var item: GroceryItem? {
        if case .item(let item) = self { return item }
        return nil
    }
}

/// The items of one tab as the screen lists them: grouped once per change
/// of the data (never per frame), filtered per keystroke through a
/// `NameFilter` built on first use (it folds every name once).
struct GroceriesTabList: Sendable {
    let sections: [GrocerySection]
    /// Every item of the sections, in their order: what the filter indexes.
    let ordered: [GroceryItem]
    private var filter: NameFilter?
    let locale: Locale

    init(items: [GroceryItem], tab: GroceriesTab, locale: Locale) {
        self.locale = locale
        sections = tab == .prepare ? GroceryLists.prepare(items, locale: locale) : GroceryLists.shop(items, locale: locale)
        ordered = sections.flatMap(\.items)
    }

    /// The rows for `text` (every item when it is empty): headings with no
    /// matching item are left out.
    mutating func rows(filteredBy text: String) -> [GroceriesRow] {
        var rows: [GroceriesRow] = []
        if text.trimmingCharacters(in: .whitespaces).isEmpty {
            rows.reserveCapacity(ordered.count + sections.count)
            for section in sections {
                rows.append(.heading(section.heading))
                for item in section.items { rows.append(.item(item)) }
            }
            return rows
        }
        if filter == nil { filter = NameFilter(names: ordered.map(\.name), locale: locale) }
        let matches = filter!.matches(text)
        var next = 0
        var position = 0
        for section in sections {
            let end = position + section.items.count
            var headed = false
            while next < matches.count && matches[next] < end {
                if !headed {
                    rows.append(.heading(section.heading))
                    headed = true
                }
                rows.append(.item(ordered[matches[next]]))
                next += 1
            }
            position = end
        }
        return rows
    }
}

/// The heading's text: the place's or aisle's name as plain text, or the
/// heading of the items with none.
extension GrocerySection.Heading {
    public var title: String {
        switch self {
        case .place(let place): return PlainText.visible(place.name)
        case .noPlace: return "No place at home"
        case .aisle(let aisle): return PlainText.visible(aisle.name)
        case .noAisle: return "No aisle"
        }
    }
}
