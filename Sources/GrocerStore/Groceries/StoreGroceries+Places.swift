import Foundation
import GRDB
import GrocerCore

extension StoreGroceries {
    // MARK: Places at home

    /// Every place, with the rows that could not be read, by name in the
    /// locale's order (ignoring case, numbers by value: `NameOrder`), then id.
    public func placePage(locale: Locale = Locale(identifier: "en_US_POSIX")) throws -> ReadPage<GroceryPlace> {
        let page = try groceryRead { db in try Self.placePage(db) }
        let order = NameOrder(names: page.entries.map(\.name), locale: locale)
        return ReadPage(entries: order.sorted(page.entries, name: \.name, tieBreak: { $0.id < $1.id }), report: page.report)
    }

    /// Every place by name (see `placePage`); throws
    /// `StoreError.unreadableRows` when one cannot be read.
    public func places(locale: Locale = Locale(identifier: "en_US_POSIX")) throws -> [GroceryPlace] {
        try complete(placePage(locale: locale))
    }

    // MARK: Aisles at the shop

    /// Every aisle in the person's order (position, then name, then id),
    /// with the rows that could not be read.
    public func aislePage() throws -> ReadPage<GroceryAisle> {
        try groceryRead { db in try Self.aislePage(db) }
    }

    /// Every aisle in the person's order; throws
    /// `StoreError.unreadableRows` when one cannot be read.
    public func aisles() throws -> [GroceryAisle] {
        try complete(aislePage())
    }

    /// Puts the aisle at `position` (1 is first; past the end is last) and
    /// numbers every aisle 1...n in the new order. Returns them in order.
    @discardableResult
    public func moveAisle(id: Int64, to position: Int) throws -> [GroceryAisle] {
        try groceryWrite { db in
            var all = try Self.aislePage(db).entries
            guard let index = all.firstIndex(where: { $0.id == id }) else { throw notFound(.name(.aisle), id: id) }
            let moved = all.remove(at: index)
            all.insert(moved, at: min(max(position, 1), all.count + 1) - 1)
            return try Self.renumber(db, all)
        }
    }
}

extension StoreView {
    // MARK: Helpers

    /// Gives `aisles` the positions 1...n in their order.
    @discardableResult
    static func renumber(_ db: Database, _ aisles: [GroceryAisle]) throws -> [GroceryAisle] {
        var result: [GroceryAisle] = []
        for (offset, aisle) in aisles.enumerated() {
            if aisle.position != offset + 1 {
                try AisleRecord(id: aisle.id, name: aisle.name, position: Int64(offset + 1)).update(db)
            }
            result.append(GroceryAisle(id: aisle.id, name: aisle.name, position: offset + 1))
        }
        return result
    }

    static func aislePage(_ db: Database) throws -> ReadPage<GroceryAisle> {
        try RowReader.page(db, AisleRecord.inOrder, table: AisleRecord.databaseTableName) {
            try AisleRecord(row: $0).groceryAisle()
        }
    }
}
