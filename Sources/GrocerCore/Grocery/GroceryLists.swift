import Foundation

/// A heading of the Prepare or Shop list and the items under it, in order.
public struct GrocerySection: Equatable, Sendable {
    public enum Heading: Equatable, Sendable {
        case place(GroceryPlace)
        /// Items with no place at home: the last section of Prepare.
        case noPlace
        case aisle(GroceryAisle)
        /// Items with no aisle: the last section of Shop.
        case noAisle
    }

    public let heading: Heading
    public let items: [GroceryItem]

    public init(heading: Heading, items: [GroceryItem]) {
        self.heading = heading
        self.items = items
    }
}

/// The two ways the grocery screen lists items, as pure values.
public enum GroceryLists {
    /// Prepare, at home: every item, grouped by where it is kept. Places in
    /// the locale's case-insensitive order of their names, numbers by value
    /// (`NameOrder`: "Shelf 2" before "Shelf 10"); the items with no
    /// place under one heading, last (they are the ones still to sort out,
    /// and Shop puts "no aisle" last too). Within a group, items in the
    /// same order of names, then by id. Empty groups are not listed.
    public static func prepare(_ items: [GroceryItem], locale: Locale) -> [GrocerySection] {
        prepare(byName: byName(items, locale: locale), locale: locale)
    }

    /// Prepare from the items already in the order of their names
    /// (`ItemsByName`): one pass, no sort but the places'.
    public static func prepare(byName items: [GroceryItem], locale: Locale) -> [GrocerySection] {
        var byPlace: [Int64: (GroceryPlace, [GroceryItem])] = [:]
        var unplaced: [GroceryItem] = []
        for item in items {
            if let place = item.place {
                byPlace[place.id, default: (place, [])].1.append(item)
            } else {
                unplaced.append(item)
            }
        }
        let order = NameOrder(names: byPlace.values.map(\.0.name), locale: locale)
        let places = order.sorted(Array(byPlace.values), name: \.0.name, tieBreak: { $0.0.id < $1.0.id })
        var sections = places.map { GrocerySection(heading: .place($0.0), items: $0.1) }
        if !unplaced.isEmpty {
            sections.append(GrocerySection(heading: .noPlace, items: unplaced))
        }
        return sections
    }

    /// Shop, in the shop: the items on the list, grouped by aisle in the
    /// person's order (position, then name, then id); the items with no
    /// aisle last. Within an aisle, the items still to get by name, then the
    /// ticked ones by name: a ticked item sinks to the bottom of its aisle.
    public static func shop(_ items: [GroceryItem], locale: Locale) -> [GrocerySection] {
        shop(byName: byName(items.filter(\.listed), locale: locale), locale: locale)
    }

    /// Shop from the items already in the order of their names.
    public static func shop(byName items: [GroceryItem], locale: Locale) -> [GrocerySection] {
        var byAisle: [Int64: (GroceryAisle, [GroceryItem])] = [:]
        var unaisled: [GroceryItem] = []
        for item in items where item.listed {
            if let aisle = item.aisle {
                byAisle[aisle.id, default: (aisle, [])].1.append(item)
            } else {
                unaisled.append(item)
            }
        }
        let aisles = byAisle.values.sorted { a, b in
            if a.0.position != b.0.position { return a.0.position < b.0.position }
            let order = compareNames(a.0.name, b.0.name, locale: locale)
            return order != .orderedSame ? order == .orderedAscending : a.0.id < b.0.id
        }
        var sections = aisles.map { GrocerySection(heading: .aisle($0.0), items: tickedLast($0.1)) }
        if !unaisled.isEmpty {
            sections.append(GrocerySection(heading: .noAisle, items: tickedLast(unaisled)))
        }
        return sections
    }

    /// The locale's case-insensitive order, numbers by value ("apple"
    /// before "Banana", "Aisle 2" before "Aisle 10"; in Swedish "Ål" after
    /// "Ost"): `NameOrder`'s.
    public static func compareNames(_ a: String, _ b: String, locale: Locale) -> ComparisonResult {
        a.compare(b, options: [.caseInsensitive, .numeric], range: nil, locale: locale)
    }

    /// `items` in the order of their names, then by id (`NameOrder`).
    public static func byName(_ items: [GroceryItem], locale: Locale) -> [GroceryItem] {
        NameOrder(names: items.lazy.map(\.name), locale: locale).sorted(items, name: \.name, tieBreak: { $0.id < $1.id })
    }

    /// Items in the order of their names: the ones still to get, then the
    /// ticked ones, each in that order.
    static func tickedLast(_ items: [GroceryItem]) -> [GroceryItem] {
        items.filter { !$0.collected } + items.filter(\.collected)
    }
}
