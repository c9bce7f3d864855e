import GRDB
import GrocerCore

/// The tables of shops (format version 10): `shop`, `shop_aisle` (a
/// shop's order of the aisles and the ones it hides) and `item_shop` (the
/// shops an item is bought at). Their column names are spelled here only.
enum ShopRecords {
    static let shop = TableShape(name: "shop", columns: ["id", "name"])
    static let shopAisle = TableShape(name: "shop_aisle", columns: ["shop_id", "aisle_id", "position", "hidden"])
    static let itemShop = TableShape(name: "item_shop", columns: ["item_id", "shop_id"])
    static let shapes = [shop, shopAisle, itemShop]

    /// Every shop by id, each with its order and hidden aisles.
    static func shops(_ db: Database) throws -> [GroceryShop] {
        var order: [Int64: [Int64]] = [:]
        var hidden: [Int64: Set<Int64>] = [:]
        let aisles = try Row.fetchAll(
            db, sql: "SELECT shop_id, aisle_id, position, hidden FROM shop_aisle ORDER BY shop_id, position, aisle_id")
        for row in aisles {
            let shop: Int64 = row[0]
            let aisle: Int64 = row[1]
            if let _: Int64 = row[2] { order[shop, default: []].append(aisle) }
            if (row[3] as Int64?) == 1 { hidden[shop, default: []].insert(aisle) }
        }
        return try Row.fetchAll(db, sql: "SELECT id, name FROM shop ORDER BY id").map { row in
            let id: Int64 = row[0]
            return GroceryShop(id: id, name: row[1], aisleOrder: order[id] ?? [], hidden: hidden[id] ?? [])
        }
    }

    static func itemShops(_ db: Database) throws -> ItemShops {
        var byItem: [Int64: Set<Int64>] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT item_id, shop_id FROM item_shop") {
            byItem[row[0] as Int64, default: []].insert(row[1] as Int64)
        }
        return ItemShops(byItem)
    }
}
