import Foundation
import GRDB
import GrocerCore

/// What `Store.editItem` changes; nil leaves a field as it is. For `unit`,
/// `aisle` and `storedIn`, an empty name takes the item's away; another
/// name is found (ignoring case) or created.
public struct GroceryItemEdit: Equatable, Sendable {
    public var name: String?
    public var quantity: GroceryQuantity?
    public var unit: String?
    public var aisle: String?
    public var storedIn: String?
    /// Off the list also unticks.
    public var listed: Bool?
    public var collected: Bool?
    /// The item's note (`WeightNote`'s rules: one line); "" takes it away.
    public var note: String?

    public init(
        name: String? = nil, quantity: GroceryQuantity? = nil, unit: String? = nil, aisle: String? = nil,
        storedIn: String? = nil, listed: Bool? = nil, collected: Bool? = nil, note: String? = nil
    ) {
        self.name = name
        self.quantity = quantity
        self.unit = unit
        self.aisle = aisle
        self.storedIn = storedIn
        self.listed = listed
        self.collected = collected
        self.note = note
    }
}

/// The grocery list: its items, and the units, places and aisles they
/// name, read and changed as quick entry, the Shop and the commands do,
/// over the store's one connection (`store.groceries`). Adding, renaming
/// and deleting the names themselves is `store.names(kind)`.
public struct StoreGroceries: StoreView, Sendable {
    let store: Store
}

extension Store {
    /// The grocery list (`StoreGroceries`).
    public var groceries: StoreGroceries { StoreGroceries(store: self) }
}

extension StoreGroceries {
    /// Every item by id, with its unit, place, aisle and exact amount, and
    /// the rows that could not be read.
    public func itemPage() throws -> ReadPage<GroceryItem> {
        try groceryRead { db in try Self.itemPage(db) }
    }

    /// Every item by id, with its unit, place, aisle and exact amount.
    /// Throws `StoreError.unreadableRows` when a row cannot be read;
    /// `itemPage()` returns the rest with a report.
    public func items() throws -> [GroceryItem] {
        try complete(itemPage())
    }

    /// The item with `id`, or `StoreError.notFound`.
    public func item(id: Int64) throws -> GroceryItem {
        try groceryRead { db in try self.item(db, id: id) }
    }

    /// Quick entry: a name that exists (`GroceryItem.existing(named:)`)
    /// is changed as `GroceryItem.adding` decides (issue 33): an item on
    /// the list gets the typed amount added to its own (`replace`: set
    /// instead), one off the list goes back on it with the typed quantity
    /// and unit (with its own when none was typed); any other name is a new
    /// item on the list. A typed unit that names no unit row gets one;
    /// `aisle` (else the entry's `@aisle`) and `storedIn` name an aisle and
    /// a place, found ignoring case or created; none keeps the item's own.
    /// A new item with no aisle named goes in the one `filing` finds for
    /// its name among the person's aisles (the catalogue's, issue 33;
    /// none made); one known keeps its own. An aisle named that is none of
    /// the person's but names a kind in another of the catalogue's
    /// languages ("Lácteos") is the person's aisle of that kind ("Dairy"). `note` nil keeps the item's note. Returns the change, for undo.
    /// Throws `GroceryAddProblem` when the amounts cannot be added; nothing
    /// is changed then.
    @discardableResult
    public func add(
        _ entry: QuickEntry, aisle: String? = nil, storedIn: String? = nil, note: String? = nil, replace: Bool = false,
        filing: CatalogueFiling? = nil, locale: Locale
    ) throws -> GroceryItemChange {
        // The problem is thrown after the write closure, which would make
        // any error but the store's an I/O one; nothing is written then.
        let added: Result<GroceryItemChange, GroceryAddProblem> = try groceryWrite { db in
            try self.add(entry, aisle: aisle, storedIn: storedIn, note: note, replace: replace, filing: filing, locale: locale, db)
        }
        return try added.get()
    }

    /// `add` inside a write transaction: the change made, or why nothing
    /// was (then nothing was written). `newItemNote` is the note a new item
    /// takes when `note` is nil (a recipe's line); an item known keeps its own.
    func add(
        _ entry: QuickEntry, aisle: String? = nil, storedIn: String? = nil, note: String? = nil, newItemNote: String? = nil,
        replace: Bool = false, filing: CatalogueFiling? = nil, locale: Locale, _ db: Database
    ) throws -> Result<GroceryItemChange, GroceryAddProblem> {
        let name = try NameRules.normalized(entry.name, kind: .item, path: path)
        let known = try self.item(db, named: name, locale: locale)
        // Refused before any unit or aisle is made: nothing changes.
        if let known {
            let unit = try entry.unit.map { try Self.findName(.unit, $0, db, locale: locale)?.unit ?? GroceryUnit(id: 0, name: $0) }
            if case .failure(let problem) = known.adding(entry.quantityTyped ? entry.quantity : nil, unit: unit, replace: replace, locale: locale) {
                return .failure(problem)
            }
        }
        let unit = try entry.unit.map { try self.findOrAddName(.unit, named: $0, db, locale: locale).unit }
        var aisleRow = try (aisle ?? entry.aisle).map { typed in
            // An aisle named by its kind in another language ("Lácteos")
            // is the person's of that kind ("Dairy"), not a new one.
            if try Self.findName(.aisle, typed, db, locale: locale) == nil, let filing,
                let mine = filing.aisle(named: typed, among: try Self.aislePage(db).entries)
            {
                return mine
            }
            return try self.findOrAddName(.aisle, named: typed, db, locale: locale).aisle
        }
        if known == nil, aisleRow == nil, let filing {
            aisleRow = filing.aisle(for: name, among: try Self.aislePage(db).entries)
        }
        let place = try storedIn.map { try self.findOrAddName(.place, named: $0, db, locale: locale).place }
        let note = note.map(WeightNote.cleaned)
        let change: GroceryItemChange
        if let existing = known {
            // A name alone keeps the quantity the item had.
            let typed = entry.quantityTyped ? entry.quantity : nil
            let outcome: GroceryAddOutcome
            switch existing.adding(typed, unit: unit, replace: replace, locale: locale) {
            case .success(let planned): outcome = planned
            case .failure(let problem): return .failure(problem)
            }
            let after = outcome.item.replacing(place: place.map { .some($0) }, aisle: aisleRow.map { .some($0) }, note: note)
            change = GroceryItemChange.adding(
                outcome, to: existing, after: after, typed: GroceryAmount(entry.quantity, unit ?? existing.unit).text(locale: locale))
        } else {
            var record = ItemRecord(
                GroceryItem(
                    id: 0, name: name, quantity: ItemRecord.wholeQuantity(entry.quantity), unit: unit, listed: true,
                    collected: false, place: place, aisle: aisleRow, amount: entry.quantity,
                    note: note ?? newItemNote.map(WeightNote.cleaned) ?? ""), id: nil)
            try record.insert(db)
            return .success(GroceryItemChange.added(try self.item(db, id: record.id!)))
        }
        try Self.write(change, db)
        return .success(change)
    }

    /// Changes some fields of the item with `id` (see `GroceryItemEdit`);
    /// a new name another item has is refused. Returns the change, for undo.
    @discardableResult
    public func edit(id: Int64, _ edit: GroceryItemEdit, locale: Locale) throws -> GroceryItemChange {
        try groceryWrite { db in
            let before = try self.item(db, id: id)
            var name = before.name
            if let typed = edit.name {
                name = try NameRules.normalized(typed, kind: .item, path: path)
                if let taken = try self.item(db, named: name, locale: locale, except: id) {
                    throw StoreError.nameTaken(path: path, kind: .item, name: taken.name)
                }
            }
            func pick<T>(_ typed: String?, _ find: (String) throws -> T) rethrows -> T?? {
                guard let typed else { return nil }
                return typed.allSatisfy(\.isWhitespace) ? .some(nil) : .some(try find(typed))
            }
            let unit = try pick(edit.unit) { try self.findOrAddName(.unit, named: $0, db, locale: locale).unit }
            let aisle = try pick(edit.aisle) { try self.findOrAddName(.aisle, named: $0, db, locale: locale).aisle }
            let place = try pick(edit.storedIn) { try self.findOrAddName(.place, named: $0, db, locale: locale).place }
            let listed = edit.listed ?? before.listed
            let amount = edit.quantity ?? before.amount
            let after = GroceryItem(
                id: id, name: name, quantity: edit.quantity.map(ItemRecord.wholeQuantity) ?? before.quantity,
                unit: unit ?? before.unit, listed: listed, collected: listed ? (edit.collected ?? before.collected) : false,
                place: place ?? before.place, aisle: aisle ?? before.aisle, amount: amount, second: before.second,
                note: edit.note.map(WeightNote.cleaned) ?? before.note)
            let change = GroceryItemChange.edited(from: before, to: after)
            try Self.write(change, db)
            return change
        }
    }

    /// Deletes the item with `id`. Returns the change, for undo.
    @discardableResult
    public func delete(id: Int64) throws -> GroceryItemChange {
        try groceryWrite { db in
            let change = try Self.withShops(GroceryItemChange.deleted(try self.item(db, id: id)), db)
            try Self.write(change, db)
            return change
        }
    }

    /// Makes `change` in one transaction: an edit with no `after` deletes
    /// the item (if it is still there); any other writes every field of
    /// `after`, inserting it with its id if it is gone. A unit, place or
    /// aisle deleted since is left out. Undo is `apply(change.reversed)`.
    /// Returns the change as made: a delete carries the shops the item
    /// named (`Edit.shops`), so that its undo names them again.
    @discardableResult
    public func apply(_ change: GroceryItemChange) throws -> GroceryItemChange {
        try groceryWrite { db in
            let made = try Self.withShops(change, db)
            try Self.write(made, db)
            return made
        }
    }

    /// Undoes a change this grocer made: `change` is the reversed one
    /// (`GroceryItemChange.reversed`), each edit's `before` what this
    /// grocer left. In one transaction, each edit is made only where the
    /// item is still as this grocer left it: an item another grocer changed
    /// or deleted since is left as it is and named in `skipped`, never
    /// overwritten or brought back. A deleted item whose id another grocer
    /// took meanwhile comes back under a new id; one whose name another
    /// grocer added again since is left out (skipped), so that no two
    /// items share a name.
    public func undo(_ change: GroceryItemChange) throws -> GroceryItemChange.Undone {
        try groceryWrite { db in
            var applied: [GroceryItemChange.Edit] = []
            var skipped: [GroceryItemChange.Edit] = []
            for edit in change.edits {
                let current: GroceryItem?
                switch try GroceryItemReader.one(db, id: edit.id) {
                case nil: current = nil
                case .success(let item)?: current = item
                case .failure?:
                    skipped.append(edit)
                    continue
                }
                switch (edit.before, current) {
                case (nil, _):
                    // Putting back what this grocer deleted (under a new id
                    // if its old one was taken), unless another grocer has
                    // added an item of that name since: never two items of
                    // one name.
                    // (By the name's key alone: the same in every locale.)
                    if let back = edit.after,
                        try item(db, named: back.name, locale: Locale(identifier: "en_US_POSIX"), except: edit.id, same: { _, _, _ in true })
                            != nil
                    {
                        skipped.append(edit)
                    } else {
                        applied.append(edit)
                    }
                case (let left?, let now?) where left.holdsSame(as: now):
                    applied.append(edit)
                case (_?, _):
                    // Changed or deleted elsewhere since.
                    skipped.append(edit)
                }
            }
            var made: [GroceryItemChange.Edit] = []
            for edit in applied {
                if edit.before == nil, let back = edit.after {
                    made.append(try Self.reinsert(back, shops: edit.shops, db))
                } else {
                    try Self.write(GroceryItemChange(label: change.label, edits: [edit]), db)
                    made.append(edit)
                }
            }
            return GroceryItemChange.Undone(applied: GroceryItemChange(label: change.label, edits: made), skipped: skipped)
        }
    }

    /// The Shop's Clear: every ticked item on the list taken off it and
    /// unticked, as one change (`GroceryItemChange.clear`); nil when none
    /// is ticked.
    @discardableResult
    public func clearTicked() throws -> GroceryItemChange? {
        try groceryWrite { db in
            guard let change = GroceryItemChange.clear(try Self.itemPage(db).entries) else { return nil }
            try Self.write(change, db)
            return change
        }
    }
}

extension StoreView {
    // MARK: Grocery items

    static var groceryShapes: [TableShape] { [ItemRecord.shape, UnitRecord.shape, PlaceRecord.shape, AisleRecord.shape] }

    /// `change` with each delete carrying the shops its item names now
    /// (`Edit.shops`), read before the delete takes them.
    static func withShops(_ change: GroceryItemChange, _ db: Database) throws -> GroceryItemChange {
        guard change.edits.contains(where: { $0.after == nil }) else { return change }
        let edits = try change.edits.map { edit in
            guard edit.after == nil, let before = edit.before else { return edit }
            return GroceryItemChange.Edit(before: before, after: nil, shops: try ShopRecords.shopIDs(of: before.id, db))
        }
        return GroceryItemChange(label: change.label, edits: edits)
    }

    /// A deleted item put back: under its old id, or a new one when that
    /// was taken meanwhile, naming again the `shops` it named that are
    /// still there.
    static func reinsert(_ item: GroceryItem, shops: Set<Int64> = [], _ db: Database) throws -> GroceryItemChange.Edit {
        var record = ItemRecord(item, id: item.id)
        if try ItemRecord.exists(db, key: item.id) { record.id = nil }
        if let id = record.unitID, try !UnitRecord.exists(db, key: id) { record.unitID = nil }
        if let id = record.secondUnitID, try !UnitRecord.exists(db, key: id) { record.secondUnitID = nil }
        if let id = record.placeID, try !PlaceRecord.exists(db, key: id) { record.placeID = nil }
        if let id = record.aisleID, try !AisleRecord.exists(db, key: id) { record.aisleID = nil }
        try record.insert(db)
        let id = record.id ?? db.lastInsertedRowID
        let back = GroceryItem(
            id: id, name: item.name, quantity: item.quantity, unit: item.unit, listed: item.listed, collected: item.collected,
            place: item.place, aisle: item.aisle, amount: item.amount, second: item.second, note: item.note)
        return GroceryItemChange.Edit(before: nil, after: back, shops: try ShopRecords.restore(shops, itemID: id, db))
    }

    // MARK: Helpers

    func groceryRead<T>(_ body: (Database) throws -> T) throws -> T {
        try writer.read { db in
            for table in Self.groceryShapes { try table.check(db, path: path) }
            return try body(db)
        }
    }

    func groceryWrite<T>(_ body: (Database) throws -> T) throws -> T {
        try writer.write { db in
            for table in Self.groceryShapes { try table.check(db, path: path) }
            return try body(db)
        }
    }

    static func itemPage(_ db: Database) throws -> ReadPage<GroceryItem> {
        var entries: [GroceryItem] = []
        let report = try GroceryItemReader.forEach(db) { entries.append($0) }
        return ReadPage(entries: entries, report: report)
    }

    /// The readable item quick entry means by `name`
    /// (`GroceryItem.existing(named:in:locale:)` over every readable item,
    /// `except` the one with that id): the lowest id whose name is the same
    /// (`GroceryItem.sameName`) and whose row reads whole. An item whose
    /// row cannot be read is passed over, as a read of every item leaves it
    /// out. `same` is how names are compared: quick entry's rule unless
    /// told (sync matches a phone's name by its folded `NameKey`, accents
    /// too); either way only items with the name's `ItemNameKey` can match,
    /// and the index on it finds them (format version 8).
    /// Items whose key is not known (NULL: written by another tool, or
    /// renamed by one) are compared too, and keyed: the caller writes.
    func item(
        _ db: Database, named name: String, locale: Locale, except: Int64? = nil,
        same: (String, String, Locale) -> Bool = GroceryItem.sameName
    ) throws -> GroceryItem? {
        let key = ItemNameKey.of(name)
        let rows = FastStatement(try db.makeStatement(sql: ItemRecord.keyCandidates), in: db)
        rows.bind(1, key)
        var ids: [Int64] = []
        var unkeyed: [(id: Int64, key: String)] = []
        while try rows.step() {
            guard let id = rows.int64(0), let other = rows.textToNul(1) else { continue }
            if rows.isNull(2) {
                let otherKey = ItemNameKey.of(other)
                unkeyed.append((id, otherKey))
                guard otherKey == key else { continue }
            }
            if id != except && same(other, name, locale) { ids.append(id) }
        }
        if !unkeyed.isEmpty {
            let setKey = FastStatement(try db.makeStatement(sql: ItemRecord.setKey), in: db)
            for row in unkeyed {
                setKey.bind(1, row.id)
                setKey.bind(2, row.key)
                try setKey.execute()
            }
        }
        for id in ids.sorted() {
            if case .success(let item)? = try GroceryItemReader.one(db, id: id) { return item }
        }
        return nil
    }

    func item(_ db: Database, id: Int64) throws -> GroceryItem {
        switch try GroceryItemReader.one(db, id: id) {
        case nil:
            throw StoreError.notFound(path: path, kind: .item, reference: "with id \(id)")
        case .success(let item)?:
            return item
        case .failure(let problem)?:
            var report = ReadReport()
            report.add(UnreadableRow(table: ItemRecord.databaseTableName, id: id, reason: problem.reason))
            throw StoreError.unreadableRows(path: path, report: report)
        }
    }

    static func write(_ change: GroceryItemChange, _ db: Database) throws {
        for edit in change.edits {
            guard let after = edit.after else {
                _ = try ItemRecord.deleteOne(db, key: edit.id)
                continue
            }
            var record = ItemRecord(after, id: after.id)
            if let id = record.unitID, try !UnitRecord.exists(db, key: id) { record.unitID = nil }
            if let id = record.secondUnitID, try !UnitRecord.exists(db, key: id) { record.secondUnitID = nil }
            if let id = record.secondUnitID, try !UnitRecord.exists(db, key: id) { record.secondUnitID = nil }
            if let id = record.placeID, try !PlaceRecord.exists(db, key: id) { record.placeID = nil }
            if let id = record.aisleID, try !AisleRecord.exists(db, key: id) { record.aisleID = nil }
            try record.upsert(db)
        }
    }
}

extension GroceryItem {
    /// This item with its place and aisle replaced where given (`.some(nil)`
    /// takes one away).
    func replacing(place: GroceryPlace?? = nil, aisle: GroceryAisle?? = nil, note: String? = nil) -> GroceryItem {
        GroceryItem(
            id: id, name: name, quantity: quantity, unit: unit, listed: listed, collected: collected,
            place: place ?? self.place, aisle: aisle ?? self.aisle, amount: amount, second: second, note: note ?? self.note)
    }
}
