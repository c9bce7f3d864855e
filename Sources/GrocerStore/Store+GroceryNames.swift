import Foundation
import GRDB
import GrocerCore

extension Store {
    // MARK: Units (names items are counted in)

    /// The unit with `name` (ignoring case and width), or nil.
    public func unit(named name: String, locale: Locale = Locale(identifier: "en_US_POSIX")) throws -> GroceryUnit? {
        try groceryRead { db in try Self.match(UnitTable.self, name, db, locale: locale) }
    }

    @discardableResult
    public func addUnit(named name: String, locale: Locale = Locale(identifier: "en_US_POSIX")) throws -> GroceryUnit {
        try groceryWrite { db in try insertName(UnitTable.self, name, db, locale: locale) }
    }

    @discardableResult
    public func renameUnit(id: Int64, to name: String, locale: Locale = Locale(identifier: "en_US_POSIX")) throws -> GroceryUnit {
        try groceryWrite { db in try renameName(UnitTable.self, id: id, to: name, db, locale: locale) }
    }

    /// Deletes the unit; its items keep working, counted in no unit.
    public func deleteUnit(id: Int64) throws {
        try groceryWrite { db in try deleteName(UnitTable.self, id: id, db) }
    }

    // MARK: Places at home (listing and ordering: Store+GroceryPlaces)

    /// The place with `name` (ignoring case and width), or nil.
    public func place(named name: String, locale: Locale = Locale(identifier: "en_US_POSIX")) throws -> GroceryPlace? {
        try groceryRead { db in try Self.match(PlaceTable.self, name, db, locale: locale) }
    }

    @discardableResult
    public func addPlace(named name: String, locale: Locale = Locale(identifier: "en_US_POSIX")) throws -> GroceryPlace {
        try groceryWrite { db in try insertName(PlaceTable.self, name, db, locale: locale) }
    }

    @discardableResult
    public func renamePlace(id: Int64, to name: String, locale: Locale = Locale(identifier: "en_US_POSIX")) throws -> GroceryPlace {
        try groceryWrite { db in try renameName(PlaceTable.self, id: id, to: name, db, locale: locale) }
    }

    /// Deletes the place; its items keep working, kept nowhere in particular.
    public func deletePlace(id: Int64) throws {
        try groceryWrite { db in try deleteName(PlaceTable.self, id: id, db) }
    }

    // MARK: One way for every table of plain names

    /// Every row by id, with the rows that could not be read.
    static func namePage<T: NameTable>(_ table: T.Type, _ db: Database) throws -> ReadPage<T.Value> {
        try RowReader.page(db, NameRecord<T>.all().order(NameRecord<T>.Columns.id), table: T.tableName) {
            try NameRecord<T>(row: $0).value
        }
    }

    static func unitPage(_ db: Database) throws -> ReadPage<GroceryUnit> { try namePage(UnitTable.self, db) }
    static func placePage(_ db: Database) throws -> ReadPage<GroceryPlace> { try namePage(PlaceTable.self, db) }

    /// The row named `name` as quick entry compares names, or nil.
    static func match<T: NameTable>(_ table: T.Type, _ name: String, _ db: Database, locale: Locale) throws -> T.Value? {
        NameRules.match(name, in: try namePage(table, db).entries, id: \.id, name: T.name(of:), locale: locale)
    }

    func insertName<T: NameTable>(_ table: T.Type, _ name: String, _ db: Database, locale: Locale) throws -> T.Value {
        let name = try NameRules.normalized(name, kind: .name(T.kind), path: path)
        try requireFree(name, in: Self.namePage(table, db).entries, kind: .name(T.kind), id: \.id, name: T.name(of:), locale: locale)
        var record = NameRecord<T>(id: nil, name: name)
        try record.insert(db)
        return record.value
    }

    func renameName<T: NameTable>(_ table: T.Type, id: Int64, to name: String, _ db: Database, locale: Locale) throws -> T.Value {
        let name = try NameRules.normalized(name, kind: .name(T.kind), path: path)
        let others = try Self.namePage(table, db).entries.filter { $0.id != id }
        guard try NameRecord<T>.exists(db, key: id) else { throw notFound(.name(T.kind), id: id) }
        try requireFree(name, in: others, kind: .name(T.kind), id: \.id, name: T.name(of:), locale: locale)
        let record = NameRecord<T>(id: id, name: name)
        try record.update(db)
        return record.value
    }

    /// Deletes the row; the items that named it keep working without it
    /// (the item's reference is ON DELETE SET NULL).
    func deleteName<T: NameTable>(_ table: T.Type, id: Int64, _ db: Database) throws {
        guard try NameRecord<T>.exists(db, key: id) else { throw notFound(.name(T.kind), id: id) }
        try NameRecord<T>.deleteOne(db, key: id)
    }

    /// The row quick entry typed: found by name (ignoring case), or made
    /// (a common unit the person deleted, a new place, say).
    func findOrAdd<T: NameTable>(_ table: T.Type, named name: String, _ db: Database, locale: Locale) throws -> T.Value {
        let typed = try NameRules.normalized(name, kind: .name(T.kind), path: path)
        if let found = try Self.match(table, typed, db, locale: locale) { return found }
        var record = NameRecord<T>(id: nil, name: typed)
        try record.insert(db)
        return record.value
    }
}
