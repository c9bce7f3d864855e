import Foundation
import GrocerCore
import Testing

@testable import GrocerStore

/// Quick entry of an item already on the list adds the quantities (issue
/// 33), keeps amounts in units that do not convert, files it in a typed
/// `@aisle`, keeps its note; `u` undoes a sum.
@Suite struct StoreGroceriesAddingTests {
    static let locale = Locale(identifier: "en_US")

    static func store() throws -> Store {
        try Store.open(at: ":memory:", mode: .memory, zone: .gmt, stop: StopFlag())
    }

    static func entry(_ text: String) throws -> QuickEntry {
        try QuickEntry.parse(text, knownUnits: [], locale: locale).get()
    }

    static func only(_ store: Store) throws -> GroceryItem {
        let items = try store.groceries.items()
        try #require(items.count == 1)
        return items[0]
    }

    @Test func threeEggsTwiceAreSixEggs() throws {
        let store = try Self.store()
        try store.groceries.add(try Self.entry("3 eggs"), locale: Self.locale)
        try store.groceries.add(try Self.entry("3 eggs"), locale: Self.locale)
        #expect(try Self.only(store).amountText(locale: Self.locale) == "6")
    }

    @Test func gramsAddedToKilogramsAreSummedInKilograms() throws {
        let store = try Self.store()
        try store.groceries.add(try Self.entry("2 kg flour"), locale: Self.locale)
        try store.groceries.add(try Self.entry("500 g flour"), locale: Self.locale)
        let flour = try Self.only(store)
        #expect(flour.amountText(locale: Self.locale) == "2.5 kg")
        #expect(flour.quantity == 3)  // the version 4 column, rounded
    }

    @Test func unitsThatDoNotConvertAreBothKeptAndReadBack() throws {
        let store = try Self.store()
        try store.groceries.add(try Self.entry("2 cans tomatoes"), locale: Self.locale)
        try store.groceries.add(try Self.entry("400 g tomatoes"), locale: Self.locale)
        try store.groceries.add(try Self.entry("100 g tomatoes"), locale: Self.locale)
        #expect(try Self.only(store).amountText(locale: Self.locale) == "2 can + 500 g")
        // A third kind of unit has no room: refused, nothing changed.
        #expect(throws: GroceryAddProblem.self) { try store.groceries.add(try Self.entry("1 jar tomatoes"), locale: Self.locale) }
        #expect(try Self.only(store).amountText(locale: Self.locale) == "2 can + 500 g")
        #expect(try !store.groceries.unitNames().contains("jar"))
    }

    @Test func replaceSetsTheQuantityInstead() throws {
        let store = try Self.store()
        try store.groceries.add(try Self.entry("2 kg flour"), locale: Self.locale)
        try store.groceries.add(try Self.entry("200 g flour"), replace: true, locale: Self.locale)
        #expect(try Self.only(store).amountText(locale: Self.locale) == "200 g")
    }

    @Test func anItemOffTheListGoesBackWithTheTypedQuantity() throws {
        let store = try Self.store()
        let added = try store.groceries.add(try Self.entry("2 kg flour"), locale: Self.locale)
        let id = try #require(added.edits.first?.id)
        try store.groceries.edit(id: id, GroceryItemEdit(listed: false), locale: Self.locale)
        try store.groceries.add(try Self.entry("500 g flour"), locale: Self.locale)
        let flour = try Self.only(store)
        #expect(flour.listed)
        #expect(flour.amountText(locale: Self.locale) == "500 g")
    }

    @Test func anUndoTakesASumBack() throws {
        let store = try Self.store()
        try store.groceries.add(try Self.entry("3 eggs"), locale: Self.locale)
        let sum = try store.groceries.add(try Self.entry("3 eggs"), locale: Self.locale)
        #expect(sum.label == "add 3 to eggs")
        let undone = try store.groceries.undo(sum.reversed)
        #expect(undone.skipped.isEmpty)
        #expect(try Self.only(store).amountText(locale: Self.locale) == "3")
    }

    @Test func anAisleTypedAfterAnAtFilesTheItemAndANameFiledBeforeKeepsIt() throws {
        let store = try Self.store()
        try store.groceries.add(try Self.entry("6 eggs @Dairy"), locale: Self.locale)
        #expect(try Self.only(store).aisle?.name == "Dairy")
        #expect(try Self.only(store).name == "eggs")
        try store.groceries.add(try Self.entry("6 eggs"), locale: Self.locale)
        #expect(try Self.only(store).aisle?.name == "Dairy")
        #expect(try Self.only(store).amountText(locale: Self.locale) == "12")
    }

    @Test func aNoteIsKeptEditedAndReadBack() throws {
        let store = try Self.store()
        let added = try store.groceries.add(try Self.entry("eggs"), note: "the organic ones", locale: Self.locale)
        let id = try #require(added.edits.first?.id)
        #expect(try Self.only(store).note == "the organic ones")
        try store.groceries.add(try Self.entry("2 eggs"), locale: Self.locale)
        #expect(try Self.only(store).note == "the organic ones")
        try store.groceries.edit(id: id, GroceryItemEdit(note: "free range\n"), locale: Self.locale)
        #expect(try Self.only(store).note == "free range")
    }
}
