import Foundation
import GrocerCore
import Testing

@testable import GrocerStore

/// The safety protocol: judged states, lock, cancellation, leftovers,
/// backup, log and progress.
@Suite struct MigrationSafetyTests {
    @Test func missingAndCurrentStoresNeedNothing() throws {
        let fixture = try LegacyStoreFixture()
        defer { fixture.remove() }
        #expect(throws: MigrationError.notNeeded(path: fixture.path, state: .missing)) {
            try Migrator(path: fixture.path).run()
        }
        #expect(fixture.files.isEmpty)
        try Store.open(at: fixture.path, mode: .create, zone: .current, stop: StopFlag()).close()
        #expect(throws: MigrationError.notNeeded(path: fixture.path, state: .current)) {
            try Migrator(path: fixture.path).run()
        }
        #expect(fixture.files == ["grocer.sqlite"])
    }

    enum Refused: CaseIterable { case newer, foreign, corrupt, failsQuickCheck }

    @Test(arguments: Refused.allCases)
    func newerForeignAndCorruptFilesAreRefusedAndLeftByteIdentical(kind: Refused) throws {
        let fixture = try LegacyStoreFixture()
        defer { fixture.remove() }
        switch kind {
        case .newer:
            try fixture.write("PRAGMA application_id = 1196573522; CREATE TABLE x (a); PRAGMA user_version = \(StoreFormat.currentVersion + 1);")
        case .foreign: try fixture.write("CREATE TABLE notes (body TEXT); PRAGMA user_version = 2;")
        case .corrupt:
            try Data("this is not a database at all, not even close to one.....................................................".utf8).write(
                to: URL(fileURLWithPath: fixture.path))
        case .failsQuickCheck:
            try fixture.writeLarge(version: 2, weights: 5000)
            // Scribble over whole pages in the middle: the header stays valid.
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: fixture.path))
            try handle.seek(toOffset: 4096 * 3)
            try handle.write(contentsOf: Data(repeating: 0xA5, count: 4096 * 3))
            try handle.close()
        }
        let before = fixture.bytes
        #expect {
            try Migrator(path: fixture.path, options: fixture.options()).run()
        } throws: { error in
            guard case .refused = error as? MigrationError else { return false }
            return true
        }
        #expect(fixture.bytes == before)
        #expect(fixture.files == ["grocer.sqlite"])
    }

    @Test func progressIsMonotonicNamesEveryPhaseInOrderAndEndsAt100() throws {
        let fixture = try LegacyStoreFixture()
        defer { fixture.remove() }
        try fixture.writeLarge(version: 2, weights: 30_000, items: 5_000)
        var events: [MigrationProgress] = []
        var options = fixture.options()
        options.dayZone = TimeZone(identifier: "UTC")
        _ = try Migrator(path: fixture.path, options: options).run(progress: { events.append($0) })
        #expect(events.count > 5)
        #expect(events.allSatisfy { $0.total == MigrationMeter.scale })
        #expect(zip(events, events.dropFirst()).allSatisfy { $0.done <= $1.done && $0.phase.rawValue <= $1.phase.rawValue })
        #expect(events.first?.done == 0)
        var phases: [MigrationPhase] = []
        for event in events where phases.last != event.phase { phases.append(event.phase) }
        #expect(phases == MigrationPhase.allCases)
        #expect(events.dropLast().allSatisfy { $0.percent < 100 })
        #expect(events.last?.done == MigrationMeter.scale)
    }

    @Test func theOldFileIsKeptAsABackupNamedWithItsVersion() throws {
        let fixture = try LegacyStoreFixture()
        defer { fixture.remove() }
        try fixture.writeLarge(version: 1, weights: 100)
        let before = fixture.bytes
        let summary = try Migrator(path: fixture.path, options: fixture.options()).run()
        #expect(summary.backupPath == fixture.path + ".v1.bak")
        #expect(FileManager.default.contents(atPath: fixture.path + ".v1.bak") == before)
        #expect(fixture.files == ["grocer.sqlite", "grocer.sqlite.v1.bak"])
        let mode = try FileManager.default.attributesOfItem(atPath: fixture.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func noBackupLeavesOnlyTheNewStore() throws {
        let fixture = try LegacyStoreFixture()
        defer { fixture.remove() }
        try fixture.writeLarge(version: 3, weights: 100)
        let summary = try Migrator(path: fixture.path, options: fixture.options(backup: false)).run()
        #expect(summary.backupPath == nil)
        #expect(fixture.files == ["grocer.sqlite"])
    }

    @Test func anUnrelatedFileWithTheBackupNameIsNotOverwritten() throws {
        let fixture = try LegacyStoreFixture()
        defer { fixture.remove() }
        try fixture.writeLarge(version: 2, weights: 100)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: fixture.path + ".v2.bak"))
        let summary = try Migrator(path: fixture.path, options: fixture.options()).run()
        #expect(summary.backupPath == fixture.path + ".v2-2.bak")
        #expect(FileManager.default.contents(atPath: fixture.path + ".v2.bak") == Data("mine".utf8))
    }

    @Test func cancellingLeavesTheOldStoreExactlyAsItWasAndCleansUp() throws {
        let fixture = try LegacyStoreFixture()
        defer { fixture.remove() }
        try fixture.writeLarge(version: 2, weights: 50_000, items: 1000)
        let before = fixture.bytes
        var calls = 0
        #expect(throws: MigrationError.cancelled(path: fixture.path)) {
            try Migrator(path: fixture.path, options: fixture.options()).run(isCancelled: {
                calls += 1
                return calls > 3
            })
        }
        #expect(fixture.bytes == before)
        #expect(fixture.files == ["grocer.sqlite"])
        #expect(StoreJudge.judge(path: fixture.path).state == .needsMigration)
    }

    @Test func whatAnInterruptedRunLeftIsRemovedAndTheMigrationStartsAgain() throws {
        let fixture = try LegacyStoreFixture()
        defer { fixture.remove() }
        try fixture.writeLarge(version: 1, weights: 1000)
        for junk in [".migrating", ".migrating-journal", ".lock"] {
            try Data("half-written".utf8).write(to: URL(fileURLWithPath: fixture.path + junk))
        }
        // An interrupted run may also have linked the backup already.
        link(fixture.path, fixture.path + ".v1.bak")
        let summary = try Migrator(path: fixture.path, options: fixture.options()).run()
        #expect(summary.carried["weight_entry"] == 1000)
        #expect(fixture.files == ["grocer.sqlite", "grocer.sqlite.v1.bak"])
        let log = try String(contentsOf: fixture.logURL, encoding: .utf8)
        #expect(log.contains("removed what an interrupted migration left"))
    }

    @Test func everyMigrationIsLoggedWithItsFigures() throws {
        let fixture = try LegacyStoreFixture()
        defer { fixture.remove() }
        try fixture.write(LegacyStoreFixture.version1, rows: MigrationRulesTests.version1Rows)
        _ = try Migrator(path: fixture.path, options: fixture.options()).run()
        let log = try String(contentsOf: fixture.logURL, encoding: .utf8)
        #expect(log.contains("migrated \(fixture.path) from format version 1 to \(StoreFormat.currentVersion)"))
        #expect(log.contains("carried weight_entry: 5"))
        #expect(log.contains("repaired (weight rounded to 2 decimal places): 3"))
        #expect(log.contains("quarantined (weight_entry: weight is not a number): 1"))
        let mode = try FileManager.default.attributesOfItem(atPath: fixture.logURL.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func aSecondMigratorWaitsForTheLockThenFindsNothingToDo() throws {
        let fixture = try LegacyStoreFixture()
        defer { fixture.remove() }
        try fixture.writeLarge(version: 2, weights: 1000)
        let held = try MigrationLock.acquire(storePath: fixture.path, wait: false, onWait: {})
        #expect(throws: MigrationError.busy(path: fixture.path)) {
            try Migrator(path: fixture.path, options: MigrationOptions(waitForLock: false)).run()
        }
        // A waiting migrator says so, then migrates once the lock is free.
        let waiting = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var outcome: Result<MigrationSummary, Error>?
        let path = fixture.path
        Thread.detachNewThread {
            outcome = Result { try Migrator(path: path).run(onWait: { waiting.signal() }) }
            done.signal()
        }
        waiting.wait()
        held.release()
        done.wait()
        let summary = try #require(try outcome?.get())
        #expect(summary.carried["weight_entry"] == 1000)
        #expect(throws: MigrationError.notNeeded(path: fixture.path, state: .current)) {
            try Migrator(path: fixture.path).run()
        }
        #expect(!FileManager.default.fileExists(atPath: fixture.path + ".lock"))
    }
}
