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

/// A heading and its items, as indexes into the items it was grouped from
/// (in the order of their names): the screen's lists keep these, so that
/// grouping 10,000 items copies none of them.
public struct GroceryGroup: Equatable, Sendable {
    public let heading: GrocerySection.Heading
    public let members: [Int32]

    public init(heading: GrocerySection.Heading, members: [Int32]) {
        self.heading = heading
        self.members = members
    }
}

extension [GroceryGroup] {
    /// The groups as sections of the items they index.
    public func sections(of items: [GroceryItem]) -> [GrocerySection] {
        map { GrocerySection(heading: $0.heading, items: $0.members.map { items[Int($0)] }) }
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
        let sorted = byName(items, locale: locale)
        return prepare(byName: sorted, locale: locale).sections(of: sorted)
    }

    /// Prepare from the items already in the order of their names
    /// (`ItemsByName`): one pass, no sort but the places'.
    public static func prepare(byName items: [GroceryItem], locale: Locale) -> [GroceryGroup] {
        var byPlace: [Int64: (GroceryPlace, [Int32])] = [:]
        var unplaced: [Int32] = []
        for (index, item) in items.enumerated() {
            if let place = item.place {
                byPlace[place.id, default: (place, [])].1.append(Int32(index))
            } else {
                unplaced.append(Int32(index))
            }
        }
        let order = NameOrder(names: byPlace.values.map(\.0.name), locale: locale)
        let places = order.sorted(Array(byPlace.values), name: \.0.name, tieBreak: { $0.0.id < $1.0.id })
        var groups = places.map { GroceryGroup(heading: .place($0.0), members: $0.1) }
        if !unplaced.isEmpty {
            groups.append(GroceryGroup(heading: .noPlace, members: unplaced))
        }
        return groups
    }

    /// Shop, in the shop: the items on the list, grouped by aisle in the
    /// person's order (position, then name, then id); the items with no
    /// aisle last. Within an aisle, the items still to get by name, then the
    /// ticked ones by name: a ticked item sinks to the bottom of its aisle.
    public static func shop(_ items: [GroceryItem], locale: Locale) -> [GrocerySection] {
        let sorted = byName(items.filter(\.listed), locale: locale)
        return shop(byName: sorted, locale: locale).sections(of: sorted)
    }

    /// Shop from the items already in the order of their names.
    public static func shop(byName items: [GroceryItem], locale: Locale) -> [GroceryGroup] {
        var byAisle: [Int64: (GroceryAisle, [Int32])] = [:]
        var unaisled: [Int32] = []
        for (index, item) in items.enumerated() where item.listed {
            if let aisle = item.aisle {
                byAisle[aisle.id, default: (aisle, [])].1.append(Int32(index))
            } else {
                unaisled.append(Int32(index))
            }
        }
        let aisles = byAisle.values.sorted { a, b in
            if a.0.position != b.0.position { return a.0.position < b.0.position }
            let order = compareNames(a.0.name, b.0.name, locale: locale)
            return order != .orderedSame ? order == .orderedAscending : a.0.id < b.0.id
        }
        var groups = aisles.map { GroceryGroup(heading: .aisle($0.0), members: tickedLast($0.1, items)) }
        if !unaisled.isEmpty {
            groups.append(GroceryGroup(heading: .noAisle, members: tickedLast(unaisled, items)))
        }
        return groups
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

    /// Members in the order of their names: the ones still to get, then the
    /// ticked ones, each in that order.
    static func tickedLast(_ members: [Int32], _ items: [GroceryItem]) -> [Int32] {
        members.filter { !items[Int($0)].collected } + members.filter { items[Int($0)].collected }
    }
}
