import Foundation
import GRDB
import GrocerCore
import Testing

@testable import GrocerStore

/// A version 6 store may carry a trend checkpoint (setting
/// `weight_day.trend`) that a grocer of version 6 from before the
/// checkpoint left wrong: it edited weights without forgetting it. The
/// migration to version 7 drops it; the checkpoints are made again from the
/// days it builds (by the migration when it has the person's zone, else by
/// the first read or the screen's background work at open), so the
/// history's trend is the one every day gives.
@Suite struct MigrationCheckpointTests {
    static let utc = TimeZone(identifier: "UTC")!

    /// A version 6 store with 1,200 days of weights ending on day 20,000,
    /// `weight_day` built in UTC, and a checkpoint 400 days before the last
    /// day whose trend and count are wrong (an old day edited after it was
    /// made, by a grocer that did not know to forget it).
    static func version6StoreWithAWrongCheckpoint(_ fixture: LegacyStoreFixture) throws {
        try Version7StepTests.version6Store(fixture)
        let queue = try DatabaseQueue(path: fixture.path)
        defer { try? queue.close() }
        try queue.write { db in
            for i in 0..<1_200 {
                let seconds = Int64(20_000 - 1_199 + i) * 86_400 + 8 * 3_600
                try db.execute(
                    sql: "INSERT INTO weight_entry (value, unit, recorded_at) VALUES (?, 'kg', ?)",
                    arguments: ["\(70 + (i / 9) % 15).\(i % 10)", seconds])
            }
            // Built as a version 6 grocer built it (today's code writes the
            // body fat sums of version 12, which this table has not yet).
            try db.execute(
                sql: """
                    DELETE FROM weight_day;
                    INSERT INTO weight_day (day, unit, hundredths, count)
                      SELECT recorded_at / 86400, unit, sum(CAST(round(CAST(value AS REAL) * 100) AS INTEGER)), count(*) FROM weight_entry
                      WHERE typeof(recorded_at) = 'integer' AND recorded_at >= 0 AND unit IN ('kg', 'lbs')
                        AND value GLOB '[0-9]*' AND value NOT GLOB '*[^0-9.]*' AND CAST(value AS REAL) > 0
                      GROUP BY 1, 2;
                    DELETE FROM setting WHERE key = 'weight_day.trend';
                    INSERT OR REPLACE INTO setting (key, value) VALUES ('weight_day.zone', ?);
                    """, arguments: [utc.identifier])
            try db.execute(
                sql: "INSERT INTO setting (key, value) VALUES ('weight_day.trend', ?)",
                arguments: ["\(20_000 - TrendStart.lead) 3 99.5 219.4"])
        }
    }

    /// The trend the history shows, against the one every day gives.
    static func expectTheTrendEveryDayGives(_ path: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let store = try Store.open(at: path, mode: .create, zone: utc, stop: StopFlag())
        defer { try? store.close() }
        for unit in WeightUnit.allCases {
            let (days, start) = try store.weights.recentDays(unit: unit)
            let every = try store.weights.days(unit: unit)
            let full = WeightTrend(days: every, unit: unit)
            let recent = WeightTrend(days: days, unit: unit, start: start)
            #expect(recent.latest == full.latest, sourceLocation: sourceLocation)
            #expect(WeightTrend.entries(days, start: start) == every.reduce(0) { $0 + $1.count }, sourceLocation: sourceLocation)
        }
    }

    static func setting(_ path: String) throws -> String? {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { db in try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = 'weight_day.trend'") }
    }

    /// grocer's own migration (with the person's zone, `weight_day` built
    /// behind its progress): the wrong checkpoint is dropped and the
    /// checkpoints are made again from every day under the bar, so the
    /// first history read after it makes nothing (issue 35: the first F3
    /// as fast as any).
    @Test func aWrongCheckpointIsDroppedAndTheMigrationMakesTheSeries() throws {
        let fixture = try LegacyStoreFixture()
        defer { fixture.remove() }
        try Self.version6StoreWithAWrongCheckpoint(fixture)
        var options = fixture.options()
        options.dayZone = Self.utc
        try Migrator(path: fixture.path, options: options).run()
        let made = try #require(try Self.setting(fixture.path))
        let series = try #require(WeightDayTable.Series(text: made))
        #expect(series.checkpoints.last?.day == 20_000 - TrendStart.lead)
        #expect(!made.contains("99.5 219.4"))
        try Self.expectTheTrendEveryDayGives(fixture.path)
        #expect(try Self.setting(fixture.path) == made)
    }

    /// The plan of the progress names only the phases that run: a
    /// version 6 store whose `weight_day` is built for the person's zone
    /// is not tallied again (no "Tallying the weights by day"), but its
    /// checkpoint is made anew. (Up to version 13: the step to 14 forgets
    /// the table's zone, so that one tallies: `Version14StepTests`.)
    @Test func theProgressPlansOnlyThePhasesThatRun() throws {
        let fixture = try LegacyStoreFixture()
        defer { fixture.remove() }
        try Self.version6StoreWithAWrongCheckpoint(fixture)
        var options = fixture.options()
        options.dayZone = Self.utc
        var events: [MigrationProgress] = []
        try Migrator(path: fixture.path, options: options, steps: FormatStep.released.filter { $0.version <= 13 })
            .run(progress: { events.append($0) })
        var phases: [MigrationPhase] = []
        for event in events where phases.last != event.phase { phases.append(event.phase) }
        #expect(phases == [.copy, .steps, .checkpoints, .verify, .swap])
    }

    /// Without a zone (the table left to the first read): the checkpoint is
    /// dropped all the same.
    @Test func aWrongCheckpointIsDroppedWithoutAZone() throws {
        let fixture = try LegacyStoreFixture()
        defer { fixture.remove() }
        try Self.version6StoreWithAWrongCheckpoint(fixture)
        try Migrator(path: fixture.path, options: fixture.options()).run()
        #expect(try Self.setting(fixture.path) == nil)
        try Self.expectTheTrendEveryDayGives(fixture.path)
    }
}
