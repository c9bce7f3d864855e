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
}
