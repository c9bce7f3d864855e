import Foundation
import GRDB
import GrocerCore
import Testing

@testable import GrocerStore

/// Version 14 -> 15 (issue 35): `weight_block`, what the history graph's
/// `all` range draws of each block of days: made by the migration under
/// its bar with the checkpoints, or by the first read when the history is
/// too short for a checkpoint.
@Suite struct Version15StepTests {
    static let utc = TimeZone(identifier: "UTC")!

    /// The store `make` writes, stepped to version 14 in UTC as a grocer
    /// of version 14 migrated it; the options that migrated it.
    static func version14Store(_ fixture: LegacyStoreFixture, from make: (LegacyStoreFixture) throws -> Void) throws -> MigrationOptions {
        try make(fixture)
        var options = fixture.options()
        options.dayZone = utc
        try Migrator(path: fixture.path, options: options, steps: FormatStep.released.filter { $0.version <= 14 }).run()
        try #require(try Version5StepTests.int(fixture.path, "PRAGMA user_version") == 14)
        return options
    }

    @Test func version15IsTheEleventhReleasedStep() {
        #expect(FormatStep.released.map(\.version).prefix(11) == [5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15])
        #expect(FormatStep.version15.rowsSQL == "")
    }

    /// A version 14 store (`Version14StepTests`' store stepped to 14 in
    /// the person's zone), 11 days, too short for a checkpoint, migrates
    /// to 15 with the table empty and the same tables as a new store; the
    /// first read makes the blocks, equal to those made from every day.
    @Test func aVersion14StoreGetsAnEmptyTableTheFirstReadFills() throws {
        let fixture = try LegacyStoreFixture()
        defer { fixture.remove() }
        let options = try Self.version14Store(fixture, from: Version14StepTests.version12Store)
        try? FileManager.default.removeItem(at: fixture.logURL)
        // The step adds a table: the table of days stays built, no tally.
        let planned = try Version5StepTests.read(fixture.path) { db in try Migrator(path: fixture.path, options: options).derivedWork(db, from: 14) }
        #expect(planned.days == false)
        #expect(planned.checkpoints == true)

        let summary = try Migrator(path: fixture.path, options: options).run()
        #expect(summary.fromVersion == 14 && summary.toVersion == 15)
        #expect(try Version5StepTests.int(fixture.path, "SELECT count(*) FROM weight_block") == 0)
        #expect(try SchemaCheckTests.tableTexts(fixture.path) == SchemaCheck.expectedSQL)
        #expect(try Version14StepTests.days(fixture.path) == Version14StepTests.expected)

        let store = try Store.open(at: fixture.path, mode: .create, zone: Self.utc, stop: StopFlag())
        defer { try? store.close() }
        // Days 20,833 to 20,843: blocks of 4 for a graph of one dot.
        let days = try store.weights.days(unit: .kg)
        let blocks = try #require(try store.weights.graphBlocks(unit: .kg, dots: 1))
        #expect(blocks == WeightBlock.blocks(everyDay: days, unit: .kg, size: 4))
        #expect(blocks.map(\.start) == [20_832, 20_840])
        #expect(try Version5StepTests.int(fixture.path, "SELECT count(*) FROM weight_block") == 2)
    }

    /// A version 14 store of 1,200 days, its checkpoints kept by a grocer
    /// of version 14 and no blocks: the migration to 15 folds every day
    /// again under its bar, keeping the checkpoints and every block a
    /// graph can ask, so the first `all` after the upgrade makes none
    /// (it folded every day: 5.7 s at 2,000,000 entries).
    @Test func aLongVersion14StoreGetsEveryBlockFromTheMigration() throws {
        let fixture = try LegacyStoreFixture()
        defer { fixture.remove() }
        let options = try Self.version14Store(fixture, from: MigrationCheckpointTests.version6StoreWithAWrongCheckpoint)
        let kept = try Version5StepTests.read(fixture.path) { db in
            try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = 'weight_day.trend'")
        }
        try #require(kept != nil)
        let planned = try Version5StepTests.read(fixture.path) { db in try Migrator(path: fixture.path, options: options).derivedWork(db, from: 14) }
        #expect(planned.days == false && planned.checkpoints == true)

        try Migrator(path: fixture.path, options: options).run()
        let store = try Store.open(at: fixture.path, mode: .create, zone: Self.utc, stop: StopFlag())
        defer { try? store.close() }
        try StoreRebuildBlocksTests.expectEveryBlockKept(store)
        // The checkpoints folded again are the ones version 14 kept.
        #expect(
            try Version5StepTests.read(fixture.path) { db in try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = 'weight_day.trend'")
            } == kept)
    }
}
