import Foundation
import GRDB
import GrocerCore
import Testing

@testable import GrocerStore

/// A migration builds the per-day table in the person's zone as its last
/// work, so the first key press after it (F3, a save) does not pay for the
/// build (issue 18): by the legacy rebuild (versions 1-3) and by the steps
/// in place (version 5).
@Suite struct MigrationDaysTests {
    static let newYork = TimeZone(identifier: "America/New_York")!

    /// The table and its zone as the migration left them, and the table a
    /// build from scratch in the same zone gives.
    static func daysAfterAndRebuilt(_ path: String) throws -> (after: [String], zone: String?, rebuilt: [String]) {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        let sql = "SELECT day || ' ' || unit || ' ' || hundredths || ' ' || count FROM weight_day ORDER BY day, unit"
        let after = try queue.read { db in try String.fetchAll(db, sql: sql) }
        let zone = try queue.read { db in try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = 'weight_day.zone'") }
        let rebuilt = try queue.write { db in
            try WeightDayTable.rebuild(db, zone: newYork)
            return try String.fetchAll(db, sql: sql)
        }
        return (after, zone, rebuilt)
    }

    @Test func aLegacyStoreComesWithItsDaysBuilt() throws {
        let fixture = try LegacyStoreFixture()
        defer { fixture.remove() }
        try fixture.writeLarge(version: 2, weights: 500)
        var options = fixture.options()
        options.dayZone = Self.newYork
        try Migrator(path: fixture.path, options: options).run()
        let days = try Self.daysAfterAndRebuilt(fixture.path)
        #expect(days.zone == "America/New_York")
        #expect(!days.after.isEmpty)
        #expect(days.after == days.rebuilt)
    }

    @Test func aVersion5StoreComesWithItsDaysBuilt() throws {
        let fixture = try LegacyStoreFixture()
        defer { fixture.remove() }
        try Version6StepTests.version5Store(fixture)
        var options = fixture.options()
        options.dayZone = Self.newYork
        try Migrator(path: fixture.path, options: options).run()
        let days = try Self.daysAfterAndRebuilt(fixture.path)
        #expect(days.zone == "America/New_York")
        #expect(!days.after.isEmpty)
        #expect(days.after == days.rebuilt)
    }

    /// Without a zone (a caller that does not give one) the table is left
    /// to the first read, as before.
    @Test func withoutAZoneTheFirstReadBuildsThem() throws {
        let fixture = try LegacyStoreFixture()
        defer { fixture.remove() }
        try fixture.writeLarge(version: 2, weights: 50)
        try Migrator(path: fixture.path, options: fixture.options()).run()
        #expect(try Self.daysAfterAndRebuilt(fixture.path).zone == nil)
    }

    @Test func theStandardOptionsBuildThemInTheProcesssZone() {
        #expect(MigrationOptions.standard(environment: Environment([:])).dayZone == .current)
    }
}
