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
/// `NameFilter` built on first use (it folds every name once). The app may
/// make one ahead of time, off the loop's thread (`GroceriesResult.prefetched`).
public struct GroceriesTabList: Sendable, Equatable {
    let sections: [GrocerySection]
    /// Every item of the sections, in their order: what the filter indexes.
    let ordered: [GroceryItem]
    private var filter: NameFilter?
    let locale: Locale

    /// The order of every item's name it was grouped from: the next list
    /// (the other tab, another shop) is grouped from it without sorting.
    public let byName: ItemsByName

    /// `shop`: Shop for that shop only (`ShopList`); nil, every item.
    /// `byName`: the items' order of names, if known and still true.
    public init(
        items: [GroceryItem], tab: GroceriesTab, locale: Locale, shop: GroceryShop? = nil, itemShops: ItemShops = ItemShops(),
        byName known: ItemsByName? = nil
    ) {
        self.locale = locale
        var order = known?.locale == locale ? known : nil
        var sorted = order?.ordered(items)
        if sorted == nil {
            let made = ItemsByName(items, locale: locale)
            order = made
            sorted = made.ordered(items)
        }
        byName = order!
        let byName = sorted ?? []
        if tab == .prepare {
            sections = GroceryLists.prepare(byName: byName, locale: locale)
        } else if let shop {
            sections = ShopList.sections(byName: byName, at: shop, itemShops: itemShops, locale: locale)
        } else {
            sections = GroceryLists.shop(byName: byName, locale: locale)
        }
        ordered = sections.flatMap(\.items)
    }

    /// Folds every name now rather than at the first filter keystroke.
    public mutating func prepareFilter() {
        if filter == nil { filter = NameFilter(names: ordered.map(\.name), locale: locale) }
    }

    public static func == (a: Self, b: Self) -> Bool {
        a.sections == b.sections && a.locale == b.locale
    }

    /// The rows for `text` (every item when it is empty): headings with no
    /// matching item are left out; under each heading the items where the
    /// text is a whole word come first (`NameFilter`). Rows are small codes
    /// into `sections` and `ordered`, so 10,000 of them cost next to nothing
    /// to make.
    mutating func rows(filteredBy text: String) -> GroceriesRows {
        var codes: [Int32] = []
        let headings = sections.map(\.heading)
        if text.trimmingCharacters(in: .whitespaces).isEmpty {
            codes.reserveCapacity(ordered.count + sections.count)
            var position: Int32 = 0
            for (s, section) in sections.enumerated() {
                codes.append(Int32(-s - 1))
                for _ in section.items {
                    codes.append(position)
                    position += 1
                }
            }
            return GroceriesRows(codes: codes, headings: headings, items: ordered)
        }
        prepareFilter()
        let (whole, inside) = filter!.rankedMatches(text)
        var nextWhole = 0
        var nextInside = 0
        var position = 0
        var firstWhole: Int?
        for (s, section) in sections.enumerated() {
            let end = position + section.items.count
            if (nextWhole < whole.count && whole[nextWhole] < end) || (nextInside < inside.count && inside[nextInside] < end) {
                codes.append(Int32(-s - 1))
            }
            while nextWhole < whole.count && whole[nextWhole] < end {
                if firstWhole == nil { firstWhole = codes.count }
                codes.append(Int32(whole[nextWhole]))
                nextWhole += 1
            }
            while nextInside < inside.count && inside[nextInside] < end {
                codes.append(Int32(inside[nextInside]))
                nextInside += 1
            }
            position = end
        }
        return GroceriesRows(codes: codes, headings: headings, items: ordered, firstWholeWord: firstWhole)
    }
}

/// The rows the list shows, as codes: a heading's index (negative) or an
/// item's position in the tab's order.
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
