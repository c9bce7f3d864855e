import Foundation
import Testing

@testable import GrocerCore

/// A name never filed goes in the person's own aisle of the catalogue's
/// kind, found by the kind's name in any of the four languages (issue 33).
@Suite struct CatalogueFilingTests {
    static func aisles(_ names: String...) -> [GroceryAisle] {
        names.enumerated().map { GroceryAisle(id: Int64($0 + 1), name: $1, position: $0 + 1) }
    }

    @Test(
        arguments: [
            // An English name finds a German aisle, and the other way round.
            ("milk", CatalogueLanguage.english, ["Backwaren", "Milchprodukte"], "Milchprodukte"),
            ("Milch", .german, ["Bakery", "Dairy"], "Dairy"),
            // Plural, case and accents, in the name and in the aisle.
            ("EIER", .german, ["Backwaren", "milchprodukte"], "milchprodukte"),
            ("Äpfel", .german, ["OBST & GEMUSE"], "OBST & GEMUSE"),
            ("oeufs", .french, ["Boulangerie", "Produits Laitiers"], "Produits Laitiers"),
            ("huevos", .spanish, ["Panaderia", "Lacteos"], "Lacteos"),
            ("tomatoes", .english, ["Frutas y verduras", "Lácteos"], "Frutas y verduras"),
            ("Crème", .french, ["Fruits et légumes", "produits laitiers"], "produits laitiers"),
            // The person's own language's aisle first when they have two.
            ("cheese", .german, ["Dairy", "Milchprodukte"], "Milchprodukte"),
            ("cheese", .english, ["Dairy", "Milchprodukte"], "Dairy"),
        ] as [(String, CatalogueLanguage, [String], String)])
    func aNewNameGoesInThePersonsAisleOfItsKind(name: String, language: CatalogueLanguage, aisles: [String], expected: String) {
        let mine = aisles.enumerated().map { GroceryAisle(id: Int64($0 + 1), name: $1, position: $0 + 1) }
        #expect(CatalogueFiling(language: language).aisle(for: name, among: mine)?.name == expected)
    }

    /// No aisle of the kind's: none (the item goes in "No aisle"); nothing
    /// is made behind the person's back.
    @Test func noAisleOfTheKindIsNoAisle() {
        let filing = CatalogueFiling(language: .english)
        #expect(filing.aisle(for: "milk", among: Self.aisles("Bakery", "Produce")) == nil)
        #expect(filing.aisle(for: "milk", among: []) == nil)
        #expect(filing.aisle(for: "widget", among: Self.aisles("Dairy", "Household")) == nil)
    }

    /// The aisle found is the person's own row (its id), not a copy.
    @Test func theAisleFoundIsThePersonsRow() {
        let mine = [GroceryAisle(id: 42, name: "Dairy", position: 7)]
        #expect(CatalogueFiling(language: .french).aisle(for: "lait", among: mine) == mine[0])
    }

    @Test func aNewStoresAislesAreTheKindsInTheLanguageInTheDefaultOrder() {
        #expect(CatalogueFiling.firstAisles(in: .english).first == "Produce")
        #expect(CatalogueFiling.firstAisles(in: .german).prefix(2) == ["Obst & Gemüse", "Milchprodukte"])
        #expect(CatalogueFiling.firstAisles(in: .spanish).count == AisleKind.allCases.count)
        #expect(CatalogueFiling.firstAisles(in: .french) == AisleKind.allCases.map { $0.name(in: .french) })
    }
}
