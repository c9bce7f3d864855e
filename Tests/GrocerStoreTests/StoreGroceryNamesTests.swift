import Foundation
import GrocerCore
import Testing

@testable import GrocerStore

@Suite struct StoreGroceryNamesTests {
    @Test func aislesKeepThePersonsOrderAndMoveRenumbersThemOneToN() throws {
        let f = try GroceryFixture()
        for name in ["Bakery", "Dairy", "Frozen", "Produce"] { try f.store.names(.aisle).add(named: name) }
        #expect(try f.store.groceries.aisles().map(\.position) == [1, 2, 3, 4])
        let produce = try #require(try f.store.names(.aisle).find(named: "produce"))
        try f.store.groceries.moveAisle(id: produce.id, to: 1)
        #expect(try f.store.groceries.aisles().map(\.name) == ["Produce", "Bakery", "Dairy", "Frozen"])
        let bakery = try #require(try f.store.names(.aisle).find(named: "Bakery"))
        try f.store.groceries.moveAisle(id: bakery.id, to: 99)
        let aisles = try f.store.groceries.aisles()
        #expect(aisles.map(\.name) == ["Produce", "Dairy", "Frozen", "Bakery"])
        #expect(aisles.map(\.position) == [1, 2, 3, 4])
        try f.store.names(.aisle).delete(id: aisles[1].id)
        #expect(try f.store.groceries.aisles().map(\.position) == [1, 2, 3])
    }

    @Test func placesComeByNameInTheLocalesOrder() throws {
        let f = try GroceryFixture()
        for name in ["pantry", "Fridge", "Äußeres Regal", "cellar", "Shelf 10", "shelf 2"] { try f.store.names(.place).add(named: name) }
        #expect(
            try f.store.groceries.places(locale: Locale(identifier: "de_DE")).map(\.name) == [
                "Äußeres Regal", "cellar", "Fridge", "pantry", "shelf 2", "Shelf 10",
            ])
    }

    @Test(arguments: GroceryNameKind.allCases)
    func aDuplicateNameIgnoringCaseIsRefusedInOneLine(kind: GroceryNameKind) throws {
        let f = try GroceryFixture()
        let names = f.store.names(kind)
        let add: (String) throws -> Int64 = { try names.add(named: $0).id }
        let rename: (Int64, String) throws -> Void = { try names.rename(id: $0, to: $1) }
        let first = try add("Top Shelf")
        let second = try add("Side")
        let taken = StoreError.nameTaken(path: f.store.path, kind: .name(kind), name: "Top Shelf")
        #expect(throws: taken) { try add("top  shelf") }
        #expect(throws: taken) { try rename(second, "TOP SHELF") }
        try rename(first, "top shelf")  // its own name, in another case
        #expect(throws: StoreError.notFound(path: f.store.path, kind: .name(kind), reference: "with id 999")) { try rename(999, "x") }
        #expect(throws: StoreError.badName(path: f.store.path, kind: .name(kind), reason: "cannot be empty")) { try add("  ") }
        #expect(throws: StoreError.badName(path: f.store.path, kind: .name(kind), reason: "cannot contain control characters")) {
            try add("a\u{1B}[31m")
        }
        let invisible = StoreError.badName(
            path: f.store.path, kind: .name(kind), reason: "cannot contain invisible characters (a zero-width space, a direction mark)")
        #expect(throws: invisible) { try add("Top\u{200B} Shelf") }
        #expect(throws: invisible) { try rename(second, "Side\u{200E}") }
        #expect(!(taken.errorDescription ?? "").contains("\n"))
    }

    @Test(arguments: GroceryNameKind.allCases)
    func everyKindAddsFindsAndListsItsNamesTheSameWay(kind: GroceryNameKind) throws {
        let f = try GroceryFixture()
        let names = f.store.names(kind)
        let before = try names.all().count
        let added = try names.add(named: "  Top   Shelf ")
        #expect(added.kind == kind && added.name == "Top Shelf")
        // Only an aisle has a position: last in the order.
        #expect(added.position == (kind == .aisle ? before + 1 : nil))
        #expect(try names.find(named: "TOP SHELF") == added)
        #expect(try names.find(named: "Bottom") == nil)
        #expect(try names.all().last == added)
        let change = try names.rename(id: added.id, to: "Bottom", locale: f.en)
        #expect(change == GroceryNameChange(kind: kind, id: added.id, action: .renamed(from: "Top Shelf", to: "Bottom")))
        #expect(try names.find(named: "bottom")?.id == added.id)
        try names.delete(id: added.id)
        #expect(try names.find(named: "bottom") == nil)
        #expect(try names.all().count == before)
    }

    @Test func deletingAPlaceAisleOrUnitLeavesItsItemsWorkingWithoutIt() throws {
        let f = try GroceryFixture()
        try f.add("2 kg flour", aisle: "Baking", storedIn: "Pantry")
        let flour = try f.named("flour")
        try f.store.names(.place).delete(id: try #require(flour.place).id)
        try f.store.names(.aisle).delete(id: try #require(flour.aisle).id)
        try f.store.names(.unit).delete(id: try #require(flour.unit).id)
        let after = try f.named("flour")
        #expect(after.place == nil && after.aisle == nil && after.unit == nil)
        #expect(after.amount?.canonical == "2")
        #expect(throws: StoreError.notFound(path: f.store.path, kind: .name(.place), reference: "with id \(flour.place!.id)")) {
            try f.store.names(.place).delete(id: flour.place!.id)
        }
    }

    @Test func aFreshStoreOffersTheCommonUnits() throws {
        let f = try GroceryFixture()
        #expect(try f.store.groceries.unitNames() == CommonUnits.names)
    }
}
