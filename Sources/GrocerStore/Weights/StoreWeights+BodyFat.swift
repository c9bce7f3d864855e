import Foundation
import GRDB
import GrocerCore

extension StoreWeights {
    // MARK: Body fat (issue 34)

    /// Each local calendar day with a body fat (in `timeZone`), oldest
    /// first: from `weight_day`'s `fat_hundredths` and `fat_count`, kept
    /// with the weights' sums by every write (rebuilt first when it was
    /// built for another zone; a store that cannot be written tallies the
    /// entries instead). What the body fat's trend is made from; read only
    /// when something shows it (the history's graph with its line on,
    /// `weight trend`), never for the history's first frame.
    public func bodyFatDays() throws -> [BodyFatTrend.Day] {
        do {
            try rebuildDaysIfNeeded()
        } catch let error as StoreError where error == .readOnly(path: path) || error == .busy(path: path) || error == .diskFull(path: path) {
            return try checkedRead(WeightRecord.shape) { db in
                try WeightDayTable.tally(db, zone: timeZone).reduce(into: [Int: (Int, Int)]()) { days, pair in
                    let old = days[pair.key.day] ?? (0, 0)
                    days[pair.key.day] = (old.0 + pair.value.fatHundredths, old.1 + pair.value.fatCount)
                }
                .filter { $0.value.1 > 0 }.sorted { $0.key < $1.key }
                .map { BodyFatTrend.Day(day: CivilDay(number: $0.key), hundredths: $0.value.0, count: $0.value.1) }
            }
        }
        return try checkedRead(WeightDayTable.shape) { db in
            try Row.fetchAll(
                db,
                sql: """
                    SELECT day, sum(fat_hundredths), sum(fat_count) FROM weight_day
                    WHERE fat_count > 0 GROUP BY day ORDER BY day
                    """
            ).map { BodyFatTrend.Day(day: CivilDay(number: $0[0]), hundredths: $0[1], count: $0[2]) }
        }
    }
}
