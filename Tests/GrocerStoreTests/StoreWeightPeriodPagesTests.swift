import Foundation
import GRDB
import GrocerCore
import Testing

@testable import GrocerStore

/// The history's weeks and months read by pages from the newest (`w`,
/// issue 35: `StoreWeights.periodPage`), the trend going on from a kept
/// checkpoint, equal row for row to those made from every day
/// (`WeightAverages.rows`): counts, means, changes and trends, in either
/// unit, over a history with gaps, several entries a day in both units,
/// body fats, and a change of zone.
@Suite struct StoreWeightPeriodPagesTests {
    static let utc = TimeZone(identifier: "UTC")!
    static let tokyo = TimeZone(identifier: "Asia/Tokyo")!

    /// 3,000 days ending on day 20,000: none on every seventh day and none
    /// for 40 days in the middle; a second entry (kg, with a body fat) on
    /// every fifth, a quarter in lbs, at hours that a move to Tokyo puts on
    /// the next day.
    func store(_ dir: TempDir, zone: TimeZone = utc) throws -> Store {
        let store = try Store.open(at: dir.path("grocer.sqlite"), mode: .create, zone: zone, stop: StopFlag())
        try store.writer.write { db in
            for i in 0..<3_000 where i % 7 != 3 && !(1_500..<1_540).contains(i) {
                let seconds = Int64(17_001 + i) * 86_400 + Int64(6 + i % 14) * 3_600
                let unit = i % 4 == 0 ? "lbs" : "kg"
                let value = unit == "kg" ? "\(70 + (i / 9) % 15).\(i % 10)" : "\(160 + (i / 9) % 30).\(i % 7)5"
                try db.execute(
                    sql: "INSERT INTO weight_entry (value, unit, recorded_at) VALUES (?, ?, ?)", arguments: [value, unit, seconds])
                if i % 5 == 0 {
                    try db.execute(
                        sql: "INSERT INTO weight_entry (value, unit, recorded_at, body_fat) VALUES (?, 'kg', ?, '21.5')",
                        arguments: ["71.2\(i % 10)", seconds + 3_600])
                }
            }
            try WeightDayTable.invalidate(db)
        }
        return store
    }

    /// Every period, newest first, made from every day.
    func everyPeriod(_ store: Store, _ period: WeightAverages.Period, _ unit: WeightUnit) throws -> [WeightAverages.PeriodRow] {
        let days = try store.weights.days(unit: unit)
        return WeightAverages.rows(days: days, trend: WeightTrend(days: days, unit: unit), period: period).reversed()
    }

    /// Every period by pages of `limit`, newest first.
    func byPages(_ store: Store, _ period: WeightAverages.Period, _ unit: WeightUnit, limit: Int) throws -> [WeightAverages.PeriodRow] {
        var rows: [WeightAverages.PeriodRow] = []
        while true {
            let page = try store.weights.periodPage(period, unit: unit, before: rows.last?.firstDay, limit: limit)
            #expect(page.rows.count <= limit)
            rows += page.rows
            if page.reachesOldest { return rows }
            #expect(page.rows.count == limit)
        }
    }

    func expectSameAsEveryDay(_ store: Store, sourceLocation: SourceLocation = #_sourceLocation) throws {
        // What F3 reads first makes the checkpoints the pages go on from.
        _ = try store.weights.recentDays(unit: .kg)
        #expect(try StoreTrendStartTests().checkpointDays(store).count > 3, sourceLocation: sourceLocation)
        for period in WeightAverages.Period.allCases {
            for unit in WeightUnit.allCases {
                let every = try everyPeriod(store, period, unit)
                #expect(every.count > 60, sourceLocation: sourceLocation)
                for limit in [1, 7, 60] {
                    let pages = try byPages(store, period, unit, limit: limit)
                    #expect(pages == every, "\(period) \(unit) by \(limit)", sourceLocation: sourceLocation)
                }
            }
        }
    }

    @Test func thePagesEqualEveryPeriodMadeFromEveryDay() throws {
        let dir = TempDir()
        let store = try store(dir)
        defer { try? store.close() }
        try expectSameAsEveryDay(store)
    }

    /// After a move the table is rebuilt in the new zone's days, and its
    /// checkpoints made again: the pages follow.
    @Test func afterAChangeOfZoneThePagesAreThoseOfTheNewZonesDays() throws {
        let dir = TempDir()
        var store = try store(dir)
        try expectSameAsEveryDay(store)
        try store.close()
        store = try Store.open(at: dir.path("grocer.sqlite"), mode: .existing, zone: Self.tokyo, stop: StopFlag())
        defer { try? store.close() }
        try expectSameAsEveryDay(store)
    }

    /// An edit of an old day (it forgets the checkpoints after it) and a
    /// save today: the next pages are those of every day again.
    @Test func afterAnOldEditAndASaveThePagesFollow() throws {
        let dir = TempDir()
        let store = try store(dir)
        defer { try? store.close() }
        try expectSameAsEveryDay(store)
        let id = try #require(
            try store.writer.read { db in
                try Int64.fetchOne(db, sql: "SELECT id FROM weight_entry WHERE recorded_at >= ? ORDER BY recorded_at", arguments: [18_700 * 86_400])
            })
        let entry = try store.weights.entry(id: id)
        _ = try store.weights.edit(id: id, weight: Weight(digits: "99.99", unit: .lbs)!, at: entry.recordedAt)
        _ = try store.weights.add(Weight(digits: "70.05", unit: .kg)!, at: Date(timeIntervalSince1970: 20_000 * 86_400 + 7_200))
        try expectSameAsEveryDay(store)
    }

    @Test func noEntriesNoPeriods() throws {
        let dir = TempDir()
        let store = try Store.open(at: dir.path("grocer.sqlite"), mode: .create, zone: Self.utc, stop: StopFlag())
        defer { try? store.close() }
        #expect(try store.weights.periodPage(.week, unit: .kg, before: nil, limit: 10) == WeightAverages.PeriodPage(rows: [], reachesOldest: true))
    }
}
