import Foundation
import GRDB
import GrocerCore
import Testing

@testable import GrocerStore

/// The history reads the days after the trend's checkpoint (setting
/// `weight_day.trend`) and where the trend stood there; what it makes of
/// them is what every day gives, through every write that could change it.
@Suite struct StoreTrendStartTests {
    static let utc = TimeZone(identifier: "UTC")!
    static let dayZero: Int64 = 1_700_000_000 - 1_700_000_000 % 86_400

    /// A store with an entry on most of `days` days ending at `last`
    /// (CivilDay numbers), kg and lbs, some days with two.
    func store(_ dir: TempDir, days: Int, last: Int = 20_000) throws -> Store {
        let store = try Store.open(at: dir.path("grocer.sqlite"), mode: .create, zone: Self.utc, stop: StopFlag())
        try store.writer.write { db in
            for i in 0..<days where i % 7 != 3 {
                let seconds = Int64(last - days + 1 + i) * 86_400 + 8 * 3_600
                let unit = i % 4 == 0 ? "lbs" : "kg"
                let value = unit == "kg" ? "\(70 + (i / 9) % 15).\(i % 10)" : "\(160 + (i / 9) % 30).\(i % 7)"
                try db.execute(
                    sql: "INSERT INTO weight_entry (value, unit, recorded_at) VALUES (?, ?, ?)", arguments: [value, unit, seconds])
                if i % 5 == 0 {
                    try db.execute(
                        sql: "INSERT INTO weight_entry (value, unit, recorded_at) VALUES (?, 'kg', ?)", arguments: ["71.25", seconds + 3_600])
                }
            }
            try WeightDayTable.invalidate(db)
        }
        return store
    }

    func checkpoint(_ store: Store) throws -> String? {
        try store.writer.read { db in try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = 'weight_day.trend'") }
    }

    /// The kept checkpoints' days, oldest first (the last the moving one).
    func checkpointDays(_ store: Store) throws -> [Int] {
        try checkpoint(store).map { try #require(WeightDayTable.Series(text: $0)).checkpoints.map(\.day) } ?? []
    }

    /// What the history shows from the recent days equals what every day
    /// gives: every point after the start, the trend carried into each
    /// range, the change over it, the rate and a forecast; and the count.
    func expectSameAsEveryDay(_ store: Store, recentOnly: Bool = true, sourceLocation: SourceLocation = #_sourceLocation) throws {
        for unit in WeightUnit.allCases {
            let (days, start) = try store.weights.recentDays(unit: unit)
            let every = try store.weights.days(unit: unit)
            let full = WeightTrend(days: every, unit: unit)
            let recent = WeightTrend(days: days, unit: unit, start: start)
            #expect((start != nil) == recentOnly, sourceLocation: sourceLocation)
            #expect(recent.points == Array(full.points.suffix(recent.points.count)), sourceLocation: sourceLocation)
            #expect(recent.first == full.first, sourceLocation: sourceLocation)
            #expect(recent.changePerWeek == full.changePerWeek, sourceLocation: sourceLocation)
            #expect(WeightTrend.entries(days, start: start) == every.reduce(0) { $0 + $1.count }, sourceLocation: sourceLocation)
            let last = full.latest!.day
            for range in TrendRange.allCases where range != .all {
                let first = range.firstDay(endingAt: last)!
                #expect(recent.change(over: range) == full.change(over: range), sourceLocation: sourceLocation)
                #expect(recent.trend(on: first.adding(days: -1)) == full.trend(on: first.adding(days: -1)), sourceLocation: sourceLocation)
                #expect(recent.points(in: range) == full.points(in: range), sourceLocation: sourceLocation)
            }
            let goal = full.latest!.trend - 3
            #expect(recent.forecast(goal: goal) == full.forecast(goal: goal), sourceLocation: sourceLocation)
        }
    }

    @Test func aLongHistoryIsReadFromItsCheckpointAndShowsWhatEveryDayGives() throws {
        let dir = TempDir()
        let store = try store(dir, days: 1_200)
        try expectSameAsEveryDay(store)
        #expect(try checkpointDays(store).last == 20_000 - TrendStart.lead)
        let (days, _) = try store.weights.recentDays(unit: .kg)
        #expect(days.allSatisfy { $0.day.number > 20_000 - TrendStart.lead })
    }

    @Test func aShortHistoryIsReadWhole() throws {
        let dir = TempDir()
        let store = try store(dir, days: 300)
        try expectSameAsEveryDay(store, recentOnly: false)
        #expect(try checkpoint(store) == nil)
    }

    @Test func aSaveAfterTheCheckpointKeepsItAndAnEditBeforeItForgetsIt() throws {
        let dir = TempDir()
        let store = try store(dir, days: 1_200)
        try expectSameAsEveryDay(store)
        let kept = try checkpoint(store)
        _ = try store.weights.add(Weight(digits: "90", unit: .kg)!, at: Date(timeIntervalSince1970: 20_000 * 86_400 + 50_000))
        #expect(try checkpoint(store) == kept)
        try expectSameAsEveryDay(store)

        // An entry before the checkpoint, edited: the checkpoint goes, and
        // the next read makes it again from every day.
        let old = try #require(try store.writer.read { db in try Int64.fetchOne(db, sql: "SELECT min(id) FROM weight_entry") })
        let entry = try store.weights.entry(id: old)
        _ = try store.weights.edit(id: old, weight: Weight(digits: "120", unit: .kg)!, at: entry.recordedAt)
        #expect(try checkpoint(store) == nil)
        try expectSameAsEveryDay(store)
        #expect(try checkpoint(store) != nil)
        _ = try store.weights.delete(ids: [old])
        #expect(try checkpoint(store) == nil)
        try expectSameAsEveryDay(store)
    }

    @Test func anImportBeforeTheCheckpointForgetsIt() throws {
        let dir = TempDir()
        let store = try store(dir, days: 1_200)
        try expectSameAsEveryDay(store)
        // After the checkpoint: kept.
        try store.weights.bulkImport { importer in
            try importer.add(Weight(digits: "80", unit: .kg)!, at: 19_990 * 86_400)
            return true
        }
        #expect(try checkpoint(store) != nil)
        try expectSameAsEveryDay(store)
        // On its day: forgotten (the grid's before it kept), and made again
        // on the next read.
        try store.weights.bulkImport { importer in
            try importer.add(Weight(digits: "80", unit: .kg)!, at: Int64(20_000 - TrendStart.lead) * 86_400 + 3_600)
            return true
        }
        #expect(try checkpointDays(store).allSatisfy { $0 < 20_000 - TrendStart.lead })
        try expectSameAsEveryDay(store)
        #expect(try checkpointDays(store).last == 20_000 - TrendStart.lead)
    }

    @Test func laterDaysMoveTheCheckpointOnFromTheOneKept() throws {
        let dir = TempDir()
        let store = try store(dir, days: 1_200)
        try expectSameAsEveryDay(store)
        // 100 days later: the kept checkpoint no longer serves; it moves on.
        _ = try store.weights.add(Weight(digits: "88.8", unit: .kg)!, at: Date(timeIntervalSince1970: 20_100 * 86_400 + 50_000))
        try expectSameAsEveryDay(store)
        #expect(try checkpointDays(store).last == 20_100 - TrendStart.lead)
    }

    @Test func aCheckpointBeforeTheFirstDayIsNotGoneOnFrom() throws {
        let dir = TempDir()
        let store = try store(dir, days: 1_200)
        try expectSameAsEveryDay(store)
        // Every day up to the checkpoint deleted by a writer that did not
        // forget it (SQL here; a grocer from before the checkpoint).
        let day = 20_000 - TrendStart.lead
        try store.writer.write { db in
            try db.execute(sql: "DELETE FROM weight_entry WHERE recorded_at < ?", arguments: [Int64(day + 1) * 86_400])
            try db.execute(sql: "DELETE FROM weight_day WHERE day <= ?", arguments: [day])
        }
        // 100 days later: the checkpoint no longer serves and is made anew.
        _ = try store.weights.add(Weight(digits: "88.8", unit: .kg)!, at: Date(timeIntervalSince1970: 20_100 * 86_400 + 50_000))
        try expectSameAsEveryDay(store)
    }

    @Test func aStoreThatCannotBeWrittenGivesEveryDayWithoutACheckpoint() throws {
        let dir = TempDir()
        let writer = try store(dir, days: 1_200)
        #expect(try writer.weights.rebuildDaysIfNeeded())
        try writer.close()
        let reader = try Store.connectReadOnly(dir.path("grocer.sqlite"), timeZone: Self.utc, stop: StopFlag())
        try expectSameAsEveryDay(reader, recentOnly: false)
        #expect(try checkpoint(reader) == nil)
    }

    @Test(arguments: ["", "1 2 3", "20000 0 70 150", "20000 5 70 -150", "20000 5 7e1 150", "x 5 70 150", "20000 5 70 150 9"])
    func aCheckpointThatIsNotOneIsNone(text: String) {
        #expect(WeightDayTable.Checkpoint(text: text) == nil)
    }

    @Test func aCheckpointKeepsEveryDigit() throws {
        let kg = Decimal(string: "72.123456789012345678901234567890123456")!
        let lbs = Decimal(string: "159.00000000000000000000000000000000001")!
        let checkpoint = WeightDayTable.Checkpoint(day: -5, entries: 12, kg: kg, lbs: lbs)
        let read = try #require(WeightDayTable.Checkpoint(text: checkpoint.text))
        #expect(read == checkpoint)
        #expect(read.kg.description == kg.description && read.lbs.description == lbs.description)
    }
}
