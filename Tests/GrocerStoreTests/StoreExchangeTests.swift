import Foundation
import GRDB
import GrocerCore
import Testing

@testable import GrocerStore

/// `exportWeights` (a cursor over (recorded_at, id) with raw fields) and
/// `importWeights` (one transaction, duplicates against the store as it was).
@Suite struct StoreExchangeTests {
    static let t0: Int64 = 1_795_262_400

    func weight(_ digits: String, _ unit: WeightUnit = .kg) -> Weight { Weight(digits: digits, unit: unit)! }

    func exported(_ store: Store, from: Date? = nil, before: Date? = nil) throws -> ([String], ReadReport) {
        var rows: [String] = []
        let report = try store.weights.export(from: from, before: before) { id, seconds, digits, unit, note, _ in
            rows.append("\(id) \(seconds) \(digits) \(unit.rawValue)" + (note.isEmpty ? "" : " " + note))
        }
        return (rows, report)
    }

    @Test func exportGoesByTimeThenIDWithTheDigitsAsTypedAndHalfOpenBounds() throws {
        let store = try Store.open(at: ":memory:", mode: .memory, zone: .current, stop: StopFlag())
        let at = { (s: Int64) in Date(timeIntervalSince1970: TimeInterval(Self.t0 + s)) }
        try store.weights.add(weight("72.50"), at: at(60))
        try store.weights.add(weight("180", .lbs), at: at(0))
        try store.weights.add(weight("72.4"), at: at(0))
        try store.weights.add(weight("71"), at: at(120))
        #expect(try exported(store).0 == ["2 \(Self.t0) 180 lbs", "3 \(Self.t0) 72.4 kg", "1 \(Self.t0 + 60) 72.50 kg", "4 \(Self.t0 + 120) 71 kg"])
        // [from, before): 07:30:00.5 as `from` leaves 07:30:00 out, as `before` keeps it in.
        #expect(try exported(store, from: at(0).addingTimeInterval(0.5), before: at(120)).0 == ["1 \(Self.t0 + 60) 72.50 kg"])
        #expect(try exported(store, before: at(0).addingTimeInterval(0.5)).0.count == 2)
    }

    @Test func exportReportsRowsItCannotReadAndCanonicalisesOddOnes() throws {
        let store = try Store.hostile()
        try store.execute(
            """
            INSERT INTO weight_entry (id, value, unit, recorded_at) VALUES (1, '072.5', 'kg', 10), (2, '72.5', 'stone', 20), (3, NULL, 'kg', 30),
              (4, '72.5', 'kg', 'noon'), (5, '0', 'kg', 50), (6, '80.25', 'lbs', 60)
            """)
        let (rows, report) = try exported(store)
        #expect(rows == ["1 10 72.5 kg", "6 60 80.25 lbs"])
        #expect(report.unreadableCount == 4)
        #expect(report.ids == [2, 3, 5, 4])  // text sorts after integers
    }

    @Test(arguments: [
        ("72.5", true), ("72.50", true), ("0.5", true), ("200", true), ("0", false), ("0.00", false), ("072.5", false),
        ("00.5", false), (".5", false), ("72.", false), ("72.505", false), ("7.2.5", false), ("", false), ("-1", false), ("1e3", false),
    ])
    func aCanonicalWeightIsTheShapeWeightKeeps(digits: String, canonical: Bool) {
        #expect(WeightRecord.isCanonical(digits) == canonical)
        if canonical { #expect(Weight(digits: digits, unit: .kg)?.digits == digits) }
    }

    @Test func importSkipsWhatTheStoreHeldBeforeAndRepeatsWithinTheFile() throws {
        let store = try Store.open(at: ":memory:", mode: .memory, zone: .current, stop: StopFlag())
        try store.weights.add(weight("72.5"), at: Date(timeIntervalSince1970: TimeInterval(Self.t0)))
        var outcomes: [ImportOutcome] = []
        let result = try store.weights.bulkImport { importer in
            outcomes.append(try importer.add(weight("72.50"), at: Self.t0))
            outcomes.append(try importer.add(weight("72.5", .lbs), at: Self.t0))
            outcomes.append(try importer.add(weight("72.6"), at: Self.t0))
            outcomes.append(try importer.add(weight("70"), at: Self.t0 + 1))
            outcomes.append(try importer.add(weight("70.00"), at: Self.t0 + 1))
            outcomes.append(try importer.add(weight("72.5", .lbs), at: Self.t0 + 1))
            return true
        }
        #expect(outcomes == [.duplicate, .inserted, .inserted, .inserted, .repeated, .inserted])
        #expect(result.inserted == 4 && result.duplicates == 1 && result.repeats == 1 && result.removedRepeats == 0 && result.committed)
        #expect(try exported(store).0.count == 5)
        let again = try store.weights.bulkImport { importer in
            try importer.add(weight("70"), at: Self.t0 + 1) == .duplicate
        }
        #expect(again.duplicates == 1 && again.inserted == 0)
    }

    /// A file out of time order: its repeats are found once at the end
    /// (through the time index, which an empty store's import builds
    /// first), the first of each kept, the per-day sums rebuilt to match.
    @Test(arguments: [false, true])
    func repeatsInAFileOutOfTimeOrderAreRemovedAtTheEnd(storeHadRows: Bool) throws {
        let store = try Store.open(at: ":memory:", mode: .memory, zone: .current, stop: StopFlag())
        if storeHadRows { try store.weights.add(weight("60"), at: Date(timeIntervalSince1970: TimeInterval(Self.t0 - 86_400 * 3))) }
        let result = try store.weights.bulkImport { importer in
            try importer.add(weight("70"), at: Self.t0 + 5)
            try importer.add(weight("71"), at: Self.t0)
            try importer.add(weight("70.0"), at: Self.t0 + 5)
            try importer.add(weight("71"), at: Self.t0)
            try importer.add(weight("71", .lbs), at: Self.t0)
            return true
        }
        #expect(result.inserted == 3 && result.removedRepeats == 2 && result.repeats == 2)
        let rows = try exported(store).0
        #expect(rows.count == (storeHadRows ? 4 : 3))
        #expect(rows.contains { $0.hasSuffix(" \(Self.t0 + 5) 70 kg") } && !rows.contains { $0.hasSuffix("70.0 kg") })
        let days = try store.weights.days(unit: .kg)
        #expect(days.last?.count == 3)
        // A dry run of the same file counts the same and keeps nothing.
        let dry = try Store.open(at: ":memory:", mode: .memory, zone: .current, stop: StopFlag())
        let counted = try dry.weights.bulkImport { importer in
            try importer.add(weight("70"), at: Self.t0 + 5)
            try importer.add(weight("71"), at: Self.t0)
            try importer.add(weight("70"), at: Self.t0 + 5)
            return false
        }
        #expect(counted.removedRepeats == 1 && !counted.committed)
        #expect(try exported(dry).0.isEmpty)
    }

    @Test func anEmptyStoreKeepsTheFilesIDsAndGivesARepeatedIDANewOne() throws {
        let store = try Store.open(at: ":memory:", mode: .memory, zone: .current, stop: StopFlag())
        var keeps: [Bool] = []
        try store.weights.bulkImport { importer in
            keeps.append(importer.keepsIDs)
            try importer.add(weight("1"), at: 10, id: 7)
            try importer.add(weight("2"), at: 20, id: 3)
            try importer.add(weight("3"), at: 30, id: 7)
            try importer.add(weight("4"), at: 40)
            return true
        }
        #expect(try exported(store).0 == ["7 10 1 kg", "3 20 2 kg", "8 30 3 kg", "9 40 4 kg"])
        try store.weights.bulkImport { importer in
            keeps.append(importer.keepsIDs)
            try importer.add(weight("5"), at: 50, id: 1)
            return true
        }
        #expect(keeps == [true, false])
        #expect(try exported(store).0.last == "10 50 5 kg")
    }

    /// An import into an empty store builds the time index once at the end;
    /// whether it is kept, dry-run or broken off, the store's schema is then
    /// exactly a fresh store's, and queries by time use the index.
    @Test func anImportIntoAnEmptyStoreLeavesTheSchemaAsAFreshStoresHasIt() throws {
        let dir = TempDir()
        let fresh = dir.url.appendingPathComponent("fresh.sqlite")
        try Store.open(at: fresh.path, mode: .create, zone: .current, stop: StopFlag()).close()
        func schema(_ url: URL) throws -> [String] {
            let queue = try DatabaseQueue(path: url.path)
            defer { try? queue.close() }
            return try queue.read { db in
                try String.fetchAll(db, sql: "SELECT type || ' ' || name || ': ' || coalesce(sql, '') FROM sqlite_master ORDER BY name")
            }
        }
        struct Broken: Error {}
        for ending in ["kept", "dry run", "error"] {
            let url = dir.url.appendingPathComponent("\(ending).sqlite")
            let store = try Store.open(at: url.path, mode: .create, zone: .current, stop: StopFlag())
            _ = try? store.weights.bulkImport { importer in
                for i in 0..<100 { try importer.add(weight("7\(i % 10)"), at: Int64(1_000 + i)) }
                if ending == "error" { throw Broken() }
                return ending == "kept"
            }
            #expect(try store.weights.newestFirst(before: nil, limit: 3).entries.count == (ending == "kept" ? 3 : 0))
            try store.close()
            #expect(try schema(url) == (try schema(fresh)), "\(ending)")
            try Store.open(at: url.path, mode: .create, zone: .current, stop: StopFlag()).close()
        }
    }

    @Test func nothingIsKeptOnADryRunAnErrorOrAStop() throws {
        let store = try Store.open(at: ":memory:", mode: .memory, zone: .current, stop: StopFlag())
        try store.weights.bulkImport { importer in
            try importer.add(weight("1"), at: 10)
            return false
        }
        struct Broken: Error {}
        #expect(throws: Broken.self) {
            try store.weights.bulkImport { importer in
                try importer.add(weight("1"), at: 10)
                throw Broken()
            }
        }
        let stop = StopFlag()
        var heard: [Int] = []
        #expect(throws: CancellationError.self) {
            try store.weights.bulkImport(stop: stop, progressEvery: 2, progress: { heard.append($0) }) { importer in
                for i in 0..<10 {
                    if i == 5 { stop.raise() }
                    try importer.add(weight("1"), at: Int64(i))
                }
                return true
            }
        }
        #expect(heard == [2, 4])
        #expect(try exported(store).0.isEmpty)
    }

    /// After an import the per-day table equals a full tally of the entries:
    /// summed as rows go in (in batches, past `DayTally.flushAt` days) when
    /// it was built, built when it was not.
    @Test(arguments: [true, false])
    func theDayTableMatchesTheEntriesAfterAnImport(built: Bool) throws {
        let zone = TimeZone(identifier: "America/New_York")!
        let store = try Store.open(at: ":memory:", mode: .memory, zone: zone, stop: StopFlag())
        try store.weights.add(weight("70"), at: Date(timeIntervalSince1970: 1_773_000_000))
        if !built { try store.execute("DELETE FROM setting WHERE key = 'weight_day.zone'") }
        try store.weights.bulkImport { importer in
            try importer.add(weight("80.5", .lbs), at: 1_773_000_100)  // same day as the entry already there
            try importer.add(weight("71.25"), at: 1_773_000_200)
            for day in 0..<Int64(DayTally.flushAt + 10) {
                try importer.add(weight("60"), at: 1_000_000_000 + day * 86_400)
            }
            return true
        }
        let (kept, tallied) = try store.writer.base.read { db in
            (try WeightDayTable.figures(db, unit: .kg), try WeightDayTable.figures(tallying: db, zone: zone, unit: .kg))
        }
        #expect(kept.count > DayTally.flushAt)
        #expect(kept == tallied)
        #expect(try zoneSetting(store) == zone.identifier)
        #expect(try store.weights.days(unit: .kg) == tallied)
    }

    @Test func aDryRunLeavesTheDayTableAsItWas() throws {
        let store = try Store.open(at: ":memory:", mode: .memory, zone: .gmt, stop: StopFlag())
        try store.weights.add(weight("70"), at: Date(timeIntervalSince1970: 10))
        let before = try store.weights.days(unit: .kg)
        try store.weights.bulkImport { importer in
            try importer.add(weight("90"), at: 20)
            return false
        }
        #expect(try store.weights.days(unit: .kg) == before)
    }

    func zoneSetting(_ store: Store) throws -> String? {
        try store.writer.base.read { db in try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = 'weight_day.zone'") }
    }
}
