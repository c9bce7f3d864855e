import Foundation
import GRDB
import GrocerCore
import TestSupport
import Testing

@testable import GrocerStore

/// `weight_day` kept current with every write, and rebuilt when needed.
@Suite struct StoreWeightDayTests {
    static let newYork = TimeZone(identifier: "America/New_York")!

    func open(_ dir: TempDir, _ zone: TimeZone) throws -> Store {
        try Store.open(at: dir.path("grocer.sqlite"), mode: .create, zone: zone, stop: StopFlag())
    }

    /// The table's rows, as stored.
    func tableRows(_ store: Store) throws -> [String] {
        try store.writer.read { db in
            try Row.fetchAll(db, sql: "SELECT day, unit, hundredths, count FROM weight_day ORDER BY day, unit").map {
                "\($0[0] as Int) \($0[1] as String) \($0[2] as Int) \($0[3] as Int)"
            }
        }
    }

    /// The same rows recomputed from every entry, independently of the store's code.
    func recomputed(_ store: Store, _ zone: TimeZone) throws -> [String] {
        var sums: [String: (Int, Int)] = [:]
        var keys: [(Int, String)] = []
        try store.weights.forEachEntry { entry in
            let day = CivilDay(entry.recordedAt, in: zone).number
            let key = "\(day) \(entry.weight.unit.rawValue)"
            if sums[key] == nil { keys.append((day, entry.weight.unit.rawValue)) }
            let (h, c) = sums[key] ?? (0, 0)
            sums[key] = (h + entry.weight.hundredths, c + 1)
        }
        return keys.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map { "\($0.0) \($0.1) \(sums["\($0.0) \($0.1)"]!.0) \(sums["\($0.0) \($0.1)"]!.1)" }
    }

    func zoneSetting(_ store: Store) throws -> String? {
        try store.writer.read { db in try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = 'weight_day.zone'") }
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func tableEqualsAFullRecomputationAfterRandomAddsEditsDeletesAndRestores(seed: UInt64) throws {
        print("StoreWeightDayTests seed \(seed)")
        var random = SplitMix(state: seed)
        let dir = TempDir()
        let store = try open(dir, Self.newYork)
        // Around the 2026 autumn daylight-saving change (Nov 1), at any hour.
        let base: Int64 = 1_792_800_000
        func randomWeight() -> Weight {
            let unit: WeightUnit = Bool.random(using: &random) ? .kg : .lbs
            let whole = Int.random(in: 50...250, using: &random)
            let decimals = ["", ".5", ".25", ".05", ".1"].randomElement(using: &random)!
            return Weight(digits: "\(whole)\(decimals)", unit: unit)!
        }
        func randomDate() -> Date { Date(timeIntervalSince1970: TimeInterval(base + Int64.random(in: 0..<(10 * 86_400), using: &random))) }
        var live: [Int64] = []
        var undo: [[WeightEntry]] = []
        for step in 0..<300 {
            let roll = Int.random(in: 0..<10, using: &random)
            if roll < 5 || live.isEmpty {
                live.append(try store.weights.add(randomWeight(), at: randomDate()).id)
            } else if roll < 7 {
                try store.weights.edit(id: live.randomElement(using: &random)!, weight: randomWeight(), at: randomDate())
            } else if roll < 9 {
                let ids = Array(live.shuffled(using: &random).prefix(Int.random(in: 1...3, using: &random)))
                undo.append(try store.weights.delete(ids: ids))
                live.removeAll { ids.contains($0) }
            } else if let entries = undo.popLast() {
                // A new entry may have taken a deleted id again (SQLite
                // reuses the largest): that one comes back under a new id.
                let restored = try store.weights.restore(entries)
                #expect(restored.map(\.weight) == entries.map(\.weight))
                live += restored.map(\.id)
            }
            if step % 50 == 0 { #expect(try tableRows(store) == recomputed(store, Self.newYork), "seed \(seed) step \(step)") }
        }
        #expect(try tableRows(store) == recomputed(store, Self.newYork), "seed \(seed)")
        let kept = try tableRows(store)
        try store.writer.write { db in try WeightDayTable.invalidate(db) }
        #expect(try store.weights.rebuildDaysIfNeeded())
        #expect(try tableRows(store) == kept, "seed \(seed): the rebuild differs from the kept table")
        var entries: [WeightEntry] = []
        try store.weights.forEachEntry { entries.append($0) }
        #expect(try store.weights.days(unit: .kg) == WeightTrend.dailyFigures(entries, unit: .kg, timeZone: Self.newYork))
    }

    @Test func openingDoesNotBuildTheTableButTheFirstNeedDoes() throws {
        let dir = TempDir()
        try dir.sqlite(
            "grocer.sqlite",
            Schema.version4Tables + Schema.version4Indexes + Schema.version4Stamp
                + "INSERT INTO weight_entry (value, unit, recorded_at) VALUES ('72.5', 'kg', 1795262400), ('160', 'lbs', 1795270000);")
        try Migrator(path: dir.path("grocer.sqlite"), options: MigrationOptions(backup: false, logFile: dir.url.appendingPathComponent("log"))).run()
        let store = try open(dir, Self.newYork)
        #expect(try zoneSetting(store) == nil)
        #expect(try tableRows(store).isEmpty)
        #expect(try store.weights.rebuildDaysIfNeeded())
        #expect(try zoneSetting(store) == "America/New_York")
        #expect(try tableRows(store) == recomputed(store, Self.newYork))
        #expect(try tableRows(store).count == 2)
        #expect(try store.weights.rebuildDaysIfNeeded() == false)
    }

    @Test func aMigratedStoreGetsItsDaysOnTheFirstRead() throws {
        let dir = TempDir()
        try dir.sqlite(
            "grocer.sqlite",
            Schema.version4Tables + Schema.version4Indexes + Schema.version4Stamp
                + "INSERT INTO weight_entry (value, unit, recorded_at) VALUES ('72.5', 'kg', 1795262400), ('73.5', 'kg', 1795270000);")
        try Migrator(path: dir.path("grocer.sqlite"), options: MigrationOptions(backup: false, logFile: dir.url.appendingPathComponent("log"))).run()
        let store = try open(dir, TimeZone(identifier: "UTC")!)
        let days = try store.weights.days(unit: .kg)
        #expect(days == [DayFigure(day: CivilDay(Date(timeIntervalSince1970: 1_795_262_400), in: TimeZone(identifier: "UTC")!), sum: 146, count: 2)])
    }

    /// A rebuild adds its sums in batches (`DayTally.flushAt` days at a
    /// time), so its memory is bounded however many days the store spans:
    /// a day whose entries come before and after a whole batch of other
    /// days is still one row holding both.
    @Test func aRebuildSumsADaySplitAcrossItsBatches() throws {
        let dir = TempDir()
        let store = try open(dir, TimeZone(identifier: "UTC")!)
        let day: Int64 = 999_000_000  // 2001-08-28, before the other days
        try store.execute(
            """
            WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < \(DayTally.flushAt + 9))
            INSERT INTO weight_entry (value, unit, recorded_at) SELECT '60', 'kg', 1000000000 + i * 86400 FROM n
            """)
        try store.execute("INSERT INTO weight_entry (value, unit, recorded_at) VALUES ('72.5', 'kg', \(day)), ('73', 'kg', \(day + 60))")
        try store.execute(
            """
            INSERT INTO weight_entry (value, unit, recorded_at) SELECT '1', 'kg', 1000000000 + i * 86400
            FROM (WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < \(DayTally.flushAt + 9)) SELECT i FROM n)
            """)
        try store.execute("INSERT INTO weight_entry (value, unit, recorded_at) VALUES ('74', 'kg', \(day + 120))")
        try store.execute("UPDATE setting SET value = 'Asia/Tokyo' WHERE key = 'weight_day.zone'")
        _ = try store.weights.days(unit: .kg)
        #expect(try zoneSetting(store) == TimeZone(identifier: "UTC")!.identifier)
        let rows = try tableRows(store)
        #expect(rows == (try recomputed(store, TimeZone(identifier: "UTC")!)))
        #expect(rows.first == "11562 kg 21950 3")
        #expect(rows.dropFirst().first == "11574 kg 6100 2")
        #expect(rows.count == DayTally.flushAt + 11)
    }

    /// The batches' upserts bind each column themselves (`FastStatement`):
    /// days before 1970 (negative numbers), kg and lbs on one day, and more
    /// days than one batch holds all come out as a full recomputation of
    /// the entries gives them.
    @Test func aRebuildKeepsBothUnitsAndDaysBefore1970AcrossItsBatches() throws {
        let dir = TempDir()
        let store = try open(dir, TimeZone(identifier: "UTC")!)
        try store.execute(
            """
            WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < \(2 * DayTally.flushAt + 20))
            INSERT INTO weight_entry (value, unit, recorded_at)
            SELECT printf('%d.%02d', 50 + i % 90, i % 100), CASE i % 3 WHEN 0 THEN 'lbs' ELSE 'kg' END, -2000000000 + i * 43200 FROM n
            """)
        try store.execute("UPDATE setting SET value = 'Asia/Tokyo' WHERE key = 'weight_day.zone'")
        _ = try store.weights.days(unit: .kg)
        #expect(try zoneSetting(store) == TimeZone(identifier: "UTC")!.identifier)
        let rows = try tableRows(store)
        #expect(rows == (try recomputed(store, TimeZone(identifier: "UTC")!)))
        #expect(rows.first == "-23149 lbs 5000 1")
        #expect(rows.count > DayTally.flushAt)
    }

    @Test func anotherZoneRebuildsTheDaysOnItsFirstNeed() throws {
        let dir = TempDir()
        let utc = try open(dir, TimeZone(identifier: "UTC")!)
        // 23:30 UTC on 2026-11-21: the 22nd in Tokyo.
        try utc.weights.add(Weight(digits: "72.5", unit: .kg)!, at: Date(timeIntervalSince1970: 1_795_303_800))
        #expect(try utc.weights.days(unit: .kg).map(\.day.description) == ["2026-11-21"])
        try utc.close()
        let tokyo = try open(dir, TimeZone(identifier: "Asia/Tokyo")!)
        #expect(try tokyo.weights.days(unit: .kg).map(\.day.description) == ["2026-11-22"])
        #expect(try zoneSetting(tokyo) == "Asia/Tokyo")
        try tokyo.weights.add(Weight(digits: "73", unit: .kg)!, at: Date(timeIntervalSince1970: 1_795_303_800))
        #expect(try tableRows(tokyo) == recomputed(tokyo, TimeZone(identifier: "Asia/Tokyo")!))
        try tokyo.close()
        // A writer in another zone (a cron job in UTC) keeps the table in
        // the zone it was built for, adding in that zone's days: no rebuild.
        let again = try open(dir, TimeZone(identifier: "UTC")!)
        try again.weights.add(Weight(digits: "74", unit: .kg)!, at: Date(timeIntervalSince1970: 1_795_303_800))
        #expect(try zoneSetting(again) == "Asia/Tokyo")
        #expect(try tableRows(again) == recomputed(again, TimeZone(identifier: "Asia/Tokyo")!))
        // Reading there needs the days in UTC: that builds them.
        #expect(try again.weights.days(unit: .kg).map(\.day.description) == ["2026-11-21"])
        #expect(try zoneSetting(again) == TimeZone(identifier: "UTC")!.identifier)
        #expect(try tableRows(again) == ["20778 kg 21950 3"])
    }

    @Test(arguments: [
        ("72.5", 7250), ("72.50", 7250), ("0.05", 5), ("200", 20000), (".5", 50), ("5.", 500), ("007.25", 725),
    ])
    func storedValuesBecomeHundredthsAsWeightReadsThem(text: String, hundredths: Int) {
        #expect(WeightDayTable.hundredths(text) == hundredths)
        #expect(Weight(digits: text, unit: .kg)?.hundredths == hundredths)
    }

    @Test(arguments: ["", ".", "0", "0.00", "1.234", "1.2.3", "-1", "1e3", "12345678"])
    func valuesWeightWouldNotReadDoNotCount(text: String) {
        #expect(WeightDayTable.hundredths(text) == nil)
    }

    @Test func aStoreThatCannotBeWrittenStillShowsItsDaysInThePersonsZone() throws {
        let dir = TempDir()
        let utc = try open(dir, TimeZone(identifier: "UTC")!)
        try utc.weights.add(Weight(digits: "72.5", unit: .kg)!, at: Date(timeIntervalSince1970: 1_795_303_800))
        try utc.close()
        let reader = try Store.connectReadOnly(dir.path("grocer.sqlite"), timeZone: TimeZone(identifier: "Asia/Tokyo")!, stop: StopFlag())
        #expect(try reader.weights.days(unit: .kg).map(\.day.description) == ["2026-11-22"])
        #expect(try zoneSetting(reader) == TimeZone(identifier: "UTC")!.identifier)
    }
}
