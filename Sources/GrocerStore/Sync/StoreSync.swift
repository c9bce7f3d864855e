import Foundation
import GRDB
import GrocerCore

/// What sync keeps in the store (issue 16, format version 7): each
/// collection's account, its records (UID, href, ETag, the agreed copy and
/// the item or entry here) and the conflicts. The engine reads the local
/// state, goes to the server, and brings back one `SyncBatch`, which
/// `applySync` applies in one transaction, so a token or an ETag is never
/// saved without what it describes. Nothing here marks an item as changed:
/// the engine finds local changes by comparing the local state with the
/// record's agreed copy.

/// What sync keeps in the store (accounts, records, conflicts) and the
/// batches it applies, over the store's one connection (`store.sync`):
/// the sync engine's `SyncLedger`.
public struct StoreSync: StoreView, Sendable {
    let store: Store
    /// Where a phone's new item goes when it names no aisle (issue 33):
    /// the person's aisle of its kind, as a name typed here goes
    /// (`filingNewItems(with:)`); nil files nothing.
    let filing: CatalogueFiling?
}

extension Store {
    /// What sync keeps (`StoreSync`), filing no phone's item.
    public var sync: StoreSync { StoreSync(store: self, filing: nil) }
}

extension StoreSync {
    /// The same view, whose `applySync` files a phone's new item (one no
    /// item here is named as, with no aisle of its own; `SyncBatch.fromPhone`) in the aisle
    /// `filing` finds among the person's: the one a name typed here
    /// takes (`StoreGroceries.add`). None found: "No aisle"; no aisle is
    /// ever made.
    public func filingNewItems(with filing: CatalogueFiling) -> StoreSync {
        StoreSync(store: store, filing: filing)
    }
}

extension StoreSync {
    /// Both accounts that are set up (0, 1 or 2), the list's first.
    public func syncAccounts() throws -> [SyncAccount] {
        try syncRead { db in
            try syncRows(db, SyncAccountRow.order(SyncAccountRow.Columns.collection)).map(\.account)
        }
    }

    /// Sets up (or changes) one collection's account, every field as given.
    /// A URL other than the one kept drops that collection's token, its
    /// last sync, its records and its conflicts: a new server knows none of
    /// them, and a record's UID or ETag sent there would mean nothing.
    /// Items and weights stay; the next sync sends them as new.
    public func setSyncAccount(_ account: SyncAccount) throws {
        try syncWrite { db in
            var account = account
            let kept = try syncRows(db, SyncAccountRow.filter(key: account.collection.rawValue)).first?.account
            if let kept, kept.url != account.url {
                account.token = nil
                account.lastSync = nil
                try Self.dropSyncState(account.collection, db)
            }
            try SyncAccountRow(account: account).write(db)
        }
    }

    /// Forgets the login an older store kept in `collection`'s account
    /// (its user and password command), once the person kept it as their
    /// own in their logins file (issue 36). The URL, token, records and
    /// conflicts stay.
    public func clearSyncLogin(_ collection: SyncCollection) throws {
        try syncWrite { db in
            _ = try SyncAccountRow.filter(key: collection.rawValue).updateAll(
                db, SyncAccountRow.Columns.user.set(to: nil), SyncAccountRow.Columns.passwordCommand.set(to: nil))
        }
    }

    /// The account, records and conflicts go (both collections); items and
    /// weights stay.
    public func forgetSync() throws {
        try syncWrite { db in
            _ = try SyncAccountRow.deleteAll(db)
            _ = try SyncRecordRow.deleteAll(db)
            _ = try SyncConflictRow.deleteAll(db)
        }
    }

    /// Every record of a collection, in the order they were first written.
    public func syncRecords(_ collection: SyncCollection) throws -> [SyncRecord] {
        try syncRead { db in try syncRows(db, SyncRecordRow.all(collection)).map(\.record) }
    }

    /// Gives each of `localIDs` that has no record a record with a new UID
    /// (`makeUID()`, no href, no ETag, no agreed copy), in one transaction;
    /// returns the UID of every one of `localIDs` (existing or new). Two
    /// grocers doing it at once give one item one UID: the transaction is
    /// IMMEDIATE, so the second reads the first's records.
    public func claimSyncUIDs(_ collection: SyncCollection, localIDs: [Int64], makeUID: () -> String) throws -> [Int64: String] {
        try syncWrite { db in
            var byLocalID: [Int64: String] = [:]
            for row in try syncRows(db, SyncRecordRow.all(collection)) {
                if let id = row.record.localID { byLocalID[id] = row.record.uid }
            }
            var uids: [Int64: String] = [:]
            for id in localIDs where uids[id] == nil {
                if let uid = byLocalID[id] {
                    uids[id] = uid
                    continue
                }
                let uid = makeUID()
                try SyncRecordRow(collection: collection, record: SyncRecord(uid: uid, localID: id)).insert(db)
                uids[id] = uid
            }
            return uids
        }
    }

    /// Applies `batch` in one transaction (see SyncBatch's doc comments).
    /// First every change's `expected` is held to what the store holds now
    /// (the record's item if it is listed, the record's entry; nil for
    /// none): any difference means another grocer or the person changed it
    /// since the engine read it, and the batch is refused with
    /// `StoreError.changedElsewhere`, nothing written, for the engine to
    /// read again and merge. So is a batch for a collection whose account
    /// was forgotten meanwhile. Then the items (list) or entries (weights)
    /// are changed as the store's own writes change them (names checked,
    /// units, aisles and places found or made, `weight_day` kept), the
    /// records written (each changed UID's `localID` set by the store), the
    /// dropped records removed, the token set when `setsToken`, the
    /// conflicts appended and the last sync set when `syncedAt`. A list
    /// batch carries only items and a weights batch only weights.
    public func applySync(_ collection: SyncCollection, _ batch: SyncBatch, locale: Locale) throws {
        precondition(collection == .list || batch.items.isEmpty, "items belong to the list's batch")
        precondition(collection == .weights || batch.weights.isEmpty, "weights belong to the weights' batch")
        precondition(collection == .weights || batch.settings.isEmpty, "settings belong to the weights' batch")
        try syncWrite(extra: collection == .list ? Self.groceryShapes : Self.weightShapes, lazily: batch.lazyCommit) { db in
            guard try SyncAccountRow.exists(db, key: collection.rawValue) else { throw StoreError.changedElsewhere(path: path) }
            // The records of the changed UIDs only: a push's batch, one
            // record and no change, reads none (reading every record after
            // each write made an initial sync quadratic in CPU: MEASURED.md,
            // "Sync"). A large pull reads them all
            // in one pass rather than through a long IN list.
            var known: [String: SyncRecord] = [:]
            let changed = Set(batch.items.map(\.uid) + batch.weights.map(\.uid))
            if !changed.isEmpty {
                let request =
                    changed.count > 500
                    ? SyncRecordRow.all(collection) : SyncRecordRow.all(collection).filter(changed.contains(SyncRecordRow.Columns.uid))
                for row in try syncRows(db, request) { known[row.record.uid] = row.record }
            }
            // A UID the store has no record of yet: the batch's record says
            // which item or entry it is (one the engine paired with it).
            for record in batch.records where known[record.uid] == nil { known[record.uid] = record }

            // Check everything before writing anything.
            for change in batch.items where try localItem(known[change.uid]?.localID, db) != change.expected {
                throw StoreError.changedElsewhere(path: path)
            }
            for change in batch.weights where try localWeight(known[change.uid]?.localID, db) != change.expected {
                throw StoreError.changedElsewhere(path: path)
            }
            for change in batch.settings where try Self.localSettings(db) != change.expected {
                throw StoreError.changedElsewhere(path: path)
            }

            var localIDs: [String: Int64?] = [:]
            for change in batch.items {
                localIDs[change.uid] = try applyItem(
                    change.new, at: known[change.uid]?.localID, db, filing: batch.fromPhone.contains(change.uid) ? filing : nil,
                    locale: locale)
            }
            for change in batch.weights {
                localIDs[change.uid] = try applyWeight(change.new, at: known[change.uid]?.localID, db)
            }
            for change in batch.settings { try Self.applySettings(change.new, db) }

            var records = batch.records
            for uid in localIDs.keys.sorted() where !records.contains(where: { $0.uid == uid }) {
                records.append(known[uid] ?? SyncRecord(uid: uid))
            }
            for var record in records {
                if let id = localIDs[record.uid] { record.localID = id }
                try Self.writeRecord(record, collection, db)
            }
            for uid in batch.droppedRecords {
                _ = try SyncRecordRow.filter(
                    SyncRecordRow.Columns.collection == collection.rawValue && SyncRecordRow.Columns.uid == uid
                ).deleteAll(db)
            }
            if batch.setsToken {
                try SyncAccountRow.filter(key: collection.rawValue).updateAll(db, SyncAccountRow.Columns.token.set(to: batch.token))
            }
            for conflict in batch.conflicts {
                var row = SyncConflictRow(conflict: conflict)
                row.conflict.id = nil
                row.conflict.collection = collection
                try row.insert(db)
            }
            if let syncedAt = batch.syncedAt {
                try SyncAccountRow.filter(key: collection.rawValue).updateAll(
                    db, SyncAccountRow.Columns.lastSync.set(to: Int64(syncedAt.timeIntervalSince1970.rounded(.down))))
            }
        }
    }

    /// Listed items (on the list, ticked or not), by id, with their aisle's
    /// position. An item whose row cannot be read throws
    /// `StoreError.unreadableRows`: left out, it would look deleted here,
    /// and the next sync would delete it on the server.
    /// Each item carries its shops' names; the aisle's position is its
    /// place in the first shop's order when a shop is defined
    /// (X-APPLE-SORT-ORDER follows the first shop), else the default one.
    public func syncLocalItems() throws -> [SyncLocalItem] {
        let items = try store.groceries.items()
        let (shops, byItem) = try syncRead { db in (try ShopRecords.shops(db), try ShopRecords.itemShops(db)) }
        var positions: [Int64: Int] = [:]
        if let first = shops.first {
            for (offset, aisle) in first.ordered(try store.groceries.aisles()).enumerated() { positions[aisle.id] = offset + 1 }
        }
        return items.filter(\.listed).map {
            var synced = SyncedItem($0)
            synced.shops = ShopRecords.names(byItem.shops(of: $0.id), in: shops)
            let position = shops.isEmpty ? $0.aisle?.position : $0.aisle.flatMap { positions[$0.id] }
            return SyncLocalItem(id: $0.id, item: synced, aislePosition: position)
        }
    }

    /// Every weight entry, oldest first. A row that cannot be read throws
    /// `StoreError.unreadableRows`, for the same reason as items.
    public func syncLocalWeights() throws -> [SyncLocalWeight] {
        var weights: [SyncLocalWeight] = []
        let report = try store.weights.forEachEntry { weights.append(SyncLocalWeight(id: $0.id, weight: SyncedWeight($0))) }
        try report.requireComplete(path: path)
        return weights
    }

    /// Every recorded conflict, oldest first.
    public func syncConflicts() throws -> [SyncConflict] {
        try syncRead { db in try syncRows(db, SyncConflictRow.order(SyncConflictRow.Columns.id)).map(\.conflict) }
    }

    /// Removes one conflict (the person dealt with it). One already gone
    /// (another grocer's person dealt with it) is no error.
    public func dismissSyncConflict(id: Int64) throws {
        try syncWrite { db in _ = try SyncConflictRow.deleteOne(db, key: id) }
    }
}

extension StoreView {
    static var syncShapes: [TableShape] { [SyncAccountRow.shape, SyncRecordRow.shape, SyncConflictRow.shape] }

    // MARK: Applying one change

    /// The item of a record as sync sees it: the item with `id` if it is
    /// there and listed, else nil (taken off the list, or deleted).
    func localItem(_ id: Int64?, _ db: Database) throws -> SyncedItem? {
        guard let id, try ItemRecord.exists(db, key: id) else { return nil }
        let item = try self.item(db, id: id)
        guard item.listed else { return nil }
        return try syncedItem(item, db)
    }

    /// The item as sync sees it, with its shops' names.
    func syncedItem(_ item: GroceryItem, _ db: Database) throws -> SyncedItem {
        var synced = SyncedItem(item)
        synced.shops = try ShopRecords.shopNames(of: item.id, db)
        return synced
    }

    /// The entry of a record as sync sees it, or nil when it is gone.
    func localWeight(_ id: Int64?, _ db: Database) throws -> SyncedWeight? {
        guard let id, let row = try Row.fetchOne(db, WeightRecord.filter(key: id)) else { return nil }
        do {
            return SyncedWeight(try readable(WeightRecord(row: row)))
        } catch let problem as FieldProblem {
            var report = ReadReport()
            report.add(UnreadableRow(table: WeightRecord.databaseTableName, id: id, reason: problem.reason))
            throw StoreError.unreadableRows(path: path, report: report)
        }
    }

    /// Makes the item at `id` (the record's) what the server says, as
    /// `editItem` and `addItem` do; returns the item's id for the record,
    /// nil when it is off the list now.
    ///
    /// `new` nil takes the item off the list (unticked); it stays known, as
    /// in Prepare, and the record no longer points at it, so putting it back
    /// on the list later sends it as a new object. Else the record's item
    /// takes every field and goes on the list; with no such item, a known
    /// item of the same name (the store's rule first, then the folded
    /// `NameKey`: "Crème fraîche" is "creme fraiche") is put back on the
    /// list, joined: its aisle and place stay where the server's copy
    /// has none (`SyncedItem.filled(from:)`), and an item that was off the
    /// list keeps its name too (`joined(to:)`; a listed one's name is the
    /// engine's, which saw it); only with none is an item added. A rename to a name another
    /// item has moves the record to that item (names stay unique) and takes
    /// the renamed one off the list. An item added that names no aisle
    /// goes in the one `filing` finds for its name among the person's
    /// (issue 33), as a name typed here does; none made.
    func applyItem(_ new: SyncedItem?, at id: Int64?, _ db: Database, filing: CatalogueFiling? = nil, locale: Locale) throws -> Int64? {
        var current = try id.flatMap { try ItemRecord.exists(db, key: $0) ? try item(db, id: $0) : nil }
        guard let new else {
            if let current, current.listed { try takeOffList(current, db) }
            return nil
        }
        var name = try NameRules.normalized(new.name, kind: .item, path: path)
        if let mine = current, let other = try item(db, named: name, locale: locale, except: mine.id) {
            if mine.listed { try takeOffList(mine, db) }
            current = other
        }
        var value = new
        var joinedListed: GroceryItem? = nil
        if current == nil {
            current =
                try item(db, named: name, locale: locale)
                ?? item(db, named: name, locale: locale, same: SyncedItem.sameName)
            // A join wipes nothing the server left empty; an item off the
            // list (which the engine did not see) keeps its name too.
            if let known = current {
                let knownItem = try syncedItem(known, db)
                if known.listed && !known.collected { joinedListed = known }
                value = known.listed ? value.filled(from: knownItem) : value.joined(to: knownItem)
                name = known.listed ? name : known.name
            }
        }
        var unit = try value.unit.map { try findOrAddName(.unit, named: $0, db, locale: locale).unit }
        var aisle = try value.aisle.map { try findOrAddName(.aisle, named: $0, db, locale: locale).aisle }
        if current == nil, aisle == nil, let filing {
            // A phone's new name, no aisle given: filed as if typed here.
            aisle = filing.aisle(for: name, among: try StoreGroceries.aislePage(db).entries)
        }
        let place = try value.place.map { try findOrAddName(.place, named: $0, db, locale: locale).place }
        var amount = value.quantity
        // The second amount travels beside the first (X-GROCER-SECOND-*);
        // a unit the store does not know is added, as the first's is.
        var second = try value.second.map {
            GroceryAmount($0.quantity, try $0.unit.map { try findOrAddName(.unit, named: $0, db, locale: locale).unit })
        }
        if let known = joinedListed,
            case .success(.added(let sum)) = known.adding(value.quantity, unit: unit, locale: locale)
        {
            // A phone's "3 apples" joined to a listed "apples" adds up, as
            // quick entry does (issue 33).
            (amount, unit, second) = (sum.amount ?? value.quantity, sum.unit, sum.second)
        }
        let after = GroceryItem(
            id: current?.id ?? 0, name: name, quantity: ItemRecord.wholeQuantity(amount), unit: unit, listed: true,
            collected: value.ticked, place: place, aisle: aisle, amount: amount, second: second, note: value.note)
        guard let current else {
            var record = ItemRecord(after, id: nil)
            try record.insert(db)
            if let id = record.id { try ShopRecords.setShops(named: value.shops, itemID: id, db, path: path, locale: locale) }
            return record.id
        }
        try Self.write(GroceryItemChange.edited(from: current, to: after), db)
        try ShopRecords.setShops(named: value.shops, itemID: current.id, db, path: path, locale: locale)
        return current.id
    }

    /// Off the list and unticked, as Prepare takes an item off.
    private func takeOffList(_ item: GroceryItem, _ db: Database) throws {
        let off = GroceryItem(
            id: item.id, name: item.name, quantity: item.quantity, unit: item.unit, listed: false, collected: false,
            place: item.place, aisle: item.aisle, amount: item.amount, second: item.second, note: item.note)
        try Self.write(GroceryItemChange.edited(from: item, to: off), db)
    }

    /// Makes the entry at `id` what the server says (edited, or added when
    /// gone), or deletes it for nil, with its days in `weight_day`, as
    /// `editWeight`, `addWeight` and `deleteWeights` do. Returns the
    /// entry's id for the record, nil once it is deleted.
    func applyWeight(_ new: SyncedWeight?, at id: Int64?, _ db: Database) throws -> Int64? {
        let old = try id.flatMap { try Row.fetchOne(db, WeightRecord.filter(key: $0)) }.map { try WeightRecord(row: $0) }
        guard let new else {
            if let old, let id = old.id {
                _ = try WeightRecord.deleteOne(db, key: id)
                try WeightDayTable.change(db, zone: timeZone, removed: [old])
            }
            return nil
        }
        var record = WeightRecord(new.weight, at: new.recordedAt, note: new.note, bodyFat: new.bodyFat)
        if let old {
            record.id = old.id
            try record.update(db)
            try WeightDayTable.change(db, zone: timeZone, removed: [old], added: [record])
        } else {
            try record.insert(db)
            try WeightDayTable.change(db, zone: timeZone, added: [record])
        }
        return record.id
    }

    // MARK: Helpers

    static var weightShapes: [TableShape] { [WeightRecord.shape, WeightDayTable.shape, SettingRecord.shape] }

    /// Writes one record by its UID. One item or entry is one object: a
    /// record of the collection that pointed at the same one lets go of it
    /// (the engine then deletes that object on the server as gone here).
    static func writeRecord(_ record: SyncRecord, _ collection: SyncCollection, _ db: Database) throws {
        let columns = SyncRecordRow.Columns.self
        let others = SyncRecordRow.filter(columns.collection == collection.rawValue && columns.uid != record.uid)
        if let id = record.localID {
            try others.filter(columns.localID == id).updateAll(db, columns.localID.set(to: nil))
        }
        try SyncRecordRow(collection: collection, record: record).write(db)
    }

    /// A collection's token, last sync, records and conflicts go.
    static func dropSyncState(_ collection: SyncCollection, _ db: Database) throws {
        _ = try SyncRecordRow.filter(SyncRecordRow.Columns.collection == collection.rawValue).deleteAll(db)
        _ = try SyncConflictRow.filter(SyncConflictRow.Columns.collection == collection.rawValue).deleteAll(db)
    }

    /// Rows of a sync table; one that cannot be read names itself in
    /// `StoreError.unreadableRows` (sync state changed outside grocer is
    /// never guessed at).
    func syncRows<R: FetchableRecord & TableRecord>(_ db: Database, _ request: QueryInterfaceRequest<R>) throws -> [R] {
        do {
            return try request.fetchAll(db)
        } catch let problem as FieldProblem {
            var report = ReadReport()
            report.add(UnreadableRow(table: R.databaseTableName, id: nil, reason: problem.reason))
            throw StoreError.unreadableRows(path: path, report: report)
        }
    }

    func syncRead<T>(_ body: (Database) throws -> T) throws -> T {
        try writer.read { db in
            for table in Self.syncShapes { try table.check(db, path: path) }
            return try body(db)
        }
    }

    /// A write of sync state (and, for `applySync`, of the tables `extra`
    /// names), mapped to the store's errors as every write is (busy,
    /// read-only, a full disk, a store moved away).
    func syncWrite<T>(extra: [TableShape] = [], lazily: Bool = false, _ body: (Database) throws -> T) throws -> T {
        try writer.write(lazily: lazily) { db in
            for table in Self.syncShapes + extra { try table.check(db, path: path) }
            return try body(db)
        }
    }
}
