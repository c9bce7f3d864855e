import Foundation
import GrocerCore
import Testing

@testable import GrocerStore

/// `u` after deleting an item (issue 33): the item comes back whole, with
/// the shops it named, its note and its second amount.
@Suite struct StoreShopsUndoTests {
    /// "tomatoes": 2 cans + 400 g, a note, bought at Market and Super.
    func tomatoes(_ f: GroceryFixture) throws -> (GroceryItem, Set<Int64>) {
        try f.add("2 cans tomatoes")
        try f.add("400 g tomatoes")
        let id = try f.named("tomatoes").id
        try f.store.groceries.edit(id: id, GroceryItemEdit(note: "the chopped ones"), locale: f.en)
        let market = try f.store.shops.add(named: "Market")
        let superstore = try f.store.shops.add(named: "Super")
        try f.store.shops.setShops(itemID: id, [market.id, superstore.id])
        return (try f.named("tomatoes"), [market.id, superstore.id])
    }

    @Test func undoingADeleteGivesTheItemBackItsShopsNoteAndSecondAmount() throws {
        let f = try GroceryFixture()
        let (item, shops) = try tomatoes(f)
        #expect(item.second?.quantity.canonical == "400" && item.note == "the chopped ones")
        let delete = try f.store.groceries.apply(.deleted(item))
        #expect(delete.edits.first?.shops == shops)
        #expect(try f.store.shops.itemShops().isEmpty)
        let undone = try f.store.groceries.undo(delete.reversed)
        #expect(undone.skipped.isEmpty)
        let back = try f.named("tomatoes")
        #expect(back.holdsSame(as: item))
        #expect(back.amountText(locale: f.en) == "2 can + 400 g")
        #expect(back.note == "the chopped ones")
        #expect(try f.store.shops.itemShops().shops(of: back.id) == shops)
        #expect(undone.applied.edits.first?.shops == shops)
    }

    @Test func theCommandsDeleteCarriesTheShopsAndAShopDeletedSinceIsNotNamedAgain() throws {
        let f = try GroceryFixture()
        let (item, shops) = try tomatoes(f)
        let delete = try f.store.groceries.delete(id: item.id)
        #expect(delete.edits.first?.shops == shops)
        let gone = try #require(shops.min())
        try f.store.shops.delete(id: gone)
        let undone = try f.store.groceries.undo(delete.reversed)
        #expect(try f.store.shops.itemShops().shops(of: try f.named("tomatoes").id) == shops.subtracting([gone]))
        #expect(undone.applied.edits.first?.shops == shops.subtracting([gone]))
    }
}
