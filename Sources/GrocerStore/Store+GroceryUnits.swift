import Foundation
import GRDB
import GrocerCore

extension Store {
    // MARK: Units (names items are counted in)

    /// The unit with `name` (ignoring case and width), or nil.
    public func unit(named name: String, locale: Locale = Locale(identifier: "en_US_POSIX")) throws -> GroceryUnit? {
        try groceryRead { db in
            GroceryName.match(name, in: try Self.unitPage(db).entries, id: \.id, name: \.name, locale: locale)
        }
    }

    @discardableResult
    public func addUnit(named name: String, locale: Locale = Locale(identifier: "en_US_POSIX")) throws -> GroceryUnit {
        try groceryWrite { db in
            let name = try GroceryName.normalized(name, kind: .unit, path: path)
            try requireFree(name, in: Self.unitPage(db).entries, kind: .unit, id: \.id, name: \.name, locale: locale)
            var record = UnitRecord(id: nil, name: name)
            try record.insert(db)
            return record.groceryUnit
        }
    }

    @discardableResult
    public func renameUnit(id: Int64, to name: String, locale: Locale = Locale(identifier: "en_US_POSIX")) throws -> GroceryUnit {
        try groceryWrite { db in
            let name = try GroceryName.normalized(name, kind: .unit, path: path)
            let others = try Self.unitPage(db).entries.filter { $0.id != id }
            guard try UnitRecord.exists(db, key: id) else { throw notFound(.unit, id: id) }
            try requireFree(name, in: others, kind: .unit, id: \.id, name: \.name, locale: locale)
            try UnitRecord(id: id, name: name).update(db)
            return GroceryUnit(id: id, name: name)
        }
    }

    /// Deletes the unit; its items keep working, counted in no unit.
    public func deleteUnit(id: Int64) throws {
        try groceryWrite { db in
            guard try UnitRecord.exists(db, key: id) else { throw notFound(.unit, id: id) }
            try ItemRecord.filter(ItemRecord.Columns.unitID == id).updateAll(db, ItemRecord.Columns.unitID.set(to: nil))
            try UnitRecord.deleteOne(db, key: id)
        }
    }

    // MARK: Helpers

    static func unitPage(_ db: Database) throws -> ReadPage<GroceryUnit> {
        try RowReader.page(db, UnitRecord.all().order(UnitRecord.Columns.id), table: UnitRecord.databaseTableName) {
            try UnitRecord(row: $0).groceryUnit
        }
    }

    /// The unit row quick entry typed: found by name (ignoring case), or
    /// made (a common unit the person deleted, say).
    func findOrAddUnit(_ db: Database, named name: String, locale: Locale) throws -> GroceryUnit {
        let typed = try GroceryName.normalized(name, kind: .unit, path: path)
        if let found = GroceryName.match(typed, in: try Self.unitPage(db).entries, id: \.id, name: \.name, locale: locale) {
            return found
        }
        var record = UnitRecord(id: nil, name: typed)
        try record.insert(db)
        return record.groceryUnit
    }
}
