import Foundation
import GRDB
import GrocerCore
import Testing

@testable import GrocerStore

/// Version 11 -> 12 (issue 34): each weight entry's body fat, and
/// `weight_day`'s sums of them, for the body fat's trend.
@Suite struct Version12StepTests {
    /// A version 9 store: the version 8 store of `Version9StepTests`
    /// (weights, items, a sync record), stepped to 9 only.
    static func version9Store(_ fixture: LegacyStoreFixture) throws {
        try Version9StepTests.version8Store(fixture)
        try Migrator(
            path: fixture.path, options: fixture.options(backup: false),
            steps: [FormatStep.version5, FormatStep.version6, FormatStep.version7, FormatStep.version8, FormatStep.version9]
        )
        .run()
        try #require(try Version5StepTests.int(fixture.path, "PRAGMA user_version") == 9)
        try FileManager.default.removeItem(at: fixture.logURL)
    }

    @Test func version12IsTheEighthReleasedStep() {
        #expect(FormatStep.released.map(\.version).prefix(8) == [5, 6, 7, 8, 9, 10, 11, 12])
    }

    @Test func aVersion9StoreKeepsEveryRowWithNoBodyFat() throws {
        let fixture = try LegacyStoreFixture()
        defer { fixture.remove() }
        try Self.version9Store(fixture)
        let before = try Version5StepTests.contents(fixture.path)
        try #require(before.contains { $0.hasPrefix("weight_entry [") })

        let summary = try Migrator(path: fixture.path, options: fixture.options()).run()

        #expect(summary.fromVersion == 9 && summary.toVersion == StoreFormat.currentVersion)
        let after = try Version5StepTests.contents(fixture.path)
        let without = after.map {
            $0.replacingOccurrences(of: " body_fat:NULL", with: "").replacingOccurrences(of: " fat_hundredths:0 fat_count:0", with: "")
                .replacingOccurrences(of: #" note:"" second_amount:NULL second_unit_id:NULL"#, with: "")
                .replacingOccurrences(of: " agreed_reading:NULL", with: "")
        }
        #expect(without.filter { !$0.hasPrefix("user_version") } == before.filter { !$0.hasPrefix("user_version") })
        #expect(after.contains { $0.hasPrefix("weight_entry [") && $0.contains("body_fat:NULL") }, "\(after)")
        // Its schema is a fresh store's, and it keeps a body fat from now on.
        #expect(try SchemaCheckTests.tableTexts(fixture.path) == SchemaCheck.expectedSQL)
        let store = try Store.open(at: fixture.path, mode: .create, zone: TimeZone(identifier: "UTC")!, stop: StopFlag())
        defer { try? store.close() }
        let entry = try store.weights.add(
            Weight(digits: "72.5", unit: .kg)!, at: Date(timeIntervalSince1970: 1_800_000_000), bodyFat: BodyFat(digits: "18.4"))
        #expect(try store.weights.entry(id: entry.id).bodyFat == BodyFat(digits: "18.4"))
    }

    @Test func aBodyFatIsKeptEditedAndRemoved() throws {
        let store = try Store.open(at: ":memory:", mode: .memory, zone: TimeZone(identifier: "UTC")!, stop: StopFlag())
        let at = Date(timeIntervalSince1970: 1_800_000_000)
        let kg = Weight(digits: "72.5", unit: .kg)!
        let entry = try store.weights.add(kg, at: at, bodyFat: BodyFat(digits: "18.40"))
        #expect(entry.bodyFat?.digits == "18.40")
        #expect(try store.weights.entry(id: entry.id).bodyFat?.digits == "18.40")
        // An edit that does not name it keeps it; .some(nil) removes it.
        #expect(try store.weights.edit(id: entry.id, weight: kg, at: at, note: "x").after.bodyFat?.digits == "18.40")
        #expect(try store.weights.edit(id: entry.id, weight: kg, at: at, bodyFat: .some(nil)).after.bodyFat == nil)
        #expect(try store.weights.edit(id: entry.id, weight: kg, at: at, bodyFat: BodyFat(digits: "19")).after.bodyFat?.digits == "19")
        let deleted = try store.weights.delete(ids: [entry.id])
        #expect(try store.weights.restore(deleted).first?.bodyFat?.digits == "19")
    }

    /// `weight_day`'s body fat sums follow every write and equal a rebuild.
    @Test func theDaysSumTheBodyFatsAsARebuildDoes() throws {
        let store = try Store.open(at: ":memory:", mode: .memory, zone: TimeZone(identifier: "UTC")!, stop: StopFlag())
        let day = 1_800_000_000.0
        let kg = Weight(digits: "72.5", unit: .kg)!
        let a = try store.weights.add(kg, at: Date(timeIntervalSince1970: day), bodyFat: BodyFat(digits: "20"))
        _ = try store.weights.add(Weight(digits: "160", unit: .lbs)!, at: Date(timeIntervalSince1970: day + 60), bodyFat: BodyFat(digits: "22.5"))
        _ = try store.weights.add(kg, at: Date(timeIntervalSince1970: day + 120))
        let b = try store.weights.add(kg, at: Date(timeIntervalSince1970: day + 86_400), bodyFat: BodyFat(digits: "19.5"))
        try store.weights.edit(id: a.id, weight: kg, at: Date(timeIntervalSince1970: day), bodyFat: BodyFat(digits: "21"))
        try store.weights.delete(ids: [b.id])
        _ = try store.weights.add(kg, at: Date(timeIntervalSince1970: day + 2 * 86_400), bodyFat: BodyFat(digits: "18"))
        let kept = try store.weights.bodyFatDays()
        #expect(kept.map(\.hundredths) == [2100 + 2250, 1800] && kept.map(\.count) == [2, 1])
        #expect(kept.first?.mean == Decimal(string: "21.75"))
        let rows = { try store.writer.read { db in try Row.fetchAll(db, sql: "SELECT * FROM weight_day ORDER BY day, unit") } }
        let before = try rows()
        try store.writer.write { db in try WeightDayTable.rebuild(db, zone: TimeZone(identifier: "UTC")!) }
        #expect(try rows() == before)
    }
}
