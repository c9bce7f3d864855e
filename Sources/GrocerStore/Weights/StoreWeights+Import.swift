import Foundation
import GRDB
import GrocerCore

private typealias WeightColumn = WeightRecord.Columns

/// What one row of an import did in the store.
public enum ImportOutcome: Equatable, Sendable {
    case inserted
    /// An entry with the same time, unit and value was in the store before
    /// this import began.
    case duplicate
    /// The same entry came earlier in this import.
    case repeated
}

/// The store's side of an import, handed to the caller's feed inside one
/// transaction: `add` inserts one entry with a prepared statement. Lives
/// only as long as the feed runs.
public struct WeightImporter {
    private let db: Database
    private let insert: FastStatement
    private let insertWithID: FastStatement
    /// Rows already in the store before this import began; nil when it was
    /// empty (no row can be a duplicate then).
    private let duplicate: FastStatement?
    private let lastIDBefore: Int64
    /// An empty store takes the file's ids (grocer's JSON carries them), so
    /// export -> import -> export gives the same bytes.
    public let keepsIDs: Bool
    /// `weight_day` kept up as rows go in: the sums of the rows added per
    /// (day, unit), written out every `daysFlushAt` keys and at the end.
    /// nil when the table was not built for the store's zone (it is then
    /// rebuilt after the rows, in the same transaction).
    private var days: DayTally?
    private let stop: StopFlag
    private let progressEvery: Int
    private let progress: (Int) -> Void
    public private(set) var inserted = 0
    public private(set) var duplicates = 0
    /// Rows that repeated an earlier one of this import, not added.
    public private(set) var repeats = 0
    private var seen = 0
    /// Repeats within the file: the (unit, hundredths) inserted at
    /// `lastSeconds`. Exports list rows by time, so a repeat follows its
    /// twin and this catches it with no memory to speak of; a file out of
    /// time order (`unordered`) is checked once at the end instead
    /// (`removeRepeats`).
    private var lastSeconds = Int64.min
    private var firstAtLastSeconds = 0
    /// The others at `lastSeconds` (most seconds hold one row: no set then).
    private var moreAtLastSeconds: Set<Int> = []
    public private(set) var unordered = false

    init(db: Database, zone: TimeZone, stop: StopFlag, progressEvery: Int, progress: @escaping (Int) -> Void) throws {
        self.db = db
        // In the days of the zone the table is built for, whatever the
        // importer's (see `WeightDayTable.change`).
        days = try WeightDayTable.builtZone(db).map { try DayTally(db: db, zone: $0) }
        self.stop = stop
        self.progressEvery = max(1, progressEvery)
        self.progress = progress
        insert = FastStatement(try db.makeStatement(sql: WeightRecord.insertSQL([.value, .unit, .recordedAt, .note, .bodyFat])), in: db)
        insertWithID = FastStatement(try db.makeStatement(sql: WeightRecord.insertSQL([.id, .value, .unit, .recordedAt, .note, .bodyFat])), in: db)
        let last = try Int64.fetchOne(db, WeightRecord.select(max(WeightColumn.id)))
        lastIDBefore = last ?? 0
        keepsIDs = last == nil
        // The (recorded_at, id) index finds the time; the value is compared
        // in hundredths, so 72.5 and 72.50 are the same weight.
        duplicate =
            last == nil
            ? nil
            : FastStatement(
                try db.makeStatement(
                    sql: """
                        SELECT 1 FROM \(WeightRecord.databaseTableName)
                        WHERE \(WeightColumn.recordedAt.name) = ? AND \(WeightColumn.id.name) <= ? AND \(WeightColumn.unit.name) = ?
                          AND round(CAST(\(WeightColumn.value.name) AS REAL) * 100) = ?
                        LIMIT 1
                        """), in: db)
    }

    /// Inserts `weight` recorded at `seconds` (Unix time) with `note`
    /// (already a note: `WeightNote.cleaned`) and its body fat, unless the store held the
    /// same entry (time, unit and value; the note aside) before the import
    /// began. `id` is used when the
    /// store was empty and the id is still free. Throws `CancellationError`
    /// once the stop flag is raised (the transaction is then rolled back).
    @discardableResult
    public mutating func add(
        _ weight: Weight, at seconds: Int64, id: Int64? = nil, note: String = "", bodyFat: BodyFat? = nil
    ) throws -> ImportOutcome {
        seen += 1
        if seen % progressEvery == 0 {
            if stop.isRaised { throw CancellationError() }
            progress(seen)
        }
        guard WeightRecord.times.contains(seconds) else { throw ImportRangeError(seconds: seconds) }
        let unit = weight.unit.rawValue
        if let duplicate {
            duplicate.bind(1, seconds)
            duplicate.bind(2, lastIDBefore)
            duplicate.bind(3, unit)
            duplicate.bind(4, Int64(weight.hundredths))
            if try duplicate.hasRow() {
                duplicates += 1
                return .duplicate
            }
        }
        let key = weight.hundredths * 2 + (weight.unit == .lbs ? 1 : 0)
        if seconds == lastSeconds {
            if key == firstAtLastSeconds || moreAtLastSeconds.contains(key) {
                repeats += 1
                return .repeated
            }
            moreAtLastSeconds.insert(key)
        } else {
            if seconds < lastSeconds { unordered = true }
            lastSeconds = seconds
            firstAtLastSeconds = key
            if !moreAtLastSeconds.isEmpty { moreAtLastSeconds.removeAll(keepingCapacity: true) }
        }
        if try !insertKeepingID(id, weight.digits, unit, seconds, note, bodyFat?.digits) {
            insert.bind(1, weight.digits)
            insert.bind(2, unit)
            insert.bind(3, seconds)
            insert.bind(4, note)
            insert.bind(5, bodyFat?.digits)
            try insert.execute()
        }
        inserted += 1
        try days?.add(seconds: seconds, unit: weight.unit, hundredths: weight.hundredths, fat: bodyFat?.hundredths)
        return .inserted
    }

    /// A first import chooses the display unit: into a store that was
    /// empty when the import began and has no unit chosen (no setting
    /// stored, readable or not), with rows added, sets `unit` (the
    /// file's). True when it did; rolled back with the rest.
    public func chooseUnitOfFirstImport(_ unit: DisplayUnit) throws -> Bool {
        guard keepsIDs, inserted > 0 else { return false }
        guard try SettingRecord.filter(SettingRecord.Columns.key == SettingKey.defaultUnit.rawValue).fetchCount(db) == 0 else { return false }
        try SettingRecord.set(.defaultUnit, to: unit.rawValue, db)
        return true
    }

    /// Inserts with the file's id when the store was empty and the id is
    /// free; false when the row still needs inserting.
    private mutating func insertKeepingID(
        _ id: Int64?, _ digits: String, _ unit: String, _ seconds: Int64, _ note: String, _ bodyFat: String?
    ) throws -> Bool {
        guard keepsIDs, let id, id > 0 else { return false }
        insertWithID.bind(1, id)
        insertWithID.bind(2, digits)
        insertWithID.bind(3, unit)
        insertWithID.bind(4, seconds)
        insertWithID.bind(5, note)
        insertWithID.bind(6, bodyFat)
        do {
            try insertWithID.execute()
            return true
        } catch let error as DatabaseError where error.extendedResultCode == .SQLITE_CONSTRAINT_PRIMARYKEY {
            return false  // the file names an id twice: the second entry gets a new one
        }
    }

    /// A file out of time order: removes each row it added that repeats an
    /// earlier one (same time, unit and value in hundredths), keeping the
    /// first, through the time index (which must exist). The per-day sums
    /// are then rebuilt, not added. Returns how many went.
    mutating func removeRepeats() throws -> Int {
        guard unordered else { return 0 }
        let (table, time, id, unit, value) = (
            WeightRecord.databaseTableName, WeightColumn.recordedAt.name, WeightColumn.id.name, WeightColumn.unit.name, WeightColumn.value.name
        )
        try db.execute(
            sql: """
                DELETE FROM \(table) AS w WHERE w.\(id) > ? AND EXISTS (
                  SELECT 1 FROM \(table) e
                  WHERE e.\(time) = w.\(time) AND e.\(id) < w.\(id) AND e.\(unit) = w.\(unit)
                    AND round(CAST(e.\(value) AS REAL) * 100) = round(CAST(w.\(value) AS REAL) * 100))
                """, arguments: [lastIDBefore])
        let removed = db.changesCount
        if removed > 0 {
            inserted -= removed
            repeats += removed
            days = nil
        }
        return removed
    }

    /// Brings `weight_day` up to date with the rows added (see `days`).
    mutating func finishDays(zone: TimeZone) throws {
        guard inserted > 0 else { return }
        if days != nil {
            try days!.flush()
            if let first = days!.firstDay { try WeightDayTable.forgetCheckpoint(db, ifChangedFrom: first) }
        } else {
            try WeightDayTable.rebuild(db, zone: try WeightDayTable.builtZone(db) ?? zone)
        }
    }
}

/// Per-(day, unit) sums of imported rows, added into `weight_day` in
/// batches (bounded memory however many days a file spans). The upserts go
/// through SQLite's C API (`FastStatement`): with one entry a day there is
/// one per entry, and GRDB's per-execution work was most of what perf
/// could place in `flush` (docs/MEASURED.md, `Migrator.buildDerived`).
struct DayTally {
    static let flushAt = 50_000
    private let upsert: FastStatement
    private var local: LocalDays
    /// Keyed by day number x 2 + (1 for lbs): no string hashed per row.
    private var sums: [Int: WeightDayTable.Sum] = [:]
    /// The earliest day a row went into (the trend's checkpoint is
    /// forgotten when it is on or after it).
    private(set) var firstDay: Int?

    /// Sums into `table`: `weight_day`, or a rebuild's copy of it.
    init(db: Database, zone: TimeZone, table: String = "weight_day") throws {
        local = LocalDays(zone: zone)
        let statement = try db.makeStatement(
            sql: """
                INSERT INTO \(table) (day, unit, hundredths, count, fat_hundredths, fat_count, low, high) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                ON CONFLICT(day, unit) DO UPDATE SET hundredths = hundredths + excluded.hundredths, count = count + excluded.count,
                  fat_hundredths = fat_hundredths + excluded.fat_hundredths, fat_count = fat_count + excluded.fat_count,
                  low = min(low, excluded.low), high = max(high, excluded.high)
                """)
        upsert = FastStatement(statement, in: db)
    }

    mutating func add(seconds: Int64, unit: WeightUnit, hundredths: Int, fat: Int? = nil) throws {
        let day = local.day(seconds)
        if day < firstDay ?? .max { firstDay = day }
        let key = day * 2 + (unit == .lbs ? 1 : 0)
        if let index = sums.index(forKey: key) {
            sums.values[index].add(hundredths: hundredths, fat: fat)
        } else {
            sums[key] = WeightDayTable.Sum(hundredths: hundredths, fat: fat)
            if sums.count >= Self.flushAt { try flush() }
        }
    }

    mutating func flush() throws {
        for (key, sum) in sums {
            let day = key >> 1  // floor division: negative days stay right
            upsert.bind(1, Int64(day))
            upsert.bind(2, key & 1 == 1 ? "lbs" : "kg")
            upsert.bind(3, Int64(sum.hundredths))
            upsert.bind(4, Int64(sum.count))
            upsert.bind(5, Int64(sum.fatHundredths))
            upsert.bind(6, Int64(sum.fatCount))
            upsert.bind(7, Int64(sum.low))
            upsert.bind(8, Int64(sum.high))
            try upsert.execute()
        }
        sums.removeAll(keepingCapacity: true)
    }
}

/// A time outside the years 1 to 9999 reached the store (readers reject
/// such rows first; this guards the table).
public struct ImportRangeError: Error, Equatable, Sendable {
    public let seconds: Int64
}

extension StoreWeights {
    /// Imports entries in one IMMEDIATE transaction, `weight_day` kept
    /// current in it (summed as rows go in, or rebuilt when it was not
    /// built for the store's zone): `feed` calls
    /// `importer.add` once per entry and returns whether to keep them
    /// (false rolls everything back: a dry run, or `--strict` with a bad
    /// row). Nothing is kept when `feed` throws, or on a stop. `progress`
    /// hears the number of rows seen every `progressEvery` rows.
    ///
    /// A row that repeats an earlier one of the same import (same time,
    /// unit and value) is not added either: `add` says `.repeated`, or, in
    /// a file out of time order, the repeats are removed after the feed
    /// (`removedRepeats` counts those, which `add` had called inserted).
    ///
    /// Errors from `feed` reach the caller as thrown; SQLite's become a
    /// `StoreError`.
    @discardableResult
    public func bulkImport(
        stop: StopFlag = .process, progressEvery: Int = 10_000, progress: @escaping (Int) -> Void = { _ in },
        _ feed: (inout WeightImporter) throws -> Bool
    ) throws -> (inserted: Int, duplicates: Int, repeats: Int, removedRepeats: Int, committed: Bool) {
        try importTransaction { db in
            for table in [WeightRecord.shape, WeightDayTable.shape, SettingRecord.shape] { try table.check(db, path: path) }
            var importer = try WeightImporter(db: db, zone: timeZone, stop: stop, progressEvery: progressEvery, progress: progress)
            // Into an empty store, the time index is built once at the end
            // (a sorted build) instead of kept up to date row by row; in
            // the same transaction, so a rollback puts it back as it was.
            if importer.keepsIDs { try db.execute(sql: "DROP INDEX weight_entry_by_time") }
            let keep = try feed(&importer)
            if importer.keepsIDs && (keep || importer.unordered) { try db.execute(sql: Schema.weightTimeIndex) }
            let removed = try importer.removeRepeats()
            if keep { try importer.finishDays(zone: timeZone) }
            return ((importer.inserted, importer.duplicates, importer.repeats, removed, keep), keep)
        }
    }
}

extension StoreView {
    /// One IMMEDIATE transaction committed only when `body` says so. Unlike
    /// `checkedWrite`, errors that are not SQLite's pass through unchanged
    /// (a reader's error names the file, not the store).
    func importTransaction<T>(_ body: (Database) throws -> (T, commit: Bool)) throws -> T {
        try writer.requireSameFile()
        do {
            return try writer.base.writeWithoutTransaction { db in
                var result: T? = nil
                try db.inTransaction(.immediate) {
                    let (value, commit) = try body(db)
                    result = value
                    if commit { try writer.requireSameFile() }
                    return commit ? .commit : .rollback
                }
                return result!
            }
        } catch let error as DatabaseError {
            throw StoreError.from(error, path: path)
        }
    }
}
