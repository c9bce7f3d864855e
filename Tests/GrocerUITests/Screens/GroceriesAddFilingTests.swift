import Foundation
import GrocerCore
import Testing

@testable import GrocerUI

/// The add line says which aisle a name never filed will take: the
/// catalogue's, among the person's aisles (issue 33); a name filed before
/// says its own, and an aisle typed wins.
@Suite struct GroceriesAddFilingTests {
    @Test func aNewNameSaysTheAisleTheCatalogueGivesIt() {
        let s = groceries(keys: [.char("a")] + typed("6 eggs"))
        #expect(screenLines(s, width: 60, height: 4)[2] == " Enter adds: 6 · eggs in Dairy")
    }

    @Test func aNewNameInGermanFindsTheGermanAisle() {
        let milch = GroceryAisle(id: 9, name: "Milchprodukte", position: 1)
        let catalog = GroceryCatalog(aisles: [Kitchen.baking, milch])
        let s = groceries([], catalog: catalog, keys: [.char("a")] + typed("6 Eier"), context: Self.context("de_DE"))
        #expect(screenLines(s, width: 60, height: 4)[2] == " Enter adds: 6 · Eier in Milchprodukte")
    }

    @Test func aNameFiledBeforeSaysItsOwnAisleAndATypedOneWins() {
        // cheese, which the catalogue files in Dairy (an aisle of the
        // kitchen's), was filed in Produce, and is off the list.
        let cheese = Kitchen.item(7, "cheese", aisle: Kitchen.produce)
        let filed = groceries(Kitchen.items + [cheese], keys: [.char("a")] + typed("cheese"))
        #expect(screenLines(filed, width: 60, height: 4)[2] == " Enter puts back: 1 · cheese in Produce")
        let typedAisle = groceries(keys: [.char("a")] + typed("6 eggs @Produce"))
        #expect(screenLines(typedAisle, width: 60, height: 4)[2] == " Enter adds: 6 · eggs in Produce")
    }

    /// `@Lácteos` names the kitchen's Dairy by its kind in Spanish: the
    /// line says where it goes, and that no aisle is made.
    @Test func anAisleTypedByItsKindInAnotherLanguageSaysThePersonsAisle() {
        let spanish = groceries(keys: [.char("a")] + typed("6 eggs @Lácteos"))
        #expect(screenLines(spanish, width: 60, height: 4)[2] == " Enter adds: 6 · eggs in Dairy")
        let german = groceries(keys: [.char("a")] + typed("6 eggs @Milchprodukte"))
        #expect(screenLines(german, width: 60, height: 4)[2] == " Enter adds: 6 · eggs in Dairy")
        let other = groceries(keys: [.char("a")] + typed("6 eggs @Deli"))
        #expect(screenLines(other, width: 60, height: 4)[2] == " Enter adds: 6 · eggs in Deli (a new aisle)")
    }

    @Test func noAisleOfTheKindSaysNone() {
        let s = groceries(keys: [.char("a")] + typed("bread"))
        #expect(screenLines(s, width: 60, height: 4)[2] == " Enter adds: 1 · bread")
    }

    static func context(_ identifier: String) -> AppContext {
        AppContext(locales: .fixed(identifier), defaultUnit: .kg, now: Date(timeIntervalSince1970: 1_795_262_400))
    }
}
