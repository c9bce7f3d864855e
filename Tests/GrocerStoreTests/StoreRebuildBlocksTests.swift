import Foundation
import GRDB
import GrocerCore
import Testing

@testable import GrocerStore

/// The graph's blocks made in the fold that makes the trend's checkpoints
/// from every day (issue 35): after a zone change's rebuild (beside the
/// lock, and under it) and after a migration, `weight_block` holds every
/// size a graph can ask, equal to the blocks made from every day, so the
/// first `all` reads them and makes none (it folded every day again: 5.7 s
/// at 2,000,000 entries).
@Suite struct StoreRebuildBlocksTests {
    static let tokyo = TimeZone(identifier: "Asia/Tokyo")!
    let fixture = StoreTrendStartTests()

    /// Every row of `weight_block`, as stored.
    static func rows(_ store: Store) throws -> [String] {
        try store.writer.read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM weight_block ORDER BY size, start").map { $0.description }
        }
    }

    /// The kept blocks are every size up to the largest a graph of one dot
    /// column asks, each equal to what every day makes, and graphs of
    /// every width read them without making or changing one.
    static func expectEveryBlockKept(_ store: Store, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let before = try rows(store)
        let days = try store.weights.days(unit: .kg)
        let span = try #require(days.last).day.number - (try #require(days.first)).day.number
        let largest = try #require(WeightBlock.size(span: span, dots: 1))
        #expect(try store.writer.read { db in try WeightBlockTable.isComplete(db, through: largest) }, sourceLocation: sourceLocation)
        let sizes = try store.writer.read { db in try Int.fetchAll(db, sql: "SELECT DISTINCT size FROM weight_block ORDER BY size") }
        #expect(sizes == Array(sequence(first: WeightBlock.smallest) { $0 < largest ? $0 * 4 : nil }), sourceLocation: sourceLocation)
        for unit in WeightUnit.allCases {
            let every = try store.weights.days(unit: unit)
            for dots in [1, 2, 12, 40, 150] {
                // A graph too wide for blocks over a short history reads the days.
                guard let size = WeightBlock.size(span: span, dots: dots) else { continue }
                let kept = try store.weights.graphBlocks(unit: unit, dots: dots)
                #expect(kept == WeightBlock.blocks(everyDay: every, unit: unit, size: size), "\(unit) \(dots)", sourceLocation: sourceLocation)
            }
        }
        let after = try rows(store)
        #expect(!before.isEmpty && after == before, "the graphs made no block", sourceLocation: sourceLocation)
    }

    /// A store of `days` days built in UTC, its checkpoints and blocks
    /// (a graph of 40 dots) kept there, then opened in Tokyo.
    func movedToTokyo(_ dir: TempDir, days: Int) throws -> Store {
        let utc = try fixture.store(dir, days: days)
        _ = try utc.weights.recentDays(unit: .kg)
        _ = try utc.weights.graphBlocks(unit: .kg, dots: 40)
        try utc.close()
        return try Store.open(at: dir.path("grocer.sqlite"), mode: .create, zone: Self.tokyo, stop: StopFlag())
    }

    @Test(arguments: [3_001, 9_000])
    func aRebuildBesideTheLockKeepsEveryBlockWithTheCheckpoints(days: Int) throws {
        let dir = TempDir()
        let store = try movedToTokyo(dir, days: days)
        defer { try? store.close() }
        try store.weights.rebuildDaysBeside()
        #expect(try !store.weights.daysBuiltForAnotherZone())
        try Self.expectEveryBlockKept(store)
        // The copy beside is gone with the tally's.
        let temp = try store.writer.read { db in
            try String.fetchAll(db, sql: "SELECT name FROM temp.sqlite_master WHERE name LIKE 'weight_%_rebuilt'")
        }
        #expect(temp.isEmpty)
        try fixture.expectSameAsEveryDay(store)
    }

    /// After its tries (none here) the rebuild takes the lock: the blocks
    /// go straight into their table with the checkpoints.
    @Test func aRebuildUnderTheLockKeepsEveryBlockWithTheCheckpoints() throws {
        let dir = TempDir()
        let store = try movedToTokyo(dir, days: 3_001)
        defer { try? store.close() }
        try store.weights.rebuildDaysBeside(attempts: 0)
        #expect(try !store.weights.daysBuiltForAnotherZone())
        try Self.expectEveryBlockKept(store)
        try fixture.expectSameAsEveryDay(store)
    }

    /// Both ways keep the same blocks and checkpoints.
    @Test func besideAndUnderTheLockKeepTheSame() throws {
        var kept: [[String]] = []
        for attempts in [3, 0] {
            let dir = TempDir()
            let store = try movedToTokyo(dir, days: 3_001)
            try store.weights.rebuildDaysBeside(attempts: attempts)
            kept.append(
                try Self.rows(store)
                    + (try store.writer.read { db in try String.fetchAll(db, sql: "SELECT value FROM setting WHERE key = 'weight_day.trend'") }))
            try store.close()
        }
        #expect(kept[0] == kept[1])
    }

    /// A migration that builds `weight_day` and folds every day for the
    /// checkpoints (a version 6 store, 1,200 days) keeps the blocks too,
    /// under its bar.
    @Test func aMigrationKeepsEveryBlockWithTheCheckpoints() throws {
        let fixture = try LegacyStoreFixture()
        defer { fixture.remove() }
        try MigrationCheckpointTests.version6StoreWithAWrongCheckpoint(fixture)
        var options = fixture.options()
        options.dayZone = MigrationCheckpointTests.utc
        try Migrator(path: fixture.path, options: options).run()
        let store = try Store.open(at: fixture.path, mode: .create, zone: MigrationCheckpointTests.utc, stop: StopFlag())
        defer { try? store.close() }
        try Self.expectEveryBlockKept(store)
    }

    /// A store whose `weight_block` is missing (changed outside grocer)
    /// still gets its checkpoints from a rebuild under the lock: the
    /// blocks are derived, and only the graph names the table.
    @Test func withoutTheTableARebuildStillKeepsTheCheckpoints() throws {
        let dir = TempDir()
        let store = try movedToTokyo(dir, days: 3_001)
        defer { try? store.close() }
        try store.writer.write { db in try db.execute(sql: "DROP TABLE weight_block") }
        try store.weights.rebuildDaysBeside(attempts: 0)
        #expect(try fixture.checkpoint(store) != nil)
        #expect(throws: StoreError.missingTable(path: store.path, table: "weight_block")) {
            try store.weights.graphBlocks(unit: .kg, dots: 40)
        }
    }
}
