import Foundation
import GrocerCLI
import GrocerCore
import Testing

@Suite struct ItemLineTests {
    @Test func anItemLineShowsTheExactAmountInTheLocaleAndWhereItIs() throws {
        let item = GroceryItem(
            id: 7, name: "Mehl", quantity: 2, unit: GroceryUnit(id: 2, name: "kg"), listed: true, collected: false,
            place: GroceryPlace(id: 1, name: "Vorrat\u{1B}"), aisle: GroceryAisle(id: 1, name: "Backen", position: 1),
            amount: try GroceryQuantity(canonical: "1.5"))
        #expect(ItemLine.text(item, locale: Locale(identifier: "de_DE")) == "7\t1,5 kg\tMehl\tlisted\taisle Backen, stored in Vorrat^[")
        #expect(ItemLine.text(item) == "7\t1.5 kg\tMehl\tlisted\taisle Backen, stored in Vorrat^[")
    }

    @Test func aShortLineIsTheChecklistTextAndTheID() throws {
        let item = GroceryItem(id: 3, name: "flour", quantity: 2, unit: GroceryUnit(id: 2, name: "kg"), listed: true, collected: false)
        #expect(ItemLine.short(item, locale: Locale(identifier: "en_US")) == "2 kg flour (id 3)")
    }

    /// `items add` says the aisle the item is in (issue 33), shown safely.
    @Test func anAddedLineSaysTheAisle() throws {
        let eggs = GroceryItem(
            id: 4, name: "eggs", quantity: 6, unit: nil, listed: true, collected: false,
            aisle: GroceryAisle(id: 2, name: "Dairy\u{1B}", position: 2))
        #expect(ItemLine.added(eggs, locale: Locale(identifier: "en_US")) == "6 eggs (id 4) in Dairy^[")
        let flour = GroceryItem(id: 3, name: "flour", quantity: 2, unit: nil, listed: true, collected: false)
        #expect(ItemLine.added(flour, locale: Locale(identifier: "en_US")) == "2 flour (id 3)")
    }
}
