import Foundation
import GRDB
import GrocerCore
import Testing

@testable import GrocerStore

/// Version 13 -> 14 (issue 35): `weight_day`'s `low` and `high`, each
/// day's lowest and highest weigh-in per unit, for `grocer weight
/// averages` without reading every entry.
@Suite struct Version14StepTests {
    static let utc = TimeZone(identifier: "UTC")!

    /// A version 12 store: `Version12StepTests`' version 9 store stepped
    /// to 12, with weights of its own (several a day, both units, a body
    /// fat) and `weight_day` as a version 12 grocer keeps it, built in UTC.
    static func version12Store(_ fixture: LegacyStoreFixture) throws {
        try Version12StepTests.version9Store(fixture)
        try Migrator(
            path: fixture.path, options: fixture.options(backup: false),
            steps: [
                FormatStep.version5, FormatStep.version6, FormatStep.version7, FormatStep.version8, FormatStep.version9,
                FormatStep.version10, FormatStep.version11, FormatStep.version12,
            ]
        )
        .run()
        try fixture.write(
            "",
            rows: """
                DELETE FROM weight_entry;
                DELETE FROM weight_day;
                INSERT INTO weight_entry (value, unit, recorded_at, body_fat) VALUES
                  ('80.5', 'kg', 1800000000, NULL), ('79.25', 'kg', 1800000600, '18.4'), ('176', 'lbs', 1800001200, NULL),
                  ('81', 'kg', 1800086400, NULL), ('80.75', 'kg', 1800864000, NULL);
                INSERT INTO weight_day (day, unit, hundredths, count, fat_hundredths, fat_count)
                  SELECT recorded_at / 86400, unit, sum(CAST(round(value * 100) AS INTEGER)), count(*),
                    coalesce(sum(CAST(round(body_fat * 100) AS INTEGER)), 0), count(body_fat)
                  FROM weight_entry GROUP BY 1, 2;
                INSERT OR REPLACE INTO setting (key, value) VALUES ('weight_day.zone', '\(utc.identifier)');
                """)
        try #require(try Version5StepTests.int(fixture.path, "PRAGMA user_version") == 12)
        try FileManager.default.removeItem(at: fixture.logURL)
    }

    static func days(_ path: String) throws -> [String] {
        try Version5StepTests.strings(
            path,
            "SELECT day || ' ' || unit || ' ' || hundredths || ' ' || count || ' ' || ifnull(low, '-') || ' ' || ifnull(high, '-') FROM weight_day ORDER BY day, unit"
        )
    }

    static let expected = ["20833 kg 15975 2 7925 8050", "20833 lbs 17600 1 17600 17600", "20834 kg 8100 1 8100 8100", "20843 kg 8075 1 8075 8075"]

    @Test func version14IsTheTenthReleasedStep() {
        #expect(FormatStep.released.map(\.version).prefix(10) == [5, 6, 7, 8, 9, 10, 11, 12, 13, 14])
    }

    /// The migration rebuilds the table in the person's zone under its
    /// bar: each day's sums as before, its lowest and highest filled.
    @Test func aVersion12StoreGetsEachDaysLowestAndHighestFromTheMigration() throws {
        let fixture = try LegacyStoreFixture()
        defer { fixture.remove() }
        try Self.version12Store(fixture)
        var options = fixture.options()
        options.dayZone = Self.utc
        // The progress plans the tally the step makes needed (the table
        // was built for this zone).
        let planned = try Version5StepTests.read(fixture.path) { db in try Migrator(path: fixture.path, options: options).derivedWork(db, from: 12) }
        #expect(planned == (true, true))
        var events: [MigrationProgress] = []
        let summary = try Migrator(path: fixture.path, options: options).run(progress: { events.append($0) })

        #expect(summary.fromVersion == 12 && summary.toVersion == StoreFormat.currentVersion)
        #expect(try Self.days(fixture.path) == Self.expected)
        #expect(try Version5StepTests.strings(fixture.path, "SELECT value FROM setting WHERE key = 'weight_day.zone'") == [Self.utc.identifier])
        #expect(try SchemaCheckTests.tableTexts(fixture.path) == SchemaCheck.expectedSQL)
        #expect(events.contains { $0.phase == .days })
    }

    /// Without the person's zone (a migration that builds nothing), the
    /// step leaves them unknown and the table's zone forgotten: the first
    /// read rebuilds it, and the averages are every entry's.
    @Test func withoutAZoneTheFirstReadFillsThem() throws {
        let fixture = try LegacyStoreFixture()
        defer { fixture.remove() }
        try Self.version12Store(fixture)
        try Migrator(path: fixture.path, options: fixture.options()).run()
        #expect(try Self.days(fixture.path) == Self.expected.map { $0.split(separator: " ").prefix(4).joined(separator: " ") + " - -" })
        #expect(try Version5StepTests.strings(fixture.path, "SELECT value FROM setting WHERE key = 'weight_day.zone'") == [])

        let store = try Store.open(at: fixture.path, mode: .create, zone: Self.utc, stop: StopFlag())
        defer { try? store.close() }
        var averages = WeightAverages(period: .week, unit: .kg, timeZone: Self.utc)
        try store.weights.forEachEntry { averages.add($0.weight, at: $0.recordedAt) }
        #expect(try store.weights.averages(period: .week, unit: .kg)?.map(\.figure) == averages.finished())
        #expect(try Self.days(fixture.path) == Self.expected)
    }
}
