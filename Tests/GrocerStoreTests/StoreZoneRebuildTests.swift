import Foundation
import GRDB
import GrocerCore
import Testing

@testable import GrocerStore

/// `weight_day` rebuilt for a new zone beside the screen's connection
/// (issue 35): a save meanwhile never waits for the tally, and the rebuilt
/// table and checkpoints are what a rebuild under the lock makes.
@Suite struct StoreZoneRebuildTests {
    static let tokyo = TimeZone(identifier: "Asia/Tokyo")!
    let fixture = StoreTrendStartTests()

    func open(_ dir: TempDir, _ zone: TimeZone) throws -> Store {
        try Store.open(at: dir.path("grocer.sqlite"), mode: .create, zone: zone, stop: StopFlag())
    }

    /// The table's rows and the two settings, as stored.
    func state(_ store: Store) throws -> [String] {
        try store.writer.read { db in
            try Row.fetchAll(db, sql: "SELECT day, unit, hundredths, count, fat_hundredths, fat_count FROM weight_day ORDER BY day, unit")
                .map { "\($0[0] as Int) \($0[1] as String) \($0[2] as Int) \($0[3] as Int) fat \($0[4] as Int)/\($0[5] as Int)" }
                + (try String.fetchAll(
                    db, sql: "SELECT key || '=' || value FROM setting WHERE key IN ('weight_day.zone', 'weight_day.trend') ORDER BY key"))
        }
    }

    /// The same store rebuilt under the write lock, as grocer did before.
    func rebuiltUnderTheLock(_ store: Store) throws -> [String] {
        try store.writer.write { db in
            try WeightDayTable.rebuild(db, zone: store.timeZone)
            if try WeightDayTable.needsCheckpoint(db) { try WeightDayTable.keepCheckpoint(db) }
        }
        return try state(store)
    }

    /// A store of `days` days whose table and checkpoints were made in UTC.
    func builtInUTC(_ dir: TempDir, days: Int) throws {
        let utc = try fixture.store(dir, days: days)
        _ = try utc.weights.recentDays(unit: .kg)
        try utc.close()
    }

    @Test(arguments: [300, 3_001])
    func aSaveWhileTheRebuildTalliesLandsAtOnceAndIsTakenIn(days: Int) throws {
        let dir = TempDir()
        try builtInUTC(dir, days: days)
        let beside = try open(dir, Self.tokyo)
        defer { try? beside.close() }
        let screen = try open(dir, Self.tokyo)
        defer { try? screen.close() }
        var saves: [WeightEntry] = []
        try beside.weights.rebuildDaysBeside {
            // The screen's save lands while the tally is made: it never
            // waits for the rebuild's write lock (it would wait 10 s, then
            // fail as busy).
            if saves.isEmpty {
                saves.append(
                    try screen.weights.add(
                        Weight(digits: "81.5", unit: .kg)!, at: Date(timeIntervalSince1970: 20_000 * 86_400 + 20 * 3_600),
                        bodyFat: BodyFat(digits: "18.4")))
            }
        }
        #expect(saves.count == 1)
        #expect(try !beside.weights.daysBuiltForAnotherZone())
        let rebuilt = try state(beside)
        #expect(rebuilt.contains { $0.hasPrefix("20001 kg ") }, "the save, in Tokyo's next day, is in the table")
        #expect(rebuilt.contains { $0.hasPrefix("20001 kg ") && $0.hasSuffix(" fat 1840/1") }, "with its body fat's sum")
        #expect(try rebuiltUnderTheLock(beside) == rebuilt)
        try fixture.expectSameAsEveryDay(screen, recentOnly: days > TrendStart.lead)
    }

    /// A store written without pause: after its tries the rebuild takes
    /// the lock, and ends with every save in.
    @Test func aStoreWrittenAtEveryTryIsRebuiltUnderTheLockInTheEnd() throws {
        let dir = TempDir()
        try builtInUTC(dir, days: 1_000)
        let beside = try open(dir, Self.tokyo)
        defer { try? beside.close() }
        let other = try open(dir, Self.tokyo)
        defer { try? other.close() }
        var saves = 0
        try beside.weights.rebuildDaysBeside(attempts: 2) {
            saves += 1
            _ = try other.weights.add(Weight(digits: "80", unit: .kg)!, at: Date(timeIntervalSince1970: TimeInterval(19_500 + saves) * 86_400))
        }
        #expect(saves == 2)
        #expect(try !beside.weights.daysBuiltForAnotherZone())
        let rebuilt = try state(beside)
        #expect(try rebuiltUnderTheLock(beside) == rebuilt)
        #expect(try beside.weights.days(unit: .kg).reduce(0) { $0 + $1.count } == (try other.weights.days(unit: .kg).reduce(0) { $0 + $1.count }))
    }

    /// Nothing is left behind: the TEMP copy is dropped.
    @Test func theRebuildLeavesNoCopy() throws {
        let dir = TempDir()
        try builtInUTC(dir, days: 500)
        let beside = try open(dir, Self.tokyo)
        defer { try? beside.close() }
        try beside.weights.prepareHistory()
        #expect(try !beside.weights.daysBuiltForAnotherZone())
        #expect(try beside.writer.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM temp.sqlite_master") } == 0)
    }
}
