import Foundation
import Testing

@testable import GrocerCore

/// Builds items tersely for the grocery tests.
enum Fixture {
    static let fridge = GroceryPlace(id: 1, name: "fridge")
    static let pantry = GroceryPlace(id: 2, name: "Pantry")
    static let cellar = GroceryPlace(id: 3, name: "Cellar")
    static let dairy = GroceryAisle(id: 1, name: "Dairy", position: 3)
    static let baking = GroceryAisle(id: 2, name: "Baking", position: 1)
    static let fruit = GroceryAisle(id: 3, name: "Fruit", position: 2)
    static let kg = GroceryUnit(id: 1, name: "kg")

    static func item(
        _ id: Int64, _ name: String, quantity: Int = 1, unit: GroceryUnit? = nil, listed: Bool = true,
        collected: Bool = false, place: GroceryPlace? = nil, aisle: GroceryAisle? = nil, amount: String? = nil
    ) -> GroceryItem {
        GroceryItem(
            id: id, name: name, quantity: quantity, unit: unit, listed: listed, collected: collected,
            place: place, aisle: aisle, amount: amount.map { try! GroceryQuantity(canonical: $0) })
    }

    /// Sections as text: a heading line, then "  [x] name" / "  [ ] name".
    static func text(_ sections: [GrocerySection]) -> String {
        sections.map { section in
            let heading: String
            switch section.heading {
            case .place(let p): heading = p.name
            case .noPlace: heading = "(no place)"
            case .aisle(let a): heading = a.name
            case .noAisle: heading = "(no aisle)"
            }
            return heading + "\n" + section.items.map { "  [\($0.collected ? "x" : $0.listed ? "*" : " ")] \($0.name)\n" }.joined()
        }.joined()
    }
}

@Suite struct GroceryListsTests {
    static let en = Locale(identifier: "en_US")
    typealias F = Fixture

    static let items: [GroceryItem] = [
        F.item(1, "milk", place: F.fridge, aisle: F.dairy),
        F.item(2, "Butter", listed: false, place: F.fridge, aisle: F.dairy),
        F.item(3, "flour", collected: true, place: F.pantry, aisle: F.baking),
        F.item(4, "apples", aisle: F.fruit),
        F.item(5, "yeast", place: F.pantry, aisle: F.baking),
        F.item(6, "Sugar", place: F.pantry, aisle: F.baking),
        F.item(7, "salt"),
        F.item(8, "Eggs", collected: true, place: F.fridge),
        F.item(9, "bananas", listed: false),
        F.item(10, "cream", place: F.fridge, aisle: F.dairy),
    ]

    @Test func prepareGroupsEveryItemByPlaceWithTheUnplacedLast() {
        #expect(
            F.text(GroceryLists.prepare(Self.items, locale: Self.en)) == """
                fridge
                  [ ] Butter
                  [*] cream
                  [x] Eggs
                  [*] milk
                Pantry
                  [x] flour
                  [*] Sugar
                  [*] yeast
                (no place)
                  [*] apples
                  [ ] bananas
                  [*] salt

                """)
    }

    @Test func shopListsWhatIsOnTheListByAisleOrderTickedLastNoAisleLast() {
        #expect(
            F.text(GroceryLists.shop(Self.items, locale: Self.en)) == """
                Baking
                  [*] Sugar
                  [*] yeast
                  [x] flour
                Fruit
                  [*] apples
                Dairy
                  [*] cream
                  [*] milk
                (no aisle)
                  [*] salt
                  [x] Eggs

                """)
    }

    @Test func namesSortInTheLocalesOrder() {
        let items = [F.item(1, "Ost"), F.item(2, "Ål"), F.item(3, "apelsin"), F.item(4, "Zucchini")]
        let names = { (id: String) in GroceryLists.prepare(items, locale: Locale(identifier: id))[0].items.map(\.name) }
        #expect(names("sv_SE") == ["apelsin", "Ost", "Zucchini", "Ål"])
        #expect(names("en_US") == ["Ål", "apelsin", "Ost", "Zucchini"])
    }

    /// "item 2" before "item 10": places, items and aisles at one position.
    @Test func numbersInNamesSortByValue() {
        let shelf10 = GroceryPlace(id: 1, name: "Shelf 10")
        let shelf2 = GroceryPlace(id: 2, name: "shelf 2")
        let aisle10 = GroceryAisle(id: 1, name: "Aisle 10", position: 1)
        let aisle2 = GroceryAisle(id: 2, name: "aisle 2", position: 1)
        let items = [
            F.item(1, "item 10", place: shelf10, aisle: aisle10), F.item(2, "Item 9", place: shelf10, aisle: aisle10),
            F.item(3, "item 100", place: shelf10, aisle: aisle10), F.item(4, "x", place: shelf2, aisle: aisle2),
        ]
        let prepare = GroceryLists.prepare(items, locale: Self.en)
        #expect(prepare.map(\.heading) == [.place(shelf2), .place(shelf10)])
        #expect(prepare[1].items.map(\.name) == ["Item 9", "item 10", "item 100"])
        #expect(GroceryLists.shop(items, locale: Self.en).map(\.heading) == [.aisle(aisle2), .aisle(aisle10)])
    }

    @Test func equalNamesKeepTheirIdOrderAndAislesAtOnePositionSortByName() {
        let a = GroceryAisle(id: 7, name: "b-aisle", position: 1)
        let b = GroceryAisle(id: 8, name: "A-aisle", position: 1)
        let items = [F.item(5, "milk", aisle: a), F.item(2, "Milk", aisle: a), F.item(3, "x", aisle: b)]
        let sections = GroceryLists.shop(items, locale: Self.en)
        #expect(sections.map(\.heading) == [.aisle(b), .aisle(a)])
        #expect(sections[1].items.map(\.id) == [2, 5])
    }

    @Test func nothingOnTheListMeansNoShopSections() {
        #expect(GroceryLists.shop([F.item(1, "a", listed: false)], locale: Self.en).isEmpty)
        #expect(GroceryLists.prepare([], locale: Self.en).isEmpty)
    }
}
