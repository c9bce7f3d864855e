import Foundation
import GRDB
import GrocerCore

/// The guarded undo of a rename or delete of a unit, place or aisle (the
/// `GroceryNameChange` that `GroceryNames.rename` and `.delete` return).

extension StoreGroceries {
    /// Undoes a rename or delete this grocer made, in one transaction, only
    /// where the store still holds what this grocer left:
    ///
    /// - a rename is undone when the row still has the new name and no
    ///   other row has taken the old one meanwhile;
    /// - a delete is undone when no row has taken the name meanwhile: the
    ///   row comes back (under its old id if it is free, an aisle at its
    ///   old position), and each item that named it names it again if it
    ///   still has the same name and no unit, place or aisle of that kind
    ///   (another grocer gave it none since); the others are `skipped`.
    ///
    /// Anything else is left as it is (`done` false): never overwritten or
    /// brought back.
    public func undo(_ change: GroceryNameChange, locale: Locale) throws -> GroceryNameChange.Undone {
        try groceryWrite { db in
            let kind = change.kind
            let notDone = GroceryNameChange.Undone(change: change, done: false, id: change.id)
            switch change.action {
            case .renamed(let from, let to):
                guard let row = try Self.nameRow(kind, id: change.id, db), row.name == to,
                    try !Self.nameTaken(kind, from, except: change.id, db, locale: locale)
                else { return notDone }
                try Self.setName(kind, id: change.id, to: from, position: row.position, db)
                return GroceryNameChange.Undone(change: change, done: true, id: change.id)
            case .deleted(let name, let position, let items):
                guard try !Self.nameTaken(kind, name, except: nil, db, locale: locale) else { return notDone }
                let id = try Self.reinsert(kind, id: change.id, name: name, position: position, db)
                let column = Self.itemColumn(kind)
                var skipped: [GroceryItem] = []
                for item in items {
                    let mine = ItemRecord.filter(ItemRecord.Columns.id == item.id && ItemRecord.Columns.name == item.name && column == nil)
                    if try mine.updateAll(db, column.set(to: id)) == 0 { skipped.append(item) }
                }
                return GroceryNameChange.Undone(change: change, done: true, id: id, skipped: skipped)
            }
        }
    }
}

extension StoreView {
    // MARK: Helpers

    /// The row's name, and an aisle's position; nil when there is none.
    static func nameRow(_ kind: GroceryNameKind, id: Int64, _ db: Database) throws -> (name: String, position: Int?)? {
        switch kind {
        case .unit: return try UnitRecord.fetchOne(db, key: id).map { ($0.name, nil) }
        case .place: return try PlaceRecord.fetchOne(db, key: id).map { ($0.name, nil) }
        case .aisle: return try AisleRecord.fetchOne(db, key: id).map { ($0.name, Int(exactly: $0.position)) }
        }
    }

    /// Whether a row of the kind other than `except` has `name`, as names
    /// are compared when one is given (`requireFree`).
    static func nameTaken(_ kind: GroceryNameKind, _ name: String, except: Int64?, _ db: Database, locale: Locale) throws -> Bool {
        let others = try nameEntries(kind, db).filter { $0.id != except }
        return NameRules.match(name, in: others, id: \.id, name: \.name, locale: locale) != nil
    }

    /// A deleted row made again, under `id` when it is free; an aisle at
    /// `position` (the others numbered 1...n again). Returns its id.
    static func reinsert(_ kind: GroceryNameKind, id: Int64, name: String, position: Int?, _ db: Database) throws -> Int64 {
        switch kind {
        case .unit:
            var record = UnitRecord(id: try UnitRecord.exists(db, key: id) ? nil : id, name: name)
            try record.insert(db)
            return record.id ?? db.lastInsertedRowID
        case .place:
            var record = PlaceRecord(id: try PlaceRecord.exists(db, key: id) ? nil : id, name: name)
            try record.insert(db)
            return record.id ?? db.lastInsertedRowID
        case .aisle:
            var all = try aislePage(db).entries
            var record = AisleRecord(id: try AisleRecord.exists(db, key: id) ? nil : id, name: name, position: Int64(all.count + 1))
            try record.insert(db)
            let aisle = try record.groceryAisle()
            all.insert(aisle, at: min(max(position ?? all.count + 1, 1), all.count + 1) - 1)
            try renumber(db, all)
            return aisle.id
        }
    }

    static func itemColumn(_ kind: GroceryNameKind) -> ItemRecord.Columns {
        switch kind {
        case .unit: return ItemRecord.Columns.unitID
        case .place: return ItemRecord.Columns.placeID
        case .aisle: return ItemRecord.Columns.aisleID
        }
    }
}
