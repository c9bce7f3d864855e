import ArgumentParser
import Foundation
import GrocerCLI
import GrocerCore
import GrocerStore

/// `--shop NAME` (repeatable) on `items add`: the shops the item is bought
/// at (issue 33). Every name must be a shop ('grocer shops list').
struct AddShopOptions: ParsableArguments {
    @Option(name: .customLong("shop"), help: ArgumentHelp("A shop it is bought at (repeat for several; none: anywhere).", valueName: "name"))
    var shops: [String] = []

    /// The shops' ids, found before anything is written (an unknown one is
    /// one line naming the known ones, exit 2).
    func ids(in db: Store, locale: Locale) throws -> Set<Int64>? {
        if shops.isEmpty { return nil }
        return try StoreAccess.reading(db.path) { try ShopText.ids(shops, in: db, locale: locale) }
    }
}

/// `--shop NAME` (repeatable) or `--any-shop` on `items edit`.
struct EditShopOptions: ParsableArguments {
    @Option(name: .customLong("shop"), help: ArgumentHelp("Buy it at this shop only (repeat for several).", valueName: "name"))
    var shops: [String] = []

    @Flag(name: .customLong("any-shop"), help: "Buy it at any shop (takes its shops away).")
    var anyShop = false

    var changes: Bool { !shops.isEmpty || anyShop }

    func validate() throws {
        if anyShop && !shops.isEmpty { throw ValidationError("Give --shop or --any-shop, not both.") }
    }

    /// The shops' ids to set (empty: anywhere), or nil to leave them.
    func ids(in db: Store, locale: Locale) throws -> Set<Int64>? {
        if anyShop { return [] }
        if shops.isEmpty { return nil }
        return try StoreAccess.reading(db.path) { try ShopText.ids(shops, in: db, locale: locale) }
    }
}

/// `--shop NAME` on `items list` and `items export`: that shop's view.
struct ViewShopOption: ParsableArguments {
    @Option(name: .customLong("shop"), help: ArgumentHelp("Only what is bought at this shop, in its aisle order.", valueName: "name"))
    var shop: String?
}

extension ItemsCommand {
    /// The names of the shops each item names, for `--json` (read once).
    static func shopNames(_ db: Store) throws -> @Sendable (Int64) -> [String] {
        let (shops, itemShops) = try StoreAccess.reading(db.path) { (try db.shops.all(), try db.shops.itemShops()) }
        return { itemShops.names(of: $0, in: shops) }
    }

    /// One item as `items list --json` writes it, with its shops.
    static func json(_ item: GroceryItem, _ db: Store) throws -> String {
        JSONText.object(item, shops: try shopNames(db)(item.id))
    }

    /// A shop's view for `items list --shop`: its items on the list and
    /// those bought anywhere, in its aisle order (`ShopList`).
    static func shopView(_ name: String, db: Store, locale: Locale) throws -> [GroceryItem] {
        try StoreAccess.reading(db.path) {
            let shop = try ShopText.find(name, in: db, locale: locale)
            let sections = ShopList.sections(try db.groceries.items(), at: shop, itemShops: try db.shops.itemShops(), locale: locale)
            return sections.flatMap(\.items)
        }
    }

    /// `items export --shop`: the shop's list to share.
    static func shopExport(_ name: String, db: Store, format: ShoppingListExport.Format, locale: Locale) throws -> String {
        try StoreAccess.reading(db.path) {
            let shop = try ShopText.find(name, in: db, locale: locale)
            return ShoppingListExport.render(
                try db.groceries.items(), at: shop, itemShops: try db.shops.itemShops(), format: format, locale: locale)
        }
    }
}
