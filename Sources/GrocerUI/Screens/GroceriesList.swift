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
/// of the data (never per frame) from every item in the order of their
/// names (`ItemsByName`, shared by the tabs, which copy no item: a group is
/// indexes into it), filtered per keystroke through a `NameFilter` built on
/// first use (it folds every name once). The app may make one ahead of
/// time, off the loop's thread (`GroceriesResult.prefetched`).
public struct GroceriesTabList: Sendable, Equatable {
    /// Every item by name, which the groups index: the next list (the
    /// other tab, another shop) is grouped from it without sorting.
    public let byName: ItemsByName
    let groups: [GroceryGroup]
    private var filter: NameFilter?
    /// The items' shops as bits (`prepareShops`), for the shops' lists
    /// grouped from the same items: made off the loop's thread with the
    /// list read ahead.
    public private(set) var membership: ShopMembership?
    var locale: Locale { byName.locale }

    /// `shop`: Shop for that shop only (`ShopList`); nil, every item.
    public init(items: [GroceryItem], tab: GroceriesTab, locale: Locale, shop: GroceryShop? = nil, itemShops: ItemShops = ItemShops()) {
        self.init(byName: ItemsByName(items, locale: locale), tab: tab, shop: shop, itemShops: itemShops)
    }

    public init(
        byName: ItemsByName, tab: GroceriesTab, shop: GroceryShop? = nil, itemShops: ItemShops = ItemShops(),
        membership: ShopMembership? = nil
    ) {
        self.byName = byName
        if tab == .prepare {
            groups = GroceryLists.prepare(byName: byName.items, locale: byName.locale)
        } else if let shop {
            groups = ShopList.groups(byName, at: shop, itemShops: itemShops, membership: membership)
        } else {
            groups = GroceryLists.shop(byName: byName.items, locale: byName.locale)
        }
    }

    /// Every item the list shows, in its order.
    var ordered: [GroceryItem] { groups.flatMap { $0.members.map { byName.items[Int($0)] } } }

    /// Makes the items' shops as bits now rather than at the first Tab to
    /// a shop.
    public mutating func prepareShops(_ catalog: GroceryCatalog) {
        guard !catalog.shops.isEmpty else { return }
        membership = ShopMembership(byName, itemShops: catalog.itemShops, shops: catalog.shops)
    }

    /// Folds every name now rather than at the first filter keystroke.
    public mutating func prepareFilter() {
        if filter == nil { filter = NameFilter(names: byName.items.map(\.name), locale: locale) }
    }

    public static func == (a: Self, b: Self) -> Bool {
        a.groups == b.groups && a.byName == b.byName
    }

    /// The rows for `text` (every item when it is empty): headings with no
    /// matching item are left out; under each heading the items where the
    /// text is a whole word come first (`NameFilter`). Rows are small codes
    /// into the groups and the items, so 10,000 of them cost next to
    /// nothing to make.
    mutating func rows(filteredBy text: String) -> GroceriesRows {
        var codes: [Int32] = []
        let headings = groups.map(\.heading)
        if text.trimmingCharacters(in: .whitespaces).isEmpty {
            codes.reserveCapacity(groups.reduce(groups.count) { $0 + $1.members.count })
            for (g, group) in groups.enumerated() {
                codes.append(Int32(-g - 1))
                codes.append(contentsOf: group.members)
            }
            return GroceriesRows(codes: codes, headings: headings, items: byName.items)
        }
        prepareFilter()
        let (whole, inside) = filter!.rankedMatches(text)
        // 1: the text is a whole word of the name, 2: only inside one.
        var match = [UInt8](repeating: 0, count: byName.items.count)
        for index in inside { match[index] = 2 }
        for index in whole { match[index] = 1 }
        var firstWhole: Int?
        for (g, group) in groups.enumerated() {
            let wholes = group.members.filter { match[Int($0)] == 1 }
            let insides = group.members.filter { match[Int($0)] == 2 }
            guard !wholes.isEmpty || !insides.isEmpty else { continue }
            codes.append(Int32(-g - 1))
            if firstWhole == nil, !wholes.isEmpty { firstWhole = codes.count }
            codes.append(contentsOf: wholes)
            codes.append(contentsOf: insides)
        }
        return GroceriesRows(codes: codes, headings: headings, items: byName.items, firstWholeWord: firstWhole)
    }
}

/// The rows the list shows, as codes: a heading's index (negative) or an
/// item's index in the items it was grouped from.
public struct GroceriesRows: RandomAccessCollection, Sendable {
    let codes: [Int32]
    let headings: [GrocerySection.Heading]
    let items: [GroceryItem]
    /// Filtered: the first row whose name has the text as a whole word.
    public let firstWholeWord: Int?

    init(codes: [Int32] = [], headings: [GrocerySection.Heading] = [], items: [GroceryItem] = [], firstWholeWord: Int? = nil) {
        self.codes = codes
        self.headings = headings
        self.items = items
        self.firstWholeWord = firstWholeWord
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { codes.count }

    public subscript(index: Int) -> GroceriesRow {
        let code = Int(codes[index])
        return code < 0 ? .heading(headings[-code - 1]) : .item(items[code])
    }

    public func isItem(_ index: Int) -> Bool { codes[index] >= 0 }

    /// The row of the item with `id`, if it shows.
    public func index(ofItem id: Int64) -> Int? {
        guard let position = items.firstIndex(where: { $0.id == id }) else { return nil }
        return codes.firstIndex(of: Int32(position))
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
