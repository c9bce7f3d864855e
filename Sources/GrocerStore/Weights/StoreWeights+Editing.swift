import Foundation
import GRDB
import GrocerCore

extension StoreWeights {
    // MARK: Editing, deleting and undoing weights

    /// Changes entry `id` to `weight` recorded at `at` (whole seconds) with
    /// `note` (nil keeps the note it has) and `bodyFat` (nil keeps the one it
    /// has; `.some(nil)` removes it), and its days in `weight_day`, in
    /// one transaction. Returns the entry as it was (for undo: edit it back)
    /// and as it is now.
    @discardableResult
    public func edit(
        id: Int64, weight: Weight, at date: Date, note: String? = nil, bodyFat: BodyFat?? = nil
    ) throws -> (before: WeightEntry, after: WeightEntry) {
        try checkedWrite(WeightRecord.shape, WeightDayTable.shape, SettingRecord.shape) { db in
            let old = try existingRecords([id], db)[0]
            let before = try readable(old)
            var new = WeightRecord(weight, at: date, note: note ?? before.note, bodyFat: bodyFat ?? before.bodyFat)
            new.id = id
            try new.update(db)
            try WeightDayTable.change(db, zone: timeZone, removed: [old], added: [new])
            return (before, try readable(new))
        }
    }

    /// Deletes the entries `ids` (each once, in the order given) and their
    /// share of `weight_day`, in one transaction; returns them, for undo
    /// (`restore`). An id with no entry: `StoreError.noSuchWeight`
    /// naming every such id, and nothing is deleted. A row that cannot be
    /// read is not deleted either (it could not be put back):
    /// `StoreError.unreadableRows`.
    @discardableResult
    public func delete(ids: [Int64]) throws -> [WeightEntry] {
        var seen = Set<Int64>()
        let unique = ids.filter { seen.insert($0).inserted }
        if unique.isEmpty { return [] }
        return try checkedWrite(WeightRecord.shape, WeightDayTable.shape, SettingRecord.shape) { db in
            let records = try existingRecords(unique, db)
            let entries = try records.map { try readable($0) }
            for id in unique { _ = try WeightRecord.deleteOne(db, key: id) }
            try WeightDayTable.change(db, zone: timeZone, removed: records)
            return entries
        }
    }

    /// Puts deleted entries back (undo of a delete), and their days in
    /// `weight_day`, in one transaction: with their ids, or under new ones
    /// where another grocer took an id meanwhile (its entry is never
    /// touched). Returns the entries as put back.
    @discardableResult
    public func restore(_ entries: [WeightEntry]) throws -> [WeightEntry] {
        if entries.isEmpty { return [] }
        return try checkedWrite(WeightRecord.shape, WeightDayTable.shape, SettingRecord.shape) { db in
            var records: [WeightRecord] = []
            var restored: [WeightEntry] = []
            for entry in entries {
                var record = WeightRecord(entry)
                record.id = try WeightRecord.exists(db, key: entry.id) ? nil : entry.id
                try record.insert(db)
                let id = record.id ?? db.lastInsertedRowID
                record.id = id
                records.append(record)
                restored.append(
                    WeightEntry(id: id, weight: entry.weight, recordedAt: entry.recordedAt, note: record.note, bodyFat: entry.bodyFat))
            }
            try WeightDayTable.change(db, zone: timeZone, added: records)
            return restored
        }
    }

    /// Undoes an edit this grocer made: entry `now.id` goes back to
    /// `back`, only if it still holds `now` (what the edit left). Changed
    /// or deleted by another grocer since: `StoreError.changedElsewhere`,
    /// and nothing is written.
    public func undoEdit(now: WeightEntry, back: WeightEntry) throws -> (before: WeightEntry, after: WeightEntry) {
        try checkedWrite(WeightRecord.shape, WeightDayTable.shape, SettingRecord.shape) { db in
            guard let row = try Row.fetchOne(db, WeightRecord.filter(key: now.id)),
                let old = try? WeightRecord(row: row), (try? old.entry()) == now
            else { throw StoreError.changedElsewhere(path: path) }
            var new = WeightRecord(back)
            new.id = now.id
            try new.update(db)
            try WeightDayTable.change(db, zone: timeZone, removed: [old], added: [new])
            return (now, try readable(new))
        }
    }
}

extension StoreWeights {
    /// Undoes a save this grocer made (issue 34): entry `entry.id` is
    /// deleted, and its share of `weight_day`, only if it still holds
    /// `entry`. Changed or deleted by another grocer since:
    /// `StoreError.changedElsewhere`, and nothing is written.
    public func undoAdd(_ entry: WeightEntry) throws {
        try checkedWrite(WeightRecord.shape, WeightDayTable.shape, SettingRecord.shape) { db in
            guard let row = try Row.fetchOne(db, WeightRecord.filter(key: entry.id)),
                let old = try? WeightRecord(row: row), (try? old.entry()) == entry
            else { throw StoreError.changedElsewhere(path: path) }
            _ = try WeightRecord.deleteOne(db, key: entry.id)
            try WeightDayTable.change(db, zone: timeZone, removed: [old])
        }
    }

}

extension StoreView {
    /// The rows `ids`, in that order; every missing id named in one error.
    func existingRecords(_ ids: [Int64], _ db: Database) throws -> [WeightRecord] {
        var records: [WeightRecord] = []
        var missing: [Int64] = []
        for id in ids {
            if let row = try Row.fetchOne(db, WeightRecord.filter(key: id)) {
                do {
                    records.append(try WeightRecord(row: row))
                } catch let problem as FieldProblem {
                    var report = ReadReport()
                    report.add(UnreadableRow(table: WeightRecord.databaseTableName, id: id, reason: problem.reason))
                    throw StoreError.unreadableRows(path: path, report: report)
                }
            } else {
                missing.append(id)
            }
        }
        if !missing.isEmpty { throw StoreError.noSuchWeight(path: path, ids: missing) }
        return records
    }

    /// The entry a row holds, or `StoreError.unreadableRows` naming it.
    func readable(_ record: WeightRecord) throws -> WeightEntry {
        do {
            return try record.entry()
        } catch {
            var report = ReadReport()
            report.add(UnreadableRow(table: WeightRecord.databaseTableName, id: record.id, reason: error.reason))
            throw StoreError.unreadableRows(path: path, report: report)
        }
    }
}
