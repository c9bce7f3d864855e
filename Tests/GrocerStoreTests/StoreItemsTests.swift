import Foundation
import GrocerCore
import Testing

@testable import GrocerStore

@Suite struct StoreItemsTests {
    func items(_ store: Store) throws -> ([GroceryItem], ReadReport) {
        var all: [GroceryItem] = []
        let report = try store.groceries.forEachItem { all.append($0) }
        return (all, report)
    }

    @Test func itemsComeByIDEachWithItsUnit() throws {
        let store = try Store.open(at: ":memory:", mode: .memory, zone: .current, stop: StopFlag())
        try store.execute(
            """
            INSERT INTO unit VALUES (1, 'kg'), (2, 'bottle');
            INSERT INTO item (id, name, quantity, listed, collected, unit_id) VALUES (3, 'milk', 2, 1, 0, 2), (1, 'flour', 1, 1, 1, 1), (2, 'salt', 5, 0, 0, NULL);
            """)
        let (all, report) = try items(store)
        #expect(
            all == [
                GroceryItem(id: 1, name: "flour", quantity: 1, unit: GroceryUnit(id: 1, name: "kg"), listed: true, collected: true),
                GroceryItem(id: 2, name: "salt", quantity: 5, unit: nil, listed: false, collected: false),
                GroceryItem(id: 3, name: "milk", quantity: 2, unit: GroceryUnit(id: 2, name: "bottle"), listed: true, collected: false),
            ])
        #expect(report.isComplete)
    }

    @Test func unitsAndTheirNamesComeByID() throws {
        let store = try Store.open(at: ":memory:", mode: .memory, zone: .current, stop: StopFlag())
        try store.execute("INSERT INTO unit VALUES (5, 'kg'), (2, 'New Unit'), (9, 'bottle')")
        #expect(
            try store.groceries.units() == [GroceryUnit(id: 2, name: "New Unit"), GroceryUnit(id: 5, name: "kg"), GroceryUnit(id: 9, name: "bottle")])
        #expect(try store.groceries.unitNames() == ["New Unit", "kg", "bottle"])
    }

    @Test func quarantinedRowsComeOldestFirst() throws {
        let store = try Store.open(at: ":memory:", mode: .memory, zone: .current, stop: StopFlag())
        try store.execute(
            """
            INSERT INTO quarantine VALUES (2, 3, 'item', NULL, 'name is NULL', '{}');
            INSERT INTO quarantine VALUES (1, 1, 'weight_entry', 7, 'time is not a number', '{"id":7}');
            """)
        #expect(
            try store.quarantinedRows() == [
                QuarantinedRow(sourceVersion: 1, sourceTable: "weight_entry", sourceID: 7, reason: "time is not a number", rowJSON: #"{"id":7}"#),
                QuarantinedRow(sourceVersion: 3, sourceTable: "item", sourceID: nil, reason: "name is NULL", rowJSON: "{}"),
            ])
    }

    @Test func rowCountsCountEveryTableOfThePersonsData() throws {
        let store = try Store.open(at: ":memory:", mode: .memory, zone: .current, stop: StopFlag())
        try store.weights.add(Weight(digits: "70", unit: .kg)!, at: Date(timeIntervalSince1970: 0))
        try store.execute(
            "INSERT INTO unit VALUES (1, 'kg'), (2, 'g'); INSERT INTO item (id, name, quantity, listed, collected, unit_id) VALUES (1, 'a', 1, 1, 0, 1)"
        )
        #expect(try store.rowCounts() == ["weight_entry": 1, "item": 1, "unit": 2, "quarantine": 0])
    }
}
