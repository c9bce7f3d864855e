import Foundation
import GRDB
import GrocerCore

extension Store {
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

    /// The aisle with `name` (ignoring case and width), or nil.
    public func aisle(named name: String, locale: Locale = Locale(identifier: "en_US_POSIX")) throws -> GroceryAisle? {
        try groceryRead { db in
            NameRules.match(name, in: try Self.aislePage(db).entries, id: \.id, name: \.name, locale: locale)
        }
    }

    /// A new aisle, last in the order.
    @discardableResult
    public func addAisle(named name: String, locale: Locale = Locale(identifier: "en_US_POSIX")) throws -> GroceryAisle {
        try groceryWrite { db in try self.insertAisle(db, named: name, locale: locale) }
    }

    @discardableResult
    public func renameAisle(id: Int64, to name: String, locale: Locale = Locale(identifier: "en_US_POSIX")) throws -> GroceryAisle {
        try groceryWrite { db in try renameAisle(db, id: id, to: name, locale: locale) }
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

    /// Deletes the aisle; its items keep working, in no aisle (ON DELETE SET
    /// NULL). The others are numbered 1...n again.
    public func deleteAisle(id: Int64) throws {
        try groceryWrite { db in try deleteAisle(db, id: id) }
    }

    func renameAisle(_ db: Database, id: Int64, to name: String, locale: Locale) throws -> GroceryAisle {
        let name = try NameRules.normalized(name, kind: .name(.aisle), path: path)
        let all = try Self.aislePage(db).entries
        guard let aisle = all.first(where: { $0.id == id }) else { throw notFound(.name(.aisle), id: id) }
        try requireFree(name, in: all.filter { $0.id != id }, kind: .name(.aisle), id: \.id, name: \.name, locale: locale)
        try AisleRecord(id: id, name: name, position: Int64(aisle.position)).update(db)
        return GroceryAisle(id: id, name: name, position: aisle.position)
    }

    func deleteAisle(_ db: Database, id: Int64) throws {
        guard try AisleRecord.exists(db, key: id) else { throw notFound(.name(.aisle), id: id) }
        try AisleRecord.deleteOne(db, key: id)
        try Self.renumber(db, try Self.aislePage(db).entries)
    }

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

    func insertAisle(_ db: Database, named name: String, locale: Locale) throws -> GroceryAisle {
        let name = try NameRules.normalized(name, kind: .name(.aisle), path: path)
        try requireFree(name, in: Self.aislePage(db).entries, kind: .name(.aisle), id: \.id, name: \.name, locale: locale)
        let last = try Int64.fetchOne(db, AisleRecord.select(max(AisleRecord.Columns.position))) ?? 0
        var record = AisleRecord(id: nil, name: name, position: last + 1)
        try record.insert(db)
        return try record.groceryAisle()
    }

    func findOrAddAisle(_ db: Database, named name: String, locale: Locale) throws -> GroceryAisle {
        let typed = try NameRules.normalized(name, kind: .name(.aisle), path: path)
        if let found = NameRules.match(typed, in: try Self.aislePage(db).entries, id: \.id, name: \.name, locale: locale) {
            return found
        }
        return try insertAisle(db, named: typed, locale: locale)
    }

    func requireFree<T>(
        _ name: String, in others: [T], kind: StoreError.Subject, id: (T) -> Int64, name nameOf: (T) -> String, locale: Locale
    ) throws {
        if let taken = NameRules.match(name, in: others, id: id, name: nameOf, locale: locale) {
            throw StoreError.nameTaken(path: path, kind: kind, name: nameOf(taken))
        }
    }

    func notFound(_ kind: StoreError.Subject, id: Int64) -> StoreError {
        .notFound(path: path, kind: kind, reference: "with id \(id)")
    }
}
