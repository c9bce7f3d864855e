import Foundation
import GRDB
import GrocerCore
import Testing

@testable import GrocerStore

/// The format that grows: version 4 frozen, in-place steps after it (the
/// released ones, then a test-only step here, injected after them: the
/// shipped version stays put).
@Suite struct FormatStepTests {
    /// A step only these tests know, the one after the released ones: it
    /// adds a column and a table, and fills the table from the weights (so
    /// it really runs over rows).
    static let withTestStep = FormatStep.released + [testStep]

    static let testStep = FormatStep(
        version: StoreFormat.currentVersion + 1,
        sql: """
            ALTER TABLE weight_entry ADD COLUMN test_note TEXT;
            CREATE TABLE weight_note_count (n INTEGER NOT NULL);
            INSERT INTO weight_note_count SELECT count(*) FROM weight_entry;
            """)

    func int(_ path: String, _ sql: String) throws -> Int? {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { db in try Int.fetchOne(db, sql: sql) }
    }

    func columns(_ path: String, _ table: String) throws -> [String] {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { db in try db.columns(in: table).map(\.name) }
    }

    func schema(_ path: String) throws -> [String] {
        let queue = try DatabaseQueue(path: path)
        defer { try? queue.close() }
        return try queue.read { db in
            try String.fetchAll(
                db, sql: "SELECT type || ' ' || name || ' ' || tbl_name || ': ' || coalesce(sql, '') FROM sqlite_master ORDER BY name")
                + [
                    "user_version \(try Int.fetchOne(db, sql: "PRAGMA user_version") ?? 0)",
                    "application_id \(try Int.fetchOne(db, sql: "PRAGMA application_id") ?? 0)",
                ]
        }
    }

    @Test(arguments: [1, 2, 3])
    func aFreshStoreAndAMigratedOneHaveIdenticalSchemasAndVersions(version: Int) throws {
        let fixture = try LegacyStoreFixture()
        defer { fixture.remove() }
        try fixture.writeLarge(version: version, weights: 50, items: 10)
        try Migrator(path: fixture.path, options: fixture.options()).run()
        let fresh = fixture.dir.appendingPathComponent("fresh.sqlite")
        try Store.open(at: fresh.path, mode: .create, zone: .current, stop: StopFlag()).close()
        let migrated = try schema(fixture.path)
        #expect(migrated == (try schema(fresh.path)))
        #expect(migrated.contains("user_version \(StoreFormat.currentVersion)"))
        #expect(migrated.count > 7)
    }

    /// With one more step, creation and migration still agree: both are
    /// version 4 plus the same steps.
    @Test(arguments: [1, 3])
    func withAStepAFreshStoreAndAMigratedOneStillMatch(version: Int) throws {
        let fixture = try LegacyStoreFixture()
        defer { fixture.remove() }
        try fixture.writeLarge(version: version, weights: 20, items: 5)
        try Migrator(path: fixture.path, options: fixture.options(), steps: Self.withTestStep).run()
        let fresh = fixture.dir.appendingPathComponent("fresh.sqlite").path
        let queue = try DatabaseQueue(path: fresh)
        try queue.write { db in try Schema.create(db, steps: Self.withTestStep) }
        try queue.close()
        let migrated = try schema(fixture.path)
        #expect(migrated == (try schema(fresh)))
        #expect(migrated.contains("user_version \(Self.testStep.version)"))
    }

    @Test func theShippedVersionIsTheLastReleasedStepsOrFour() {
        #expect(StoreFormat.currentVersion == (FormatStep.released.last?.version ?? 4))
        #expect(FormatStep.areConsecutive(FormatStep.released))
    }

    @Test(arguments: [0, 4, 5, -1, 99])
    func onlyTheThreeOlderVersionsHaveARebuildPlan(version: Int) {
        #expect(MigrationPlan(sourceVersion: version) == nil)
    }

    @Test(arguments: [1, 2, 3])
    func everyOlderVersionHasItsOwnPlan(version: Int) throws {
        let plan = try #require(MigrationPlan(sourceVersion: version))
        #expect(
            plan.sources
                == [
                    ["setting", "weight_entry"], ["setting", "weight_entry", "amount", "item"],
                    ["setting", "weight_entry", "unit", "item"],
                ][version - 1])
    }

    /// A current store with quarantined rows, the old way: migrated from
    /// a version 1 file with dirty weights.
    func currentStoreWithQuarantine(_ fixture: LegacyStoreFixture) throws {
        try fixture.write(LegacyStoreFixture.version1, rows: MigrationRulesTests.version1Rows)
        try Migrator(path: fixture.path, options: fixture.options(backup: false)).run()
        try #require(try schema(fixture.path).contains("user_version \(StoreFormat.currentVersion)"))
        try FileManager.default.removeItem(at: fixture.logURL)
    }

    @Test func aTestStepRunsInPlaceKeepsQuarantineAndMakesARealBackupFirst() throws {
        let fixture = try LegacyStoreFixture()
        defer { fixture.remove() }
        try currentStoreWithQuarantine(fixture)
        var before = stat()
        stat(fixture.path, &before)
        var events: [MigrationProgress] = []
        let migrator = Migrator(path: fixture.path, options: fixture.options(), steps: Self.withTestStep)
        let summary = try migrator.run(progress: { events.append($0) })
        let current = StoreFormat.currentVersion
        let next = Self.testStep.version

        #expect(summary.fromVersion == current && summary.toVersion == next)
        #expect(summary.backupPath == fixture.path + ".v\(current).bak")
        #expect(events.first?.done == 0 && events.last?.percent == 100)
        #expect(try int(fixture.path, "PRAGMA user_version") == next)
        #expect(try int(fixture.path, "SELECT count(*) FROM quarantine") == 6)
        #expect(try int(fixture.path, "SELECT n FROM weight_note_count") == 5)
        #expect(try columns(fixture.path, "weight_entry").contains("test_note"))
        // The backup is a real copy of the old version, not another name
        // for a file that changed: its own inode, the old version's rows.
        let old = fixture.path + ".v\(current).bak"
        var backup = stat()
        stat(old, &backup)
        #expect(backup.st_ino != before.st_ino)
        #expect(backup.st_nlink == 1)
        #expect(try int(old, "PRAGMA user_version") == current)
        #expect(try int(old, "SELECT count(*) FROM quarantine") == 6)
        #expect(try int(old, "SELECT count(*) FROM weight_entry") == 5)
        #expect(try !columns(old, "weight_entry").contains("test_note"))
        #expect(fixture.files == ["grocer.sqlite", "grocer.sqlite.v\(current).bak"])
        let log = try String(contentsOf: fixture.logURL, encoding: .utf8)
        #expect(log.contains("from format version \(current) to \(next)"))
        // Run again: nothing to do at the test step's version.
        #expect(throws: MigrationError.notNeeded(path: fixture.path, state: .current)) { try migrator.run() }
    }

    @Test func aLegacyStoreIsRebuiltThenSteppedInTheTemporaryFileWithOneSwap() throws {
        let fixture = try LegacyStoreFixture()
        defer { fixture.remove() }
        try fixture.write(LegacyStoreFixture.version1, rows: MigrationRulesTests.version1Rows)
        let before = fixture.bytes
        let summary = try Migrator(path: fixture.path, options: fixture.options(), steps: Self.withTestStep).run()
        #expect(summary.fromVersion == 1 && summary.toVersion == Self.testStep.version)
        #expect(summary.rowsQuarantined == 6)
        #expect(FileManager.default.contents(atPath: fixture.path + ".v1.bak") == before)
        #expect(fixture.files == ["grocer.sqlite", "grocer.sqlite.v1.bak"])
        #expect(try int(fixture.path, "PRAGMA user_version") == Self.testStep.version)
        #expect(try int(fixture.path, "SELECT n FROM weight_note_count") == 5)
        #expect(try int(fixture.path, "SELECT count(*) FROM quarantine") == 6)
    }

    @Test func aStepThatBreaksAReferenceFailsAndLeavesTheStoreAsItWas() throws {
        let fixture = try LegacyStoreFixture()
        defer { fixture.remove() }
        try fixture.writeLarge(version: 3, weights: 10, items: 10)
        try Migrator(path: fixture.path, options: fixture.options(backup: false), steps: []).run()
        let before = fixture.bytes
        let broken = FormatStep(version: 5, sql: "DELETE FROM unit")
        #expect {
            try Migrator(path: fixture.path, options: fixture.options(), steps: [broken]).run()
        } throws: { error in
            guard case .verificationFailed(_, let detail) = error as? MigrationError else { return false }
            return detail.contains("format version 5")
        }
        #expect(fixture.bytes == before)
        #expect(fixture.files == ["grocer.sqlite"])
    }

    @Test func aStoreAtTheInjectedTargetNeedsNothingAndOneAboveItIsNewer() throws {
        let fixture = try LegacyStoreFixture()
        defer { fixture.remove() }
        let above = Self.testStep.version + 1
        try fixture.write("PRAGMA application_id = 1196573522; CREATE TABLE t (a); PRAGMA user_version = \(above);")
        #expect(throws: MigrationError.refused(.newer(path: fixture.path, version: above))) {
            try Migrator(path: fixture.path, options: fixture.options(), steps: Self.withTestStep).run()
        }
    }
}
