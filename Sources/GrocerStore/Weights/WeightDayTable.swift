import Foundation
import GRDB
import GrocerCore

/// `weight_day`: each local calendar day's entries, per unit as typed, as
/// the sum of their hundredths and their count, the lowest and highest of
/// them (`low`, `high`, hundredths; version 14), and the sum of their body
/// fats (hundredths of a percent) and how many had one (version 12). Kept current in the same
/// transaction as every weight write, in the days of the zone the setting
/// `weight_day.zone` names (whatever the writer's); rebuilt in one pass
/// over `weight_entry` when the setting is missing, or a read needs another
/// zone's days.
///
/// An entry counts here when its row is one grocer can read: a value
/// `WeightDayTable.hundredths` takes, unit lbs or kg, an integer time in
/// the years 1 to 9999. The rebuild and the per-write updates share that
/// rule, so the table always equals a full recomputation.
enum WeightDayTable {
    static let shape = TableShape(name: "weight_day", columns: ["day", "unit", "hundredths", "count", "fat_hundredths", "fat_count", "low", "high"])

    /// Whether the table was built for `zone`.
    static func isCurrent(_ db: Database, zone: TimeZone) throws -> Bool {
        try SettingRecord.readableValue(of: .weightDayZone, db) == zone.identifier
    }

    /// Rebuilds the table when it was not built for `zone`; true when it did.
    @discardableResult
    static func rebuildIfNeeded(_ db: Database, zone: TimeZone) throws -> Bool {
        if try isCurrent(db, zone: zone) { return false }
        try rebuild(db, zone: zone)
        return true
    }

    /// Forgets what the table was built for, so the next need rebuilds it
    /// (for a bulk writer that inserts entries in its own way).
    static func invalidate(_ db: Database) throws {
        try SettingRecord.set(.weightDayZone, to: nil, db)
    }

    /// One pass over `weight_entry` into the table, emptied first (the
    /// trend's checkpoints and the graph's blocks forgotten), and the zone
    /// noted, in the caller's transaction. The sums go in by
    /// `DayTally`'s batches, so memory stays bounded however many days the
    /// store spans (one dictionary of every day grew with the store:
    /// docs/MEASURED.md).
    static func rebuild(_ db: Database, zone: TimeZone) throws {
        try db.execute(sql: "DELETE FROM weight_day")
        try SettingRecord.set(.weightDayTrend, to: nil, db)
        try WeightBlockTable.forgetAll(db)
        try tallyEntries(db, zone: zone, into: "weight_day")
        try SettingRecord.set(.weightDayZone, to: zone.identifier, db)
    }

    /// Every countable entry summed into `table` (empty, `weight_day`'s
    /// columns) by `DayTally`'s batches, in `zone`'s days.
    static func tallyEntries(_ db: Database, zone: TimeZone, into table: String) throws {
        var tally = try DayTally(db: db, zone: zone, table: table)
        let rows = try Row.fetchCursor(db, WeightRecord.figures)
        while let row = try rows.next() {
            guard case .string(let value) = (row[0] as DatabaseValue).storage,
                case .string(let unit) = (row[1] as DatabaseValue).storage,
                case .int64(let seconds) = (row[2] as DatabaseValue).storage,
                let figure = countable(value: value, unit: unit, recordedAt: seconds), let weightUnit = WeightUnit(rawValue: figure.unit)
            else { continue }
            try tally.add(seconds: figure.recordedAt, unit: weightUnit, hundredths: figure.hundredths, fat: fat(row[3]))
        }
        try tally.flush()
    }

    struct Key: Hashable {
        let day: Int
        let unit: String
    }

    struct Sum {
        var hundredths: Int
        var count: Int
        var fatHundredths = 0
        var fatCount = 0
        /// The lowest and highest entry, in hundredths.
        var low: Int
        var high: Int

        /// One entry's share.
        init(hundredths: Int, fat: Int?) {
            self.hundredths = hundredths
            count = 1
            fatHundredths = fat ?? 0
            fatCount = fat == nil ? 0 : 1
            low = hundredths
            high = hundredths
        }

        /// Another entry of the same day and unit taken in.
        mutating func add(hundredths: Int, fat: Int?) {
            self.hundredths += hundredths
            count += 1
            if let fat {
                fatHundredths += fat
                fatCount += 1
            }
            low = Swift.min(low, hundredths)
            high = Swift.max(high, hundredths)
        }
    }

    /// A row's body fat in hundredths of a percent, from its `body_fat`
    /// value; nil for NULL or text `BodyFat` would not take.
    static func fat(_ value: DatabaseValue) -> Int? {
        guard case .string(let text) = value.storage else { return nil }
        return BodyFat(digits: text)?.hundredths
    }

    /// The per-day sums of every countable entry, computed from `weight_entry`.
    static func tally(_ db: Database, zone: TimeZone) throws -> [Key: Sum] {
        var sums: [Key: Sum] = [:]
        var days = LocalDays(zone: zone)
        let rows = try Row.fetchCursor(db, WeightRecord.figures)
        while let row = try rows.next() {
            guard case .string(let value) = (row[0] as DatabaseValue).storage,
                case .string(let unit) = (row[1] as DatabaseValue).storage,
                case .int64(let seconds) = (row[2] as DatabaseValue).storage, let figure = countable(value: value, unit: unit, recordedAt: seconds)
            else { continue }
            let key = Key(day: days.day(figure.recordedAt), unit: figure.unit)
            if sums[key] == nil {
                sums[key] = Sum(hundredths: figure.hundredths, fat: fat(row[3]))
            } else {
                sums[key]!.add(hundredths: figure.hundredths, fat: fat(row[3]))
            }
        }
        return sums
    }

    /// What one row adds to the table, or nil when it does not count.
    static func countable(value: String, unit: String, recordedAt: Int64) -> (unit: String, hundredths: Int, recordedAt: Int64)? {
        guard unit == "kg" || unit == "lbs", WeightRecord.times.contains(recordedAt), let hundredths = hundredths(value) else {
            return nil
        }
        return (unit, hundredths, recordedAt)
    }

    /// The zone the table is built for; nil when it is not built (or
    /// names a zone this machine does not know).
    static func builtZone(_ db: Database) throws -> TimeZone? {
        try SettingRecord.readableValue(of: .weightDayZone, db).flatMap(TimeZone.init(identifier:))
    }

    /// Updates the table for rows removed and added in the caller's
    /// transaction, after they were written, in the days of the zone the
    /// table is built for, whatever the writer's: a cron job in UTC beside
    /// the person's terminal in New York keeps the table in New York's days
    /// instead of rebuilding it in its own (and the terminal rebuilding it
    /// back, every other call). A table not built yet is built in `zone`
    /// (which already includes the rows).
    static func change(_ db: Database, zone writerZone: TimeZone, removed: [WeightRecord] = [], added: [WeightRecord] = []) throws {
        guard let zone = try builtZone(db) else { return try rebuild(db, zone: writerZone) }
        let changed = (removed + added).compactMap { record in
            countable(value: record.value, unit: record.unit, recordedAt: record.recordedAt).map {
                CivilDay(Date(timeIntervalSince1970: TimeInterval($0.recordedAt)), in: zone).number
            }
        }
        if let first = changed.min() { try forgetCheckpoint(db, ifChangedFrom: first) }
        var thinned: Set<Key> = []
        for record in removed {
            guard let figure = countable(value: record.value, unit: record.unit, recordedAt: record.recordedAt) else { continue }
            let day = CivilDay(Date(timeIntervalSince1970: TimeInterval(figure.recordedAt)), in: zone).number
            try db.execute(
                sql: "DELETE FROM weight_day WHERE day = ? AND unit = ? AND count <= 1", arguments: [day, figure.unit])
            if db.changesCount == 0 {
                let fat = record.fatHundredths
                try db.execute(
                    sql: """
                        UPDATE weight_day SET hundredths = hundredths - ?, count = count - 1,
                          fat_hundredths = fat_hundredths - ?, fat_count = fat_count - ? WHERE day = ? AND unit = ?
                        """,
                    arguments: [figure.hundredths, fat ?? 0, fat == nil ? 0 : 1, day, figure.unit])
                thinned.insert(Key(day: day, unit: figure.unit))
            }
        }
        for record in added {
            guard let figure = countable(value: record.value, unit: record.unit, recordedAt: record.recordedAt) else { continue }
            let day = CivilDay(Date(timeIntervalSince1970: TimeInterval(figure.recordedAt)), in: zone).number
            try db.execute(
                sql: """
                    INSERT INTO weight_day (day, unit, hundredths, count, fat_hundredths, fat_count, low, high) VALUES (?, ?, ?, 1, ?, ?, ?, ?)
                    ON CONFLICT(day, unit) DO UPDATE SET hundredths = hundredths + excluded.hundredths, count = count + 1,
                      fat_hundredths = fat_hundredths + excluded.fat_hundredths, fat_count = fat_count + excluded.fat_count,
                      low = min(low, excluded.low), high = max(high, excluded.high)
                    """,
                arguments: [
                    day, figure.unit, figure.hundredths, record.fatHundredths ?? 0, record.fatHundredths == nil ? 0 : 1, figure.hundredths,
                    figure.hundredths,
                ])
        }
        // A day that lost an entry and kept others: its lowest and highest
        // read again from its entries (the rows are written by now).
        for key in thinned { try refreshExtremes(db, key, zone: zone) }
    }

    /// `key`'s lowest and highest entry made again from `weight_entry`,
    /// reading only the entries within a day of its local day (through
    /// `weight_entry_by_time`), in `zone`'s days.
    static func refreshExtremes(_ db: Database, _ key: Key, zone: TimeZone) throws {
        // Every offset from UTC is within a day: a day more each side, then
        // each row's own local day decides.
        let lower = Int64(key.day - 2) * 86_400
        let upper = Int64(key.day + 3) * 86_400
        var days = LocalDays(zone: zone)
        var extremes: (low: Int, high: Int)?
        let rows = try Row.fetchCursor(
            db, WeightRecord.figures.filter(WeightRecord.Columns.recordedAt >= lower && WeightRecord.Columns.recordedAt < upper))
        while let row = try rows.next() {
            guard case .string(let value) = (row[0] as DatabaseValue).storage,
                case .string(let unit) = (row[1] as DatabaseValue).storage, unit == key.unit,
                case .int64(let seconds) = (row[2] as DatabaseValue).storage,
                let figure = countable(value: value, unit: unit, recordedAt: seconds), days.day(seconds) == key.day
            else { continue }
            let h = figure.hundredths
            extremes = extremes.map { (Swift.min($0.low, h), Swift.max($0.high, h)) } ?? (h, h)
        }
        try db.execute(
            sql: "UPDATE weight_day SET low = ?, high = ? WHERE day = ? AND unit = ?",
            arguments: [extremes?.low, extremes?.high, key.day, key.unit])
    }

    /// A day of the table: its kg and lbs entries' hundredths and count.
    struct Day {
        let day: Int
        var kg = 0
        var lbs = 0
        var count = 0
        /// The day's body fats in hundredths of a percent, and how many.
        var fat = 0
        var fatCount = 0

        /// The day's mean body fat, nil when no entry had one.
        var meanFat: Decimal? {
            fatCount == 0 ? nil : Decimal(sign: .plus, exponent: -2, significand: Decimal(fat)) / Decimal(fatCount)
        }

        func figure(_ unit: WeightUnit) -> DayFigure {
            DayFigure(day: CivilDay(number: day), kgHundredths: kg, lbsHundredths: lbs, count: count, unit: unit)
        }
    }

    /// Days from the table, oldest first, in `unit`.
    static func figures(_ db: Database, unit: WeightUnit) throws -> [DayFigure] {
        try days(db, where: "", []).map { $0.figure(unit) }
    }

    /// The table's days matching `condition` ("WHERE day > ?"), oldest
    /// first; from `table` (a rebuild's copy) when named.
    static func days(
        _ db: Database, table: String = "weight_day", where condition: String, _ arguments: StatementArguments
    ) throws -> [Day] {
        var days: [Day] = []
        let rows = try Row.fetchCursor(
            db, sql: "SELECT day, unit, hundredths, count, fat_hundredths, fat_count FROM \(table) \(condition) ORDER BY day, unit",
            arguments: arguments)
        while let row = try rows.next() {
            let day: Int = row[0]
            let isKg = (row[1] as String?) == "kg"
            let hundredths: Int = row[2]
            let count: Int = row[3]
            if days.last?.day != day { days.append(Day(day: day)) }
            if isKg { days[days.count - 1].kg += hundredths } else { days[days.count - 1].lbs += hundredths }
            days[days.count - 1].count += count
            days[days.count - 1].fat += row[4] as Int
            days[days.count - 1].fatCount += row[5] as Int
        }
        return days
    }

    /// The same figures computed from the entries (a store that cannot be
    /// written, whose table is not built for this zone).
    static func figures(tallying db: Database, zone: TimeZone, unit: WeightUnit) throws -> [DayFigure] {
        var byDay: [Int: (kg: Int, lbs: Int, count: Int)] = [:]
        for (key, sum) in try tally(db, zone: zone) {
            var day = byDay[key.day] ?? (0, 0, 0)
            if key.unit == "kg" { day.kg += sum.hundredths } else { day.lbs += sum.hundredths }
            day.count += sum.count
            byDay[key.day] = day
        }
        return byDay.keys.sorted().map { day in
            let d = byDay[day]!
            return DayFigure(day: CivilDay(number: day), kgHundredths: d.kg, lbsHundredths: d.lbs, count: d.count, unit: unit)
        }
    }

    /// A stored value in hundredths, or nil for anything `Weight` would
    /// not take (`Weight.hundredths(of:)`).
    static func hundredths(_ text: String) -> Int? { Weight.hundredths(of: text) }
}

/// Local calendar day numbers for many instants, the zone's offset taken
/// through `LocalOffsets` (once per week of time where it holds).
struct LocalDays {
    private var offsets: LocalOffsets

    init(zone: TimeZone) { offsets = LocalOffsets(zone: zone) }

    var zone: TimeZone { offsets.zone }

    mutating func day(_ seconds: Int64) -> Int {
        let local = Int(seconds) + offsets.offset(seconds)
        return local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
    }
}
