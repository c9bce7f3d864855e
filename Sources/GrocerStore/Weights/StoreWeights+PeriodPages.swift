import Foundation
import GRDB
import GrocerCore

extension StoreWeights {
    // MARK: Weeks and months, page by page

    /// At most `limit` periods with weigh-ins that start before `before`
    /// (nil: from the newest), newest first, in `unit` (`w`, issue 35).
    /// Reads `weight_day` from the newest day down, only as far as the
    /// periods asked for and the one before them (for the change), and
    /// the trend goes on from the latest checkpoint kept before them
    /// (`WeightDayTable+Checkpoint`), so the first page costs the same
    /// however long the history is; a page further back costs the days
    /// from its checkpoint on. Every row equals the one made from every
    /// day (`WeightAverages.rows`).
    ///
    /// `asBuilt`: as for `recentDays`, read the table as it was built while
    /// another connection rebuilds it for this zone, instead of waiting. A
    /// store that cannot keep the table for this zone gives the page from
    /// every day, computed.
    public func periodPage(
        _ period: WeightAverages.Period, unit: WeightUnit, before: CivilDay?, limit: Int, asBuilt: Bool = false
    ) throws -> WeightAverages.PeriodPage {
        let readAsBuilt = try asBuilt && daysBuiltForAnotherZone()
        if !readAsBuilt {
            do {
                try rebuildDaysIfNeeded()
            } catch let error as StoreError where cannotKeep(error) {
                return PeriodPages.page(of: try days(unit: unit), start: nil, unit: unit, period: period, before: before, limit: limit)
            }
        }
        return try checkedRead(WeightDayTable.shape, SettingRecord.shape) { db in
            try PeriodPages.read(db, period: period, unit: unit, before: before, limit: limit)
        }
    }
}

/// The reads behind `StoreWeights.periodPage`.
enum PeriodPages {
    static func read(
        _ db: Database, period: WeightAverages.Period, unit: WeightUnit, before: CivilDay?, limit: Int
    ) throws -> WeightAverages.PeriodPage {
        let upper = before?.number ?? Int.max
        // The newest days down, until the periods asked for and the one
        // before them are whole.
        var starts: [CivilDay] = []
        let days = try Int.fetchCursor(db, sql: "SELECT DISTINCT day FROM weight_day WHERE day < ? ORDER BY day DESC", arguments: [upper])
        while let day = try days.next() {
            let start = WeightAverages.start(of: CivilDay(number: day), period: period)
            if start == starts.last { continue }
            if starts.count == limit + 1 { break }
            starts.append(start)
        }
        // More than asked: the oldest is read for the change only.
        let reachesOldest = starts.count <= limit
        guard let low = starts.last else { return WeightAverages.PeriodPage(rows: [], reachesOldest: true) }
        let firstDay = try Int.fetchOne(db, sql: "SELECT min(day) FROM weight_day") ?? low.number
        // The latest checkpoint before the oldest period read (one whose
        // line is not one is passed over); none: from the first day.
        let lines = try WeightDayTable.checkpointLines(db) ?? []
        let checkpoint = lines.reversed().lazy.filter { $0.day < low.number && $0.day >= firstDay }
            .compactMap { WeightDayTable.Checkpoint(line: $0.text) }.first
        let figures = try WeightDayTable.days(db, where: "WHERE day > ? AND day < ?", [checkpoint?.day ?? Int.min, upper]).map {
            $0.figure(unit)
        }
        let start = checkpoint.map { point in
            TrendStart(
                day: CivilDay(number: point.day), trend: point.trend(unit),
                first: TrendPoint(day: CivilDay(number: firstDay), weight: point.trend(unit), trend: point.trend(unit)),
                entries: point.entries)
        }
        let rows = WeightAverages.newestRows(
            days: figures, start: start, unit: unit, period: period, from: low, withChange: !reachesOldest)
        return WeightAverages.PeriodPage(rows: rows, reachesOldest: reachesOldest)
    }

    /// The same page from every day, computed (a store that cannot keep
    /// its table for this zone).
    static func page(
        of days: [DayFigure], start: TrendStart?, unit: WeightUnit, period: WeightAverages.Period, before: CivilDay?, limit: Int
    ) -> WeightAverages.PeriodPage {
        let trend = WeightTrend(days: days, unit: unit, start: start)
        let all = WeightAverages.rows(days: days, trend: trend, period: period).filter { row in before.map { row.firstDay < $0 } ?? true }
        return WeightAverages.PeriodPage(rows: Array(all.suffix(limit).reversed()), reachesOldest: all.count <= limit)
    }
}
