import Foundation
import GRDB
import GrocerCore

/// The name operations (`GroceryNames`) in the caller's transaction: the
/// one place that knows which table and record each kind is kept in.

extension StoreView {
    /// Every readable one of the kind: units and places by id, aisles in
    /// the person's order.
    static func nameEntries(_ kind: GroceryNameKind, _ db: Database) throws -> [GroceryNames.Entry] {
        switch kind {
        case .unit: return try unitPage(db).entries.map { .init(kind: kind, id: $0.id, name: $0.name) }
        case .place: return try placePage(db).entries.map { .init(kind: kind, id: $0.id, name: $0.name) }
        case .aisle: return try aislePage(db).entries.map { .init(kind: kind, id: $0.id, name: $0.name, position: $0.position) }
        }
    }

    /// The one named `name` as quick entry compares names, or nil.
    static func findName(_ kind: GroceryNameKind, _ name: String, _ db: Database, locale: Locale) throws -> GroceryNames.Entry? {
        NameRules.match(name, in: try nameEntries(kind, db), id: \.id, name: \.name, locale: locale)
    }

    func insertName(_ kind: GroceryNameKind, _ name: String, _ db: Database, locale: Locale) throws -> GroceryNames.Entry {
        let name = try NameRules.normalized(name, kind: .name(kind), path: path)
        try requireFree(name, in: Self.nameEntries(kind, db), kind: kind, locale: locale)
        switch kind {
        case .unit:
            var record = UnitRecord(id: nil, name: name)
            try record.insert(db)
            return GroceryNames.Entry(kind: kind, id: record.id!, name: name)
        case .place:
            var record = PlaceRecord(id: nil, name: name)
            try record.insert(db)
            return GroceryNames.Entry(kind: kind, id: record.id!, name: name)
        case .aisle:
            // Last in the order.
            let last = try Int64.fetchOne(db, AisleRecord.select(max(AisleRecord.Columns.position))) ?? 0
            var record = AisleRecord(id: nil, name: name, position: last + 1)
            try record.insert(db)
            let aisle = try record.groceryAisle()
            return GroceryNames.Entry(kind: kind, id: aisle.id, name: aisle.name, position: aisle.position)
        }
    }

    /// Gives the one with `id` the name; returns it before and after.
    func renameName(_ kind: GroceryNameKind, id: Int64, to name: String, _ db: Database, locale: Locale) throws
        -> (before: GroceryNames.Entry, after: GroceryNames.Entry)
    {
        let name = try NameRules.normalized(name, kind: .name(kind), path: path)
        let all = try Self.nameEntries(kind, db)
        guard let before = all.first(where: { $0.id == id }) else { throw notFound(.name(kind), id: id) }
        try requireFree(name, in: all.filter { $0.id != id }, kind: kind, locale: locale)
        try Self.setName(kind, id: id, to: name, position: before.position, db)
        return (before, GroceryNames.Entry(kind: kind, id: id, name: name, position: before.position))
    }

    /// Writes the row's new name (an aisle keeps `position`).
    static func setName(_ kind: GroceryNameKind, id: Int64, to name: String, position: Int?, _ db: Database) throws {
        switch kind {
        case .unit: try UnitRecord(id: id, name: name).update(db)
        case .place: try PlaceRecord(id: id, name: name).update(db)
        case .aisle: try AisleRecord(id: id, name: name, position: Int64(position ?? 1)).update(db)
        }
    }

    /// Deletes the one with `id` and returns it; the items that named it
    /// keep working without it (the item's reference is ON DELETE SET
    /// NULL). The aisles left are numbered 1...n again.
    func deleteName(_ kind: GroceryNameKind, id: Int64, _ db: Database) throws -> GroceryNames.Entry {
        guard let row = try Self.nameEntries(kind, db).first(where: { $0.id == id }) else { throw notFound(.name(kind), id: id) }
        switch kind {
        case .unit: try UnitRecord.deleteOne(db, key: id)
        case .place: try PlaceRecord.deleteOne(db, key: id)
        case .aisle:
            try AisleRecord.deleteOne(db, key: id)
            try Self.renumber(db, try Self.aislePage(db).entries)
        }
        return row
    }

    /// The one quick entry typed: found by name (ignoring case), or made
    /// (a common unit the person deleted, a new place, say).
    func findOrAddName(_ kind: GroceryNameKind, named name: String, _ db: Database, locale: Locale) throws -> GroceryNames.Entry {
        let typed = try NameRules.normalized(name, kind: .name(kind), path: path)
        if let found = try Self.findName(kind, typed, db, locale: locale) { return found }
        return try insertName(kind, typed, db, locale: locale)
    }

    /// Throws `StoreError.nameTaken` when one of `others` has `name`.
    func requireFree(_ name: String, in others: [GroceryNames.Entry], kind: GroceryNameKind, locale: Locale) throws {
        if let taken = NameRules.match(name, in: others, id: \.id, name: \.name, locale: locale) {
            throw StoreError.nameTaken(path: path, kind: .name(kind), name: taken.name)
        }
    }

    func notFound(_ kind: StoreError.Subject, id: Int64) -> StoreError {
        .notFound(path: path, kind: kind, reference: "with id \(id)")
    }

    // MARK: Tables of plain names (unit, place)

    /// Every row by id, with the rows that could not be read.
    static func namePage<T: NameTable>(_ table: T.Type, _ db: Database) throws -> ReadPage<T.Value> {
        try RowReader.page(db, NameRecord<T>.all().order(NameRecord<T>.Columns.id), table: T.tableName) {
            try NameRecord<T>(row: $0).value
        }
    }

    static func unitPage(_ db: Database) throws -> ReadPage<GroceryUnit> { try namePage(UnitTable.self, db) }
    static func placePage(_ db: Database) throws -> ReadPage<GroceryPlace> { try namePage(PlaceTable.self, db) }
}

extension GroceryNames.Entry {
    var unit: GroceryUnit { GroceryUnit(id: id, name: name) }
    var place: GroceryPlace { GroceryPlace(id: id, name: name) }
    var aisle: GroceryAisle { GroceryAisle(id: id, name: name, position: position ?? 0) }
}
