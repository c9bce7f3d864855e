import Foundation
import GRDB
import GrocerCore

/// The shops the person buys at, their own orders of the aisles, and the
/// shops each item is bought at, over the store's one connection
/// (`store.shops`). Shop names follow the rules of every name
/// (`NameRules`: `StoreError.badName`, `.nameTaken`); a shop that is not
/// there is `StoreError.notFound`.
public struct StoreShops: StoreView, Sendable {
    let store: Store
}

extension Store {
    /// The shops (`StoreShops`).
    public var shops: StoreShops { StoreShops(store: self) }
}

extension StoreShops {
    /// Every shop, in the order they were added (Tab's order).
    public func all() throws -> [GroceryShop] {
        try checkedRead(ShopRecords.shop, ShopRecords.shopAisle) { db in try ShopRecords.shops(db) }
    }

    /// The shops each item names (none: bought anywhere).
    public func itemShops() throws -> ItemShops {
        try checkedRead(ShopRecords.itemShop) { db in try ShopRecords.itemShops(db) }
    }

    /// The shop named `name` (ignoring case and width; an exact spelling
    /// first), or nil.
    public func find(named name: String, locale: Locale = Locale(identifier: "en_US_POSIX")) throws -> GroceryShop? {
        try checkedRead(ShopRecords.shop, ShopRecords.shopAisle) { db in
            NameRules.match(name, in: try ShopRecords.shops(db), id: \.id, name: \.name, locale: locale)
        }
    }

    /// A new shop, ordering no aisle yet (the default order).
    @discardableResult
    public func add(named name: String, locale: Locale = Locale(identifier: "en_US_POSIX")) throws -> GroceryShop {
        try checkedWrite(ShopRecords.shop, ShopRecords.shopAisle) { db in
            let name = try free(name, except: nil, db, locale: locale)
            try db.execute(sql: "INSERT INTO shop (name) VALUES (?)", arguments: [name])
            return GroceryShop(id: db.lastInsertedRowID, name: name)
        }
    }

    /// Renames the shop with `id`; returns it renamed.
    @discardableResult
    public func rename(id: Int64, to name: String, locale: Locale = Locale(identifier: "en_US_POSIX")) throws -> GroceryShop {
        try checkedWrite(ShopRecords.shop, ShopRecords.shopAisle) { db in
            let name = try free(name, except: id, db, locale: locale)
            try db.execute(sql: "UPDATE shop SET name = ? WHERE id = ?", arguments: [name, id])
            guard db.changesCount == 1 else { throw notFound(id) }
            return try ShopRecords.shops(db).first { $0.id == id } ?? GroceryShop(id: id, name: name)
        }
    }

    /// Deletes the shop with `id`, its aisle order, and its name on every
    /// item (an item that named only it is then bought anywhere). Returns
    /// what was deleted, for undo (`undo(_:locale:)`).
    @discardableResult
    public func delete(id: Int64) throws -> ShopDeletion {
        try checkedWrite(ShopRecords.shop, ShopRecords.shopAisle, ShopRecords.itemShop) { db in
            guard let shop = try ShopRecords.shops(db).first(where: { $0.id == id }) else { throw notFound(id) }
            let items = try Int64.fetchAll(db, sql: "SELECT item_id FROM item_shop WHERE shop_id = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM item_shop WHERE shop_id = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM shop_aisle WHERE shop_id = ?", arguments: [id])
            try db.execute(sql: "DELETE FROM shop WHERE id = ?", arguments: [id])
            return ShopDeletion(shop: shop, itemIDs: items)
        }
    }

    /// Undoes a delete in one transaction: the shop again under its id (an
    /// id is never given to another shop), its order of the aisles and
    /// the aisles it hid, and its name on every item that named it. What
    /// another grocer did since is kept: a shop of that name added
    /// meanwhile leaves it undone (nothing written); an aisle or an item
    /// deleted since is left out (the items counted as skipped).
    public func undo(_ deletion: ShopDeletion, locale: Locale = Locale(identifier: "en_US_POSIX")) throws -> ShopDeletion.Undone {
        try checkedWrite(ShopRecords.shop, ShopRecords.shopAisle, ShopRecords.itemShop, AisleRecord.shape, ItemRecord.shape) { db in
            let shop = deletion.shop
            let taken = try ShopRecords.shops(db).contains { $0.id == shop.id || NameRules.same($0.name, shop.name, locale: locale) }
            guard !taken else { return ShopDeletion.Undone(deletion: deletion, done: false) }
            try db.execute(sql: "INSERT INTO shop (id, name) VALUES (?, ?)", arguments: [shop.id, shop.name])
            var position = 0
            for aisle in shop.aisleOrder where try AisleRecord.exists(db, key: aisle) {
                position += 1
                try db.execute(
                    sql: "INSERT INTO shop_aisle (shop_id, aisle_id, position, hidden) VALUES (?, ?, ?, ?)",
                    arguments: [shop.id, aisle, position, shop.hidden.contains(aisle) ? 1 : 0])
            }
            for aisle in shop.hidden.sorted() where !shop.aisleOrder.contains(aisle) {
                guard try AisleRecord.exists(db, key: aisle) else { continue }
                try db.execute(sql: "INSERT INTO shop_aisle (shop_id, aisle_id, hidden) VALUES (?, ?, 1)", arguments: [shop.id, aisle])
            }
            var skipped = 0
            for item in deletion.itemIDs {
                guard try ItemRecord.exists(db, key: item) else {
                    skipped += 1
                    continue
                }
                try db.execute(sql: "INSERT INTO item_shop (item_id, shop_id) VALUES (?, ?)", arguments: [item, shop.id])
            }
            return ShopDeletion.Undone(deletion: deletion, done: true, skippedItems: skipped)
        }
    }

    /// Gives the shop its own order of aisles: `aisleIDs` first, in this
    /// order; every other aisle after them, in the default order. Hidden
    /// aisles stay hidden. Returns the shop as it now is.
    @discardableResult
    public func setOrder(shopID: Int64, aisleIDs: [Int64]) throws -> GroceryShop {
        try checkedWrite(ShopRecords.shop, ShopRecords.shopAisle, AisleRecord.shape) { db in
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM shop WHERE id = ?", arguments: [shopID]) == true else {
                throw notFound(shopID)
            }
            try db.execute(sql: "UPDATE shop_aisle SET position = NULL WHERE shop_id = ?", arguments: [shopID])
            var seen: Set<Int64> = []
            for aisle in aisleIDs where seen.insert(aisle).inserted {
                guard try AisleRecord.exists(db, key: aisle) else {
                    throw StoreError.notFound(path: path, kind: .name(.aisle), reference: "with id \(aisle)")
                }
                try db.execute(
                    sql: """
                        INSERT INTO shop_aisle (shop_id, aisle_id, position) VALUES (?, ?, ?)
                          ON CONFLICT (shop_id, aisle_id) DO UPDATE SET position = excluded.position
                        """, arguments: [shopID, aisle, seen.count])
            }
            try db.execute(sql: "DELETE FROM shop_aisle WHERE shop_id = ? AND position IS NULL AND hidden = 0", arguments: [shopID])
            return try ShopRecords.shops(db).first { $0.id == shopID } ?? GroceryShop(id: shopID, name: "")
        }
    }

    /// Hides the aisle in the shop (it does not have it), or shows it again.
    @discardableResult
    public func setHidden(shopID: Int64, aisleID: Int64, _ hidden: Bool) throws -> GroceryShop {
        try checkedWrite(ShopRecords.shop, ShopRecords.shopAisle, AisleRecord.shape) { db in
            guard try Bool.fetchOne(db, sql: "SELECT 1 FROM shop WHERE id = ?", arguments: [shopID]) == true else {
                throw notFound(shopID)
            }
            guard try AisleRecord.exists(db, key: aisleID) else {
                throw StoreError.notFound(path: path, kind: .name(.aisle), reference: "with id \(aisleID)")
            }
            try db.execute(
                sql: """
                    INSERT INTO shop_aisle (shop_id, aisle_id, hidden) VALUES (?, ?, ?)
                      ON CONFLICT (shop_id, aisle_id) DO UPDATE SET hidden = excluded.hidden
                    """, arguments: [shopID, aisleID, hidden ? 1 : 0])
            try db.execute(sql: "DELETE FROM shop_aisle WHERE shop_id = ? AND position IS NULL AND hidden = 0", arguments: [shopID])
            return try ShopRecords.shops(db).first { $0.id == shopID } ?? GroceryShop(id: shopID, name: "")
        }
    }

    /// Sets the shops the item is bought at (empty: anywhere).
    public func setShops(itemID: Int64, _ shopIDs: Set<Int64>) throws {
        try checkedWrite(ShopRecords.shop, ShopRecords.itemShop, ItemRecord.shape) { db in
            guard try ItemRecord.exists(db, key: itemID) else { throw StoreError.notFound(path: path, kind: .item, reference: "with id \(itemID)") }
            try db.execute(sql: "DELETE FROM item_shop WHERE item_id = ?", arguments: [itemID])
            for shop in shopIDs.sorted() {
                guard try Bool.fetchOne(db, sql: "SELECT 1 FROM shop WHERE id = ?", arguments: [shop]) == true else { throw notFound(shop) }
                try db.execute(sql: "INSERT INTO item_shop (item_id, shop_id) VALUES (?, ?)", arguments: [itemID, shop])
            }
        }
    }

    // MARK: Helpers

    private func notFound(_ id: Int64) -> StoreError {
        .notFound(path: path, kind: .shop, reference: "with id \(id)")
    }

    /// The name as kept, when no other shop has it.
    private func free(_ text: String, except id: Int64?, _ db: Database, locale: Locale) throws -> String {
        let name = try NameRules.normalized(text, kind: .shop, path: path)
        let others = try ShopRecords.shops(db).filter { $0.id != id }
        if others.contains(where: { NameRules.same($0.name, name, locale: locale) }) {
            throw StoreError.nameTaken(path: path, kind: .shop, name: name)
        }
        return name
    }
}
