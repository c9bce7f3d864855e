import Foundation
import GrocerCore
import Testing

@testable import GrocerStore

/// Quick entry files a name never filed in the catalogue's aisle among the
/// person's (issue 33); a name filed before keeps its own, `@Aisle` wins
/// over both, and no aisle is made behind the person's back.
@Suite struct StoreGroceriesFilingTests {
    static let locale = Locale(identifier: "en_US")
    static let english = CatalogueFiling(language: .english)

    static func store(aisles: [String]) throws -> Store {
        let store = try Store.open(at: ":memory:", mode: .memory, zone: .gmt, stop: StopFlag())
        for aisle in aisles { _ = try store.names(.aisle).add(named: aisle) }
        return store
    }

    static func entry(_ text: String) throws -> QuickEntry {
        try QuickEntry.parse(text, knownUnits: [], locale: locale).get()
    }

    static func aisle(of name: String, in store: Store) throws -> String? {
        try #require(try store.groceries.items().first { $0.name == name }).aisle?.name
    }

    @Test func aNewNameGoesInThePersonsAisleOfItsKindInAnyLanguage() throws {
        let store = try Self.store(aisles: ["Backwaren", "Milchprodukte", "Obst & Gemüse"])
        try store.groceries.add(try Self.entry("6 eggs"), filing: Self.english, locale: Self.locale)
        try store.groceries.add(try Self.entry("tomatoes"), filing: Self.english, locale: Self.locale)
        #expect(try Self.aisle(of: "eggs", in: store) == "Milchprodukte")
        #expect(try Self.aisle(of: "tomatoes", in: store) == "Obst & Gemüse")
    }

    @Test func aNameFiledBeforeKeepsItsAisleEvenNone() throws {
        let store = try Self.store(aisles: ["Dairy", "Fridge door"])
        try store.groceries.add(try Self.entry("milk @Fridge door"), filing: Self.english, locale: Self.locale)
        try store.groceries.add(try Self.entry("butter"), filing: Self.english, locale: Self.locale)
        let butter = try #require(try store.groceries.items().first { $0.name == "butter" })
        try store.groceries.edit(id: butter.id, GroceryItemEdit(aisle: "", listed: false), locale: Self.locale)
        // Both added again: the person's choices are remembered.
        try store.groceries.add(try Self.entry("2 milk"), filing: Self.english, locale: Self.locale)
        try store.groceries.add(try Self.entry("butter"), filing: Self.english, locale: Self.locale)
        #expect(try Self.aisle(of: "milk", in: store) == "Fridge door")
        #expect(try Self.aisle(of: "butter", in: store) == nil)
    }

    @Test func anAisleTypedWinsOverTheCatalogue() throws {
        let store = try Self.store(aisles: ["Dairy", "Bakery"])
        try store.groceries.add(try Self.entry("milk @bakery"), filing: Self.english, locale: Self.locale)
        try store.groceries.add(try Self.entry("cheese"), aisle: "Bakery", filing: Self.english, locale: Self.locale)
        #expect(try Self.aisle(of: "milk", in: store) == "Bakery")
        #expect(try Self.aisle(of: "cheese", in: store) == "Bakery")
    }

    /// `@Lácteos` where the person's aisle of that kind is "Dairy": Dairy,
    /// not a new aisle; a name that is no kind's still makes one.
    @Test func anAisleTypedByItsKindInAnotherLanguageIsThePersonsOfThatKind() throws {
        let store = try Self.store(aisles: ["Dairy", "Bakery"])
        try store.groceries.add(try Self.entry("6 eggs @Lácteos"), filing: Self.english, locale: Self.locale)
        try store.groceries.add(try Self.entry("butter"), aisle: "milchprodukte", filing: Self.english, locale: Self.locale)
        try store.groceries.add(try Self.entry("ham @Deli"), filing: Self.english, locale: Self.locale)
        // A kind the person has no aisle of: made, as typed.
        try store.groceries.add(try Self.entry("peas @Congelados"), filing: Self.english, locale: Self.locale)
        #expect(try Self.aisle(of: "eggs", in: store) == "Dairy")
        #expect(try Self.aisle(of: "butter", in: store) == "Dairy")
        #expect(try Self.aisle(of: "ham", in: store) == "Deli")
        #expect(try Self.aisle(of: "peas", in: store) == "Congelados")
        #expect(try store.groceries.aisles().map(\.name) == ["Dairy", "Bakery", "Deli", "Congelados"])
    }

    @Test func anAisleOfThatNameIsTakenOverItsKind() throws {
        let store = try Self.store(aisles: ["Dairy", "Lácteos"])
        try store.groceries.add(try Self.entry("6 eggs @lácteos"), filing: Self.english, locale: Self.locale)
        #expect(try Self.aisle(of: "eggs", in: store) == "Lácteos")
    }

    @Test func noAisleOfTheKindLeavesItInNoAisleAndMakesNone() throws {
        let store = try Self.store(aisles: ["Bakery"])
        try store.groceries.add(try Self.entry("milk"), filing: Self.english, locale: Self.locale)
        try store.groceries.add(try Self.entry("widget"), filing: Self.english, locale: Self.locale)
        #expect(try Self.aisle(of: "milk", in: store) == nil)
        #expect(try Self.aisle(of: "widget", in: store) == nil)
        #expect(try store.groceries.aisles().map(\.name) == ["Bakery"])
    }

    @Test func withoutAFilingANewNameHasNoAisle() throws {
        let store = try Self.store(aisles: ["Dairy"])
        try store.groceries.add(try Self.entry("milk"), locale: Self.locale)
        #expect(try Self.aisle(of: "milk", in: store) == nil)
    }
}
