import Foundation
import GRDB
import GrocerCore

extension StoreWeights {
    // MARK: Averages

    /// Each `period` with weigh-ins, oldest first, in `unit`, as
    /// `WeightAverages.finished()` gives them from every entry (`grocer
    /// weight averages`), read from `weight_day` alone: each day's sums,
    /// counts, lowest and highest per unit, in integers, one row a day and
    /// unit, with Decimal once per period (issue 35).
    ///
    /// nil when the table cannot answer for every entry, so the caller
    /// reads them one by one as before: it is not built for this zone and
    /// the store cannot be written now; a day's extremes are not known;
    /// a row holds what no entries make (a weigh-in at or below 0 or of
    /// 10^9 hundredths or more, as `Weight.hundredths` reads none: the
    /// file was changed outside grocer, and no figure may overflow); or it
    /// counts fewer entries than `weight_entry` holds (a row grocer cannot
    /// read, which the caller then reports instead of leaving out in
    /// silence).
    public func averages(period: WeightAverages.Period, unit: WeightUnit) throws -> [WeightAverages.HundredthsFigure]? {
        do {
            try rebuildDaysIfNeeded()
        } catch let error as StoreError where cannotKeep(error) {
            return nil
        }
        return try checkedRead(WeightRecord.shape, WeightDayTable.shape, SettingRecord.shape) { db in
            guard try WeightDayTable.isCurrent(db, zone: timeZone) else { return nil }
            var fold = WeightAverages.TableFold(period: period, unit: unit)
            var counted: Int64 = 0
            let rows = FastStatement(
                try db.makeStatement(sql: "SELECT day, unit = 'kg', hundredths, count, low, high FROM weight_day ORDER BY day, unit"), in: db)
            while try rows.step() {
                guard let day = rows.int64(0), let isKg = rows.int64(1), let hundredths = rows.int64(2), let count = rows.int64(3),
                    let low = rows.int64(4), let high = rows.int64(5)
                else { return nil }
                guard count >= 0, count <= Self.mostEntriesADay, low > 0, low <= high, high < Self.hundredthsLimit,
                    hundredths >= low * count, hundredths <= high * count
                else { return nil }
                counted += count
                fold.add(day: Int(day), isKg: isKg == 1, hundredths: Int(hundredths), count: Int(count), low: Int(low), high: Int(high))
            }
            guard try Int64.fetchOne(db, sql: "SELECT count(*) FROM weight_entry") == counted else { return nil }
            return fold.finished()
        }
    }

    /// No row of `weight_day` counts more entries (one a second is 86,400).
    static let mostEntriesADay: Int64 = 1 << 31
    /// Every weigh-in is below this many hundredths (`Weight.hundredths`: 7 whole digits).
    static let hundredthsLimit: Int64 = 1_000_000_000
}
