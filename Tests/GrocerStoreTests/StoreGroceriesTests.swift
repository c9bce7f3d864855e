import Foundation
import GrocerCore
import Testing

@testable import GrocerStore

/// A store in a real temporary file, fresh (with the common units).
struct GroceryFixture {
    let dir = TempDir()
    let store: Store
    let en = Locale(identifier: "en_US")

    init() throws {
        store = try Store.open(at: dir.url.appendingPathComponent("grocer.sqlite").path, mode: .create, zone: .current, stop: StopFlag())
    }

    func entry(_ text: String, locale: Locale = Locale(identifier: "en_US")) throws -> QuickEntry {
        try QuickEntry.parse(text, knownUnits: store.groceries.unitNames(), locale: locale).get()
    }

    @discardableResult
    func add(_ text: String, aisle: String? = nil, storedIn: String? = nil) throws -> GroceryItemChange {
        try store.groceries.add(entry(text), aisle: aisle, storedIn: storedIn, locale: en)
    }

    func named(_ name: String) throws -> GroceryItem {
        try #require(store.groceries.items().first { $0.name == name })
    }
}

@Suite struct StoreGroceriesTests {
    @Test func quickEntryAddsAnItemOnTheListWithItsUnitAndExactAmount() throws {
        let f = try GroceryFixture()
        let change = try f.add("1.5 kg flour", aisle: "Baking", storedIn: "Pantry")
        let flour = try f.named("flour")
        #expect(change == .added(flour))
        #expect(flour.unit?.name == "kg")
        #expect(flour.amount?.canonical == "1.5")
        #expect(flour.quantity == 2)
        #expect(flour.listed && !flour.collected)
        #expect(flour.aisle?.name == "Baking")
        #expect(flour.place?.name == "Pantry")
        #expect(try f.store.groceries.aisles().map(\.name) == ["Baking"])
        #expect(try f.store.groceries.places().map(\.name) == ["Pantry"])
    }

    @Test func quickEntryOfANameThatExistsPutsItBackOnTheListInsteadOfADuplicate() throws {
        let f = try GroceryFixture()
        try f.add("2 kg flour", aisle: "Baking")
        let before = try f.named("flour")
        try f.store.groceries.apply(.toggleListed(before))
        let taken = try f.named("flour")
        #expect(!taken.listed)
        let change = try f.add("3 FLOUR")
        let after = try f.named("flour")
        #expect(try f.store.groceries.items().count == 1)
        #expect(after.listed && after.quantity == 3 && after.unit?.name == "kg" && after.aisle?.name == "Baking")
        #expect(change == .relisted(taken, quantity: try GroceryQuantity(3), unit: nil))
    }

    /// A name alone keeps the quantity and unit the item had ("2 kg flour"
    /// stayed "1 kg flour" after typing "flour").
    @Test func aNameAloneKeepsTheQuantityTheItemHad() throws {
        let f = try GroceryFixture()
        try f.add("2.5 kg flour")
        let before = try f.named("flour")
        try f.store.groceries.apply(.toggleListed(before))
        try f.add("flour")
        let after = try f.named("flour")
        #expect(after.listed && after.amount?.canonical == "2.5" && after.unit?.name == "kg" && after.quantity == before.quantity)
        // On the list now, a typed quantity adds to its own (issue 33).
        try f.add("1 flour")
        #expect(try f.named("flour").amount?.canonical == "3.5")
    }

    @Test func everyItemReadsBackItsOwnExactAmount() throws {
        let f = try GroceryFixture()
        let amounts = ["2", "1.5", "0.125", "2", "9999", "1.5"]
        for (i, amount) in amounts.enumerated() { try f.add("\(amount) kg thing \(i)") }
        #expect(try f.store.groceries.items().map { $0.amount?.canonical } == amounts)
        #expect(try f.store.groceries.items().map(\.quantity) == [2, 2, 1, 2, 9999, 2])
    }

    @Test func aTypedUnitTheStoreNoLongerHasGetsARowAgain() throws {
        let f = try GroceryFixture()
        let kg = try #require(try f.store.names(.unit).find(named: "kg"))
        try f.store.names(.unit).delete(id: kg.id)
        #expect(try f.store.names(.unit).find(named: "kg") == nil)
        try f.add("2 kg flour")
        #expect(try f.named("flour").unit?.name == "kg")
        #expect(try f.store.groceries.unitNames().filter { $0 == "kg" }.count == 1)
    }

    @Test func undoingEveryKindOfChangeRestoresTheItemsExactly() throws {
        let f = try GroceryFixture()
        try f.add("2 kg flour", aisle: "Baking", storedIn: "Pantry")
        try f.add("milk")
        let start = try f.store.groceries.items()
        let changes = [
            try f.add("1.5 l water"),
            try f.store.groceries.edit(
                id: start[0].id, GroceryItemEdit(name: "Flour", quantity: try GroceryQuantity(canonical: "0.5"), aisle: ""), locale: f.en),
            try f.store.groceries.delete(id: start[1].id),
        ]
        try f.store.groceries.apply(.toggleCollected(try f.named("Flour")))
        let clear = try #require(try f.store.groceries.clearTicked())
        #expect(clear.label == "clear 1 item")
        for change in ([clear] + changes.reversed()) { try f.store.groceries.apply(change.reversed) }
        #expect(try f.store.groceries.items() == start)
    }

    @Test func clearTakesTickedItemsOffTheListAndNothingTickedIsNil() throws {
        let f = try GroceryFixture()
        #expect(try f.store.groceries.clearTicked() == nil)
        try f.add("eggs")
        try f.add("ham")
        try f.store.groceries.apply(.toggleCollected(try f.named("eggs")))
        try f.store.groceries.clearTicked()
        let eggs = try f.named("eggs")
        #expect(!eggs.listed && !eggs.collected)
        #expect(try f.named("ham").listed)
    }

    @Test func applyReinsertsADeletedItemWithItsIdLeavingOutAnAisleDeletedSince() throws {
        let f = try GroceryFixture()
        try f.add("salt", aisle: "Spices")
        let salt = try f.named("salt")
        let delete = try f.store.groceries.delete(id: salt.id)
        try f.store.names(.aisle).delete(id: try #require(salt.aisle).id)
        try f.store.groceries.apply(delete.reversed)
        let back = try f.named("salt")
        #expect(back.id == salt.id && back.aisle == nil)
    }

    @Test func editOffTheListUnticksAndARenameOntoAnotherItemIsRefused() throws {
        let f = try GroceryFixture()
        try f.add("eggs")
        try f.add("ham")
        let eggs = try f.named("eggs")
        try f.store.groceries.edit(id: eggs.id, GroceryItemEdit(collected: true), locale: f.en)
        try f.store.groceries.edit(id: eggs.id, GroceryItemEdit(unit: "dozen", storedIn: "Fridge", listed: false), locale: f.en)
        let edited = try f.named("eggs")
        #expect(!edited.listed && !edited.collected && edited.unit?.name == "dozen" && edited.place?.name == "Fridge")
        #expect(throws: StoreError.nameTaken(path: f.store.path, kind: .item, name: "ham")) {
            try f.store.groceries.edit(id: eggs.id, GroceryItemEdit(name: "HAM"), locale: f.en)
        }
        try f.store.groceries.edit(id: eggs.id, GroceryItemEdit(name: "Eggs"), locale: f.en)
        #expect(try f.store.groceries.item(id: eggs.id).name == "Eggs")
    }

    @Test func aMissingItemIsAOneLineError() throws {
        let f = try GroceryFixture()
        let error = StoreError.notFound(path: f.store.path, kind: .item, reference: "with id 42")
        #expect(throws: error) { try f.store.groceries.item(id: 42) }
        #expect(throws: error) { try f.store.groceries.delete(id: 42) }
        #expect(throws: error) { try f.store.groceries.edit(id: 42, GroceryItemEdit(listed: true), locale: f.en) }
        #expect(!(error.errorDescription ?? "").contains("\n"))
        #expect(error.errorDescription?.contains("grocer items list") == true)
    }

    @Test func aMigratedZeroQuantityReadsAsItsWholeNumberAndGarbageAmountIsReported() throws {
        let f = try GroceryFixture()
        try f.store.writer.write { db in
            try db.execute(sql: "INSERT INTO item (id, name, quantity, amount) VALUES (1, 'old', 0, '0'), (2, 'bad', 1, '1.2.3')")
        }
        let page = try f.store.groceries.itemPage()
        #expect(page.entries.map(\.name) == ["old"])
        #expect(page.entries.first?.quantityText(locale: f.en) == "0")
        #expect(page.report.ids == [2])
        #expect(throws: StoreError.self) { try f.store.groceries.items() }
    }
}

/// Items whose place, aisle or amount a file changed outside grocer holds
/// in the wrong type: reported with the row, the rest read.
@Suite struct StoreGroceryRecordsTests {
    @Test(arguments: [
        ("'Pantry', NULL, NULL", "place_id is text, not an integer"),
        ("NULL, 2.5, NULL", "aisle_id is a real number, not an integer"),
        ("NULL, NULL, 3", "amount is an integer, not text"),
        ("NULL, NULL, 'lots'", "amount 'lots' is not a quantity"),
        ("8, NULL, NULL", "its place 8 cannot be read: name is NULL, not text"),
        ("NULL, 9, NULL", "its aisle 9 cannot be read: position is text, not an integer"),
    ])
    func aPlaceAisleOrAmountThatCannotBeReadIsReportedAndTheRestRead(values: String, reason: String) throws {
        let store = try Store.hostile()
        try store.execute(
            """
            INSERT INTO place VALUES (7, 'Fridge'), (8, NULL);
            INSERT INTO aisle VALUES (1, 'Dairy', 1), (9, 'Frozen', 'first');
            INSERT INTO item (id, name, quantity, listed, collected, unit_id, place_id, aisle_id, amount) VALUES (1, 'milk', 2, 1, 0, NULL, 7, 1, '1.5'), (2, 'bad', 1, 1, 0, NULL, \(values)),
              (3, 'salt', 1, 0, 0, NULL, 99, 99, NULL);
            """)
        let page = try store.groceries.itemPage()
        #expect(page.entries.map(\.id) == [1, 3])
        #expect(page.entries.first?.place == GroceryPlace(id: 7, name: "Fridge"))
        #expect(page.entries.first?.aisle == GroceryAisle(id: 1, name: "Dairy", position: 1))
        #expect(page.entries.first?.amount?.canonical == "1.5")
        #expect(page.entries.last?.place == nil && page.entries.last?.aisle == nil)
        #expect(page.report.unreadable == [UnreadableRow(table: "item", id: 2, reason: reason)])
    }

    @Test func quickEntryMeansTheLowestReadableIdOfTheSameNameAndPassesOverAnUnreadableOne() throws {
        let store = try Store.hostile()
        try store.execute(
            """
            INSERT INTO item (id, name, quantity, listed, collected, unit_id, place_id, aisle_id, amount) VALUES (1, 'pate', 1, 0, 0, NULL, NULL, NULL, NULL), (2, 'MILK', 1, 0, 0, NULL, NULL, NULL, 'lots'),
              (3, x'6d696c6b', 1, 0, 0, NULL, NULL, NULL, NULL), (4, 'ｍｉｌｋ', 1, 0, 0, NULL, NULL, NULL, NULL),
              (5, 'Milk', 1, 0, 0, NULL, NULL, NULL, NULL), (6, 'salt', 1, 0, 0, NULL, NULL, NULL, 'lots');
            """)
        let en = Locale(identifier: "en_US")
        func add(_ name: String) throws -> GroceryItemChange {
            try store.groceries.add(QuickEntry.parse(name, knownUnits: [], locale: en).get(), locale: en)
        }
        // 2 cannot be read (its amount), 3's name is a blob: 4 is meant.
        let milk = try add("milk")
        #expect(milk.edits.map(\.id) == [4])
        #expect(milk.edits.first?.after?.listed == true)
        // Accents count: "pâte" is not "pate".
        let pate = try add("pâte")
        #expect(pate.edits.first?.before == nil)
        #expect(try store.groceries.itemPage().entries.map(\.name) == ["pate", "ｍｉｌｋ", "Milk", "pâte"])
        // A rename onto a name only an unreadable item has is not refused;
        // onto a readable one it is.
        #expect(try store.groceries.edit(id: 1, GroceryItemEdit(name: "SALT"), locale: en).edits.first?.after?.name == "SALT")
        #expect(throws: StoreError.self) { try store.groceries.edit(id: 5, GroceryItemEdit(name: "PÂTE"), locale: en) }
    }

    @Test func unreadablePlacesAndAislesAreReportedByTheirReaders() throws {
        let store = try Store.hostile()
        try store.execute("INSERT INTO place VALUES (1, 'Fridge'), (2, x'00'); INSERT INTO aisle VALUES (1, 'Dairy', 1), (2, 'Deli', NULL)")
        let places = try store.groceries.placePage()
        #expect(places.entries.map(\.name) == ["Fridge"])
        #expect(places.report.unreadable == [UnreadableRow(table: "place", id: 2, reason: "name is a blob, not text")])
        #expect(throws: StoreError.self) { try store.groceries.places() }
        let aisles = try store.groceries.aislePage()
        #expect(aisles.entries.map(\.name) == ["Dairy"])
        #expect(aisles.report.ids == [2])
        #expect(throws: StoreError.self) { try store.groceries.aisles() }
    }
}
