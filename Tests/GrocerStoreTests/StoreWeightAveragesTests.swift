import Foundation
import GRDB
import GrocerCore
import TestSupport
import Testing

@testable import GrocerStore

/// `grocer weight averages` from `weight_day` alone (each day's sums,
/// counts, lowest and highest per unit; issue 35) gives what every entry
/// read one by one gives (`WeightAverages.finished()`), through random
/// adds, edits, deletions and changes of zone, and the table's lowest and
/// highest equal a rebuild's after every write.
@Suite struct StoreWeightAveragesTests {
    static let zones = ["America/New_York", "Asia/Tokyo", "UTC", "Australia/Lord_Howe"].map { TimeZone(identifier: $0)! }

    /// Every entry read one by one, as the command did before.
    func everyEntry(_ store: Store, _ period: WeightAverages.Period, _ unit: WeightUnit) throws -> [WeightAverages.Figure] {
        var averages = WeightAverages(period: period, unit: unit, timeZone: store.timeZone)
        try store.weights.forEachEntry { averages.add($0.weight, at: $0.recordedAt) }
        return averages.finished()
    }

    func fromTheTable(_ store: Store, _ period: WeightAverages.Period, _ unit: WeightUnit) throws -> [WeightAverages.Figure]? {
        try store.weights.averages(period: period, unit: unit)?.map(\.figure)
    }

    /// `weight_day` as it is, and as a rebuild in the same zone makes it.
    static func keptAndRebuilt(_ store: Store) throws -> (kept: [Row], rebuilt: [Row]) {
        let rows = { try store.writer.read { db in try Row.fetchAll(db, sql: "SELECT * FROM weight_day ORDER BY day, unit") } }
        let kept = try rows()
        try store.writer.write { db in
            try WeightDayTable.rebuild(db, zone: try WeightDayTable.builtZone(db) ?? store.timeZone)
            if try WeightDayTable.needsCheckpoint(db) { try WeightDayTable.keepCheckpoint(db) }
        }
        return (kept, try rows())
    }

    func expectSame(_ store: Store, _ note: String) throws {
        for period in WeightAverages.Period.allCases {
            for unit in WeightUnit.allCases {
                let old = try everyEntry(store, period, unit)
                let new = try fromTheTable(store, period, unit)
                #expect(new == old, "\(note) \(period) \(unit)")
            }
        }
        let table = try Self.keptAndRebuilt(store)
        #expect(table.kept == table.rebuilt, "\(note)")
    }

    @Test(arguments: [UInt64(1), 2, 3, 4])
    func theTablesFiguresEqualEveryEntrysThroughEditsDeletionsAndZoneChanges(seed: UInt64) throws {
        var random = SplitMix(state: seed)
        let dir = TempDir()
        let path = dir.path("grocer.sqlite")
        var store = try Store.open(at: path, mode: .create, zone: Self.zones[0], stop: StopFlag())
        // Around a daylight-saving change and a month's end, at any hour,
        // over ten weeks.
        let base: Int64 = 1_790_000_000
        func randomWeight() -> Weight {
            let unit: WeightUnit = Bool.random(using: &random) ? .kg : .lbs
            let whole = Int.random(in: 50...250, using: &random)
            let decimals = ["", ".5", ".25", ".05", ".1", ".99", ".01"].randomElement(using: &random)!
            return Weight(digits: "\(whole)\(decimals)", unit: unit)!
        }
        func randomDate() -> Date { Date(timeIntervalSince1970: TimeInterval(base + Int64.random(in: 0..<(70 * 86_400), using: &random))) }
        var live: [Int64] = []
        for step in 0..<400 {
            let roll = Int.random(in: 0..<20, using: &random)
            if roll < 12 || live.isEmpty {
                let fat = Bool.random(using: &random) ? BodyFat(digits: "\(Int.random(in: 10...40, using: &random)).5") : nil
                live.append(try store.weights.add(randomWeight(), at: randomDate(), bodyFat: fat).id)
            } else if roll < 15 {
                try store.weights.edit(id: live.randomElement(using: &random)!, weight: randomWeight(), at: randomDate())
            } else if roll < 19 {
                let ids = Array(live.shuffled(using: &random).prefix(Int.random(in: 1...3, using: &random)))
                _ = try store.weights.delete(ids: ids)
                live.removeAll { ids.contains($0) }
            } else {
                // A move: the table rebuilt in the new zone's days.
                try store.close()
                store = try Store.open(at: path, mode: .create, zone: Self.zones.randomElement(using: &random)!, stop: StopFlag())
            }
            if step % 25 == 24 { try expectSame(store, "seed \(seed) step \(step)") }
        }
        try expectSame(store, "seed \(seed)")
        try store.close()
    }

    /// A row the table does not count (a file changed outside grocer):
    /// no figures from the table, so the command reads every entry and
    /// reports it, as before.
    @Test func aRowTheTableDoesNotCountGivesNoFigures() throws {
        let dir = TempDir()
        let store = try Store.open(at: dir.path("grocer.sqlite"), mode: .create, zone: Self.zones[2], stop: StopFlag())
        defer { try? store.close() }
        _ = try store.weights.add(Weight(digits: "80", unit: .kg)!, at: Date(timeIntervalSince1970: 1_790_000_000))
        try store.writer.write { db in
            try db.execute(sql: "INSERT INTO weight_entry (value, unit, recorded_at) VALUES ('1.2.3', 'kg', 1790000000)")
        }
        #expect(try store.weights.averages(period: .week, unit: .kg) == nil)
    }

    /// A row that no weigh-ins make (the file changed outside grocer: a
    /// highest of 10^9 hundredths or more, a lowest above the highest, a
    /// sum outside count x lowest...count x highest): no figures from the
    /// table, which could overflow, so the command reads every entry.
    @Test(arguments: [
        "high = 1000000000", "high = 9223372036854775807, hundredths = 9223372036854775807", "low = high + 1", "low = 0",
        "hundredths = low - 1", "hundredths = high * count + 1",
    ])
    func aRowNoWeighInsMakeGivesNoFigures(change: String) throws {
        let store = try Store.open(at: ":memory:", mode: .memory, zone: Self.zones[2], stop: StopFlag())
        defer { try? store.close() }
        _ = try store.weights.add(Weight(digits: "80", unit: .kg)!, at: Date(timeIntervalSince1970: 1_790_000_000))
        #expect(try fromTheTable(store, .week, .lbs) == (try everyEntry(store, .week, .lbs)))
        try store.writer.write { db in try db.execute(sql: "UPDATE weight_day SET \(change)") }
        #expect(try store.weights.averages(period: .week, unit: .lbs) == nil)
    }

    /// An edit or a delete of a day's lowest or highest weigh-in: the
    /// day's extremes, read again from its other entries, drop with it.
    @Test(arguments: [false, true])
    func aDaysExtremesFollowAnEditOrADeleteOfOneOfThem(delete: Bool) throws {
        let store = try Store.open(at: ":memory:", mode: .memory, zone: Self.zones[0], stop: StopFlag())
        let day = 1_790_000_000.0
        func add(_ digits: String, _ unit: WeightUnit, _ offset: Double) throws -> Int64 {
            try store.weights.add(Weight(digits: digits, unit: unit)!, at: Date(timeIntervalSince1970: day + offset)).id
        }
        let high = try add("81.5", .kg, 0)
        _ = try add("80", .kg, 60)
        let low = try add("79.25", .kg, 120)
        _ = try add("176", .lbs, 180)
        _ = try add("70", .kg, 30 * 86_400)  // another month: the period before stays the same
        if delete {
            _ = try store.weights.delete(ids: [high, low])
        } else {
            try store.weights.edit(id: high, weight: Weight(digits: "80.5", unit: .kg)!, at: Date(timeIntervalSince1970: day))
            try store.weights.edit(id: low, weight: Weight(digits: "80.25", unit: .kg)!, at: Date(timeIntervalSince1970: day + 120))
        }
        let figures = try #require(try fromTheTable(store, .month, .kg))
        #expect(figures.first?.min == Decimal(string: "79.83"))
        #expect(figures.first?.max == Decimal(string: delete ? "80" : "80.5"))
        #expect(figures == (try everyEntry(store, .month, .kg)))
        let table = try Self.keptAndRebuilt(store)
        #expect(table.kept == table.rebuilt)
    }

    @Test func noEntriesNoFigures() throws {
        let dir = TempDir()
        let store = try Store.open(at: dir.path("grocer.sqlite"), mode: .create, zone: Self.zones[2], stop: StopFlag())
        defer { try? store.close() }
        #expect(try fromTheTable(store, .month, .kg) == [])
    }
}
