import Foundation
import GRDB
import GrocerCore
import Testing

@testable import GrocerStore

/// Version 14 -> 15 (issue 35): `weight_block`, what the history graph's
/// `all` range draws of each block of days, made by the first read.
@Suite struct Version15StepTests {
    static let utc = TimeZone(identifier: "UTC")!

    @Test func version15IsTheEleventhReleasedStep() {
        #expect(FormatStep.released.map(\.version).prefix(11) == [5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15])
        #expect(FormatStep.version15.rowsSQL == "")
    }

    /// A version 14 store (`Version14StepTests`' store stepped to 14 in
    /// the person's zone) migrates to 15 with the table empty and the same
    /// tables as a new store; the first read makes the blocks, equal to
    /// those made from every day.
    @Test func aVersion14StoreGetsAnEmptyTableTheFirstReadFills() throws {
        let fixture = try LegacyStoreFixture()
        defer { fixture.remove() }
        try Version14StepTests.version12Store(fixture)
        var options = fixture.options()
        options.dayZone = Self.utc
        try Migrator(path: fixture.path, options: options, steps: FormatStep.released.filter { $0.version <= 14 }).run()
        try #require(try Version5StepTests.int(fixture.path, "PRAGMA user_version") == 14)
        try? FileManager.default.removeItem(at: fixture.logURL)
        // The step adds a table: the table of days stays built, no tally.
        let planned = try Version5StepTests.read(fixture.path) { db in try Migrator(path: fixture.path, options: options).derivedWork(db, from: 14) }
        #expect(planned.days == false)

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
}
