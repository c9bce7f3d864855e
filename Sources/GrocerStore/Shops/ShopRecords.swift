import Foundation
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

    /// The names of `ids` in the order of `shops`.
    static func names(_ ids: Set<Int64>, in shops: [GroceryShop]) -> [String] {
        ids.isEmpty ? [] : shops.filter { ids.contains($0.id) }.map(\.name)
    }

    /// The names of the shops the item names, in the order of shops.
    static func shopNames(of itemID: Int64, _ db: Database) throws -> [String] {
        guard try db.tableExists(itemShop.name) else { return [] }
        return try String.fetchAll(
            db, sql: "SELECT shop.name FROM item_shop JOIN shop ON shop.id = item_shop.shop_id WHERE item_shop.item_id = ? ORDER BY shop.id",
            arguments: [itemID])
    }

    /// Makes the item's shops the ones named (as sync carries them): each
    /// found by name as names are compared, a new one added.
    static func setShops(named names: [String], itemID: Int64, _ db: Database, path: String, locale: Locale) throws {
        let all = try shops(db)
        if names.isEmpty {
            let has = try Bool.fetchOne(db, sql: "SELECT 1 FROM item_shop WHERE item_id = ?", arguments: [itemID]) ?? false
            if !has { return }
        }
        try db.execute(sql: "DELETE FROM item_shop WHERE item_id = ?", arguments: [itemID])
        var ids: Set<Int64> = []
        for typed in names {
            let name = try NameRules.normalized(typed, kind: .shop, path: path)
            if let found = NameRules.match(name, in: all, id: \.id, name: \.name, locale: locale) {
                ids.insert(found.id)
            } else {
                try db.execute(sql: "INSERT INTO shop (name) VALUES (?)", arguments: [name])
                ids.insert(db.lastInsertedRowID)
            }
        }
        for id in ids.sorted() {
            try db.execute(sql: "INSERT INTO item_shop (item_id, shop_id) VALUES (?, ?)", arguments: [itemID, id])
        }
    }

    /// The ids of the shops the item names (none when the table is not
    /// there yet).
    static func shopIDs(of itemID: Int64, _ db: Database) throws -> Set<Int64> {
        guard try db.tableExists(itemShop.name) else { return [] }
        return Set(try Int64.fetchAll(db, sql: "SELECT shop_id FROM item_shop WHERE item_id = ?", arguments: [itemID]))
    }

    /// Names `shops` on the item again (an undone delete), each that is
    /// still there; returns those.
    static func restore(_ shops: Set<Int64>, itemID: Int64, _ db: Database) throws -> Set<Int64> {
        guard !shops.isEmpty else { return [] }
        var restored: Set<Int64> = []
        for shop in shops.sorted() where try Bool.fetchOne(db, sql: "SELECT 1 FROM shop WHERE id = ?", arguments: [shop]) == true {
            try db.execute(sql: "INSERT OR IGNORE INTO item_shop (item_id, shop_id) VALUES (?, ?)", arguments: [itemID, shop])
            restored.insert(shop)
        }
        return restored
    }

    static func itemShops(_ db: Database) throws -> ItemShops {
        var byItem: [Int64: Set<Int64>] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT item_id, shop_id FROM item_shop") {
            byItem[row[0] as Int64, default: []].insert(row[1] as Int64)
        }
        return ItemShops(byItem)
    }
}
