import Foundation
import GrocerCore
import Testing

@testable import GrocerStore

/// Stores of versions 1, 2 and 3 with dirty rows among clean ones,
/// migrated and compared row by row with STORE-HISTORY.md's rules.
@Suite struct MigrationRulesTests {
    static let reference = 978_307_200.0

    static let version1Rows = """
        INSERT INTO weight_entry VALUES (1, 180.4, 700000000.0);
        INSERT INTO weight_entry VALUES (2, 176.3698, 700086400.4);
        INSERT INTO weight_entry VALUES (3, 72.345, 700172800.5);
        INSERT INTO weight_entry VALUES (4, 200.0, 700259200);
        INSERT INTO weight_entry VALUES (5, 0.004, 700345600);
        INSERT INTO weight_entry VALUES (6, -3, 700432000);
        INSERT INTO weight_entry VALUES (7, 'heavy', 700518400);
        INSERT INTO weight_entry VALUES (8, 150, 1e300);
        INSERT INTO weight_entry VALUES (9, 150.25, 'yesterday');
        INSERT INTO weight_entry VALUES (10, 9e999, 700604800);
        INSERT INTO weight_entry VALUES (11, 0.005, 700691200);
        INSERT INTO setting VALUES ('defaultUnits', '1');
        INSERT INTO setting VALUES ('theme', 'dark');
        """

    func weights(_ store: Store) throws -> [WeightEntry] {
        var all: [WeightEntry] = []
        try store.weights.forEachEntry { all.append($0) }
        return all.sorted { $0.id < $1.id }
    }

    func items(_ store: Store) throws -> [GroceryItem] {
        var all: [GroceryItem] = []
        try store.groceries.forEachItem { all.append($0) }
        return all
    }

    func lbs(_ id: Int64, _ digits: String, _ date: Double) -> WeightEntry {
        WeightEntry(
            id: id, weight: Weight(digits: digits, unit: .lbs)!,
            recordedAt: Date(timeIntervalSince1970: (date + Self.reference).rounded()))
    }

    @Test func version1WeightsAreRoundedAndDirtyOnesQuarantined() throws {
        let fixture = try LegacyStoreFixture()
        defer { fixture.remove() }
        try fixture.write(LegacyStoreFixture.version1, rows: Self.version1Rows)

        let summary = try Migrator(path: fixture.path, options: fixture.options()).run()

        let store = try Store.open(at: fixture.path, mode: .create, zone: .current, stop: StopFlag())
        defer { try? store.close() }
        #expect(
            try weights(store) == [
                lbs(1, "180.4", 700_000_000), lbs(2, "176.37", 700086400.4), lbs(3, "72.35", 700172800.5),
                lbs(4, "200", 700_259_200), lbs(11, "0.01", 700_691_200),
            ])
        #expect(try store.settings.read(.unit).value == .kg)
        let quarantine = try store.quarantinedRows()
        #expect(quarantine.map(\.sourceID) == [5, 6, 7, 8, 9, 10])
        #expect(
            quarantine.map(\.reason) == [
                "weight is not positive after rounding", "weight is not positive after rounding",
                "weight is not a number", "time is out of range", "time is not a number", "weight is not finite",
            ])
        #expect(quarantine.allSatisfy { $0.sourceVersion == 1 && $0.sourceTable == "weight_entry" })
        #expect(quarantine[2].rowJSON == #"{"id":7,"weight_lbs":"heavy","date":700518400.0}"#)
        #expect(summary.carried == ["weight_entry": 5, "setting": 2])
        #expect(summary.quarantined["weight_entry: weight is not positive after rounding"] == 2)
        #expect(summary.rowsQuarantined == 6)
        #expect(summary.repairs == ["weight rounded to 2 decimal places": 3])
        #expect(try store.groceries.unitNames().isEmpty)
    }

    @Test func version2AmountsBecomeUnitsAndItemsKeepThem() throws {
        let fixture = try LegacyStoreFixture()
        defer { fixture.remove() }
        try fixture.write(
            LegacyStoreFixture.version2,
            rows: Self.version1Rows + """
                UPDATE setting SET value = 'metric' WHERE key = 'defaultUnits';
                INSERT INTO amount VALUES (1, 'kg'), (2, '  bottle '), (3, NULL), (4, ''), (5, '   '), (7, 'Crème fraîche ½ kg');
                INSERT INTO item VALUES (1, 'Milk', 2, 1, 0, 2);
                INSERT INTO item VALUES (2, 'Flour', 1, 5, -1, 1);
                INSERT INTO item VALUES (3, 'Ghost', 1, 0, 0, 99);
                INSERT INTO item VALUES (4, 'Salt', 1, 1, 1, NULL);
                INSERT INTO item VALUES (5, 'Half', 2.5, 1, 0, 1);
                INSERT INTO item VALUES (6, X'00FF', 1, 1, 0, 1);
                INSERT INTO item VALUES (7, 'Cream', 3, 1, 0, 7);
                INSERT INTO item VALUES (8, 'Eggs', 12, 0, 2, 3);
                """)

        let summary = try Migrator(path: fixture.path, options: fixture.options()).run()

        let store = try Store.open(at: fixture.path, mode: .create, zone: .current, stop: StopFlag())
        defer { try? store.close() }
        #expect(try store.groceries.unitNames() == ["kg", "bottle", "New Unit", "New Unit", "New Unit", "Crème fraîche ½ kg"])
        #expect(try store.groceries.units().map(\.id) == [1, 2, 3, 4, 5, 7])
        let unit = { (id: Int64, name: String) in GroceryUnit(id: id, name: name) }
        #expect(
            try items(store) == [
                GroceryItem(
                    id: 1, name: "Milk", quantity: 2, unit: unit(2, "bottle"), listed: true, collected: false, amount: try GroceryQuantity(2)),
                GroceryItem(id: 2, name: "Flour", quantity: 1, unit: unit(1, "kg"), listed: true, collected: true, amount: try GroceryQuantity(1)),
                GroceryItem(id: 3, name: "Ghost", quantity: 1, unit: nil, listed: false, collected: false, amount: try GroceryQuantity(1)),
                GroceryItem(id: 4, name: "Salt", quantity: 1, unit: nil, listed: true, collected: true, amount: try GroceryQuantity(1)),
                GroceryItem(
                    id: 7, name: "Cream", quantity: 3, unit: unit(7, "Crème fraîche ½ kg"), listed: true, collected: false,
                    amount: try GroceryQuantity(3)),
                GroceryItem(
                    id: 8, name: "Eggs", quantity: 12, unit: unit(3, "New Unit"), listed: false, collected: true, amount: try GroceryQuantity(12)),
            ])
        #expect(try store.settings.read(.unit).value == .lbs)
        #expect(summary.carried == ["weight_entry": 5, "setting": 2, "unit": 6, "item": 6])
        #expect(summary.repairs["dangling unit reference removed"] == 1)
        #expect(summary.repairs["unit name missing, set to New Unit"] == 3)
        #expect(summary.repairs["unit name trimmed"] == 1)
        #expect(summary.repairs["default unit not recognised, set to lbs"] == 1)
        #expect(summary.quarantined["item: item quantity is not a whole number"] == 1)
        #expect(summary.quarantined["item: item name is not text"] == 1)
        let itemQuarantine = try store.quarantinedRows().filter { $0.sourceTable == "item" }
        #expect(itemQuarantine.map(\.sourceID) == [5, 6])
        #expect(itemQuarantine.last?.rowJSON == #"{"id":6,"name":"x'00FF'","quantity":1,"listed":1,"collected":0,"amount_id":1}"#)
    }

    @Test func version3WeightsAsTypedAreCarriedOrMadeCanonical() throws {
        let fixture = try LegacyStoreFixture()
        defer { fixture.remove() }
        try fixture.write(
            LegacyStoreFixture.version3,
            rows: """
                INSERT INTO weight_entry VALUES (1, '180.4', 'lbs', 1700000000);
                INSERT INTO weight_entry VALUES (2, '72.50', 'kg', 1700086400);
                INSERT INTO weight_entry VALUES (3, '072.5', 'kg', 1700172800);
                INSERT INTO weight_entry VALUES (4, '72.345', 'kg', 1700259200);
                INSERT INTO weight_entry VALUES (5, '0', 'kg', 1700345600);
                INSERT INTO weight_entry VALUES (6, 'abc', 'kg', 1700432000);
                INSERT INTO weight_entry VALUES (7, '80', 'stone', 1700518400);
                INSERT INTO weight_entry VALUES (8, '80', 'kg', 99999999999999);
                INSERT INTO weight_entry VALUES (9, '81', 'kg', 1700604800.6);
                INSERT INTO weight_entry VALUES (10, '-5', 'lbs', 1700691200);
                INSERT INTO setting VALUES ('defaultUnits', 'kg');
                INSERT INTO unit VALUES (1, 'kg'), (2, 'bottle');
                INSERT INTO unit (id) VALUES (3);
                INSERT INTO item VALUES (1, 'Milk', 2, 1, 0, 2);
                INSERT INTO item VALUES (2, 'Ghost', 1, 1, 0, 42);
                INSERT INTO item VALUES (3, 'Tea', 1, 7, 0, 3);
                """)

        let summary = try Migrator(path: fixture.path, options: fixture.options()).run()

        let store = try Store.open(at: fixture.path, mode: .create, zone: .current, stop: StopFlag())
        defer { try? store.close() }
        let at = { (s: Double) in Date(timeIntervalSince1970: s) }
        #expect(
            try weights(store) == [
                WeightEntry(id: 1, weight: Weight(digits: "180.4", unit: .lbs)!, recordedAt: at(1_700_000_000)),
                WeightEntry(id: 2, weight: Weight(digits: "72.50", unit: .kg)!, recordedAt: at(1_700_086_400)),
                WeightEntry(id: 3, weight: Weight(digits: "72.5", unit: .kg)!, recordedAt: at(1_700_172_800)),
                WeightEntry(id: 4, weight: Weight(digits: "72.35", unit: .kg)!, recordedAt: at(1_700_259_200)),
                WeightEntry(id: 9, weight: Weight(digits: "81", unit: .kg)!, recordedAt: at(1_700_604_801)),
            ])
        #expect(
            try store.quarantinedRows().map(\.reason) == [
                "weight is not a positive decimal", "weight is not a positive decimal", "unit is not lbs or kg",
                "time is out of range", "weight is not a positive decimal",
            ])
        #expect(try store.settings.read(.unit).value == .kg)
        #expect(try store.groceries.unitNames() == ["kg", "bottle", "New Unit"])
        #expect(try items(store).map { $0.unit?.name } == ["bottle", nil, "New Unit"])
        #expect(summary.repairs["weight value made canonical or rounded to 2 decimal places"] == 2)
        #expect(summary.repairs["time rounded to the second"] == 1)
        #expect(summary.repairs["dangling unit reference removed"] == 1)
        #expect(summary.carried == ["weight_entry": 5, "setting": 1, "unit": 3, "item": 3])
    }

    @Test func aStoreWithoutADefaultUnitGetsLbs() throws {
        let fixture = try LegacyStoreFixture()
        defer { fixture.remove() }
        try fixture.write(LegacyStoreFixture.version1, rows: "INSERT INTO weight_entry VALUES (1, 150, 700000000);")
        let summary = try Migrator(path: fixture.path, options: fixture.options()).run()
        let store = try Store.open(at: fixture.path, mode: .create, zone: .current, stop: StopFlag())
        defer { try? store.close() }
        #expect(try store.settings.read(.unit).value == .lbs)
        #expect(summary.carried == ["weight_entry": 1, "setting": 0])
        #expect(try store.rowCounts()["weight_entry"] == 1)
    }

    @Test func anEmptyOlderStoreMigrates() throws {
        let fixture = try LegacyStoreFixture()
        defer { fixture.remove() }
        try fixture.write(LegacyStoreFixture.version2)
        var events: [MigrationProgress] = []
        let summary = try Migrator(path: fixture.path, options: fixture.options()).run(progress: { events.append($0) })
        #expect(summary.rowsCarried == 0)
        #expect(events.last?.percent == 100)
        #expect(StoreJudge.judge(path: fixture.path, deep: true).state == .current)
    }
}
