import Foundation
import GRDB
import GrocerCore

/// The weights: the entries, their days (`weight_day`, in the store's
/// zone), paging, periods, import and export, over the store's one
/// connection (`store.weights`).
public struct StoreWeights: StoreView, Sendable {
    let store: Store
}

extension Store {
    /// The weights (`StoreWeights`).
    public var weights: StoreWeights { StoreWeights(store: self) }
}

extension StoreWeights {
    // MARK: Weights

    /// Saves a weight recorded at `date` (kept to the whole second) with
    /// its note (trimmed; checked by the caller with `WeightNote.problem`),
    /// its body fat when one was given, and its day in `weight_day`, in one
    /// transaction.
    @discardableResult
    public func add(_ weight: Weight, at date: Date, note: String = "", bodyFat: BodyFat? = nil) throws -> WeightEntry {
        var record = WeightRecord(weight, at: date, note: note, bodyFat: bodyFat)
        try checkedWrite(WeightRecord.shape, WeightDayTable.shape, SettingRecord.shape) { db in
            try record.insert(db)
            try WeightDayTable.change(db, zone: timeZone, added: [record])
        }
        return WeightEntry(
            id: record.id ?? 0, weight: weight,
            recordedAt: Date(timeIntervalSince1970: TimeInterval(record.recordedAt)), note: record.note, bodyFat: bodyFat)
    }

    /// Every entry, oldest first (time, then id), one at a time: memory
    /// stays flat however many there are. Rows that cannot be read are
    /// skipped and returned in the report, never dropped in silence.
    @discardableResult
    public func forEachEntry(_ body: (WeightEntry) throws -> Void) throws -> ReadReport {
        try checkedRead(WeightRecord.shape) { db in
            try RowReader.forEach(
                db, WeightRecord.oldestFirst, table: WeightRecord.databaseTableName,
                map: { try WeightRecord(row: $0).entry() }, body: body)
        }
    }

    /// The entry `id`; `StoreError.noSuchWeight` when there is none,
    /// `StoreError.unreadableRows` when its row cannot be read.
    public func entry(id: Int64) throws -> WeightEntry {
        try checkedRead(WeightRecord.shape) { db in try readable(existingRecords([id], db)[0]) }
    }

    // MARK: Days

    /// Each local calendar day with entries (in `timeZone`), oldest first,
    /// in `unit`: from `weight_day`, never from the entries, except once to
    /// rebuild it when it was built for another zone or never (a store that
    /// cannot be written, is busy or is on a full disk, then computes the
    /// days without keeping them).
    public func days(unit: WeightUnit) throws -> [DayFigure] {
        do {
            try rebuildDaysIfNeeded()
        } catch let error as StoreError where cannotKeep(error) {
            // Shown all the same; kept by the next grocer that can write.
            return try checkedRead(WeightRecord.shape) { db in
                try WeightDayTable.figures(tallying: db, zone: timeZone, unit: unit)
            }
        }
        return try checkedRead(WeightDayTable.shape) { db in try WeightDayTable.figures(db, unit: unit) }
    }

    /// What the history shows its trend from: each local calendar day with
    /// entries after the trend's checkpoint (`WeightDayTable+Checkpoint`),
    /// oldest first, in `unit`, and the trend's start there; every day, and
    /// no start, when the history is short. The checkpoint is made (once,
    /// from every day) or moved on (from the days since) when none serves; a
    /// store that cannot be written gives every day instead.
    ///
    /// `asBuilt`: while another connection rebuilds the table for this
    /// zone (the screen's background work after a move), read it as it
    /// was built, in the days of the zone it was built for, with the
    /// checkpoints made for it, instead of waiting; the rebuild's commit
    /// then tells the screen to read again (`PRAGMA data_version`). When
    /// that table has no checkpoint that serves, this waits as usual.
    public func recentDays(unit: WeightUnit, asBuilt: Bool = false) throws -> (days: [DayFigure], start: TrendStart?) {
        let read = { [self] in
            try checkedRead(WeightDayTable.shape, SettingRecord.shape) { db in try WeightDayTable.recent(db, unit: unit) }
        }
        if asBuilt, try daysBuiltForAnotherZone(), let recent = try read() { return recent }
        do {
            try rebuildDaysIfNeeded()
        } catch let error as StoreError where cannotKeep(error) {
            return (try days(unit: unit), nil)
        }
        if let recent = try read() { return recent }
        do {
            try checkedWrite(WeightDayTable.shape, SettingRecord.shape) { db in try WeightDayTable.keepCheckpoint(db) }
        } catch let error as StoreError where cannotKeep(error) {
            return (try days(unit: unit), nil)
        }
        return try read() ?? (try days(unit: unit), nil)
    }

    /// Makes ready what the history reads, for work in the background at
    /// open: `weight_day` rebuilt when it was built for another zone, and
    /// the trend's checkpoints when the history needs one and none serves
    /// (a rebuild forgot them; a write to an old day, by grocer's command
    /// line or an older grocer, forgot some). A key that needs them while it
    /// runs waits for the rest of it, then finds them kept. Nothing for a
    /// table never built (a new store writes nothing at open).
    ///
    /// The rebuild and the checkpoints are committed in one transaction:
    /// another connection reading meanwhile sees the table as it was, with
    /// its checkpoints, never a rebuilt table without them; and the rebuild
    /// holds the write lock only for that commit, so a save meanwhile
    /// never waits for the tally (`rebuildDaysBeside`).
    public func prepareHistory() throws {
        let moved = try daysBuiltForAnotherZone()
        let needed = { [self] (db: Database) throws -> Bool in
            try WeightDayTable.isCurrent(db, zone: timeZone) && WeightDayTable.needsCheckpoint(db)
        }
        // After a move: tallied off the write lock, a save meanwhile taken
        // in (`rebuildDaysBeside`), the checkpoints made with it.
        if moved { return try rebuildDaysBeside() }
        guard try checkedRead(WeightDayTable.shape, SettingRecord.shape, body: needed) else { return }
        try checkedWrite(WeightDayTable.shape, SettingRecord.shape) { db in
            if try needed(db) { try WeightDayTable.keepCheckpoint(db) }
        }
    }

    /// Whether `weight_day` was built for another zone than `timeZone` (a
    /// move, a store from another machine): not when it was never built (a
    /// new store, whose first weight builds it).
    public func daysBuiltForAnotherZone() throws -> Bool {
        try checkedRead(SettingRecord.shape) { db in
            guard let built = try SettingRecord.readableValue(of: .weightDayZone, db) else { return false }
            return built != timeZone.identifier
        }
    }

    /// Rebuilds `weight_day` in one transaction when the setting
    /// `weight_day.zone` is missing or names another zone than `timeZone`;
    /// nothing otherwise (one setting read). True when it rebuilt. A bulk
    /// importer calls it after its own writes.
    @discardableResult
    public func rebuildDaysIfNeeded() throws -> Bool {
        let current = try checkedRead(SettingRecord.shape) { db in try WeightDayTable.isCurrent(db, zone: timeZone) }
        if current { return false }
        return try checkedWrite(WeightRecord.shape, WeightDayTable.shape, SettingRecord.shape) { db in
            try WeightDayTable.rebuildIfNeeded(db, zone: timeZone)
        }
    }
}

extension StoreView {
    /// A write that failed only because the store cannot be written now
    /// (read-only, busy, a full disk): what is derived is then computed
    /// and shown without being kept.
    func cannotKeep(_ error: StoreError) -> Bool {
        error == .readOnly(path: path) || error == .busy(path: path) || error == .diskFull(path: path)
    }
}
