import Foundation
import GrocerCore
import Testing

@testable import GrocerStore

/// A phone's item joined to one on the list adds up as quick entry does
/// (issue 33), and carries its note.
@Suite struct StoreSyncJoinTests {
    static func quantity(_ text: String) throws -> GroceryQuantity { try GroceryQuantity(canonical: text) }

    @Test func aPhonesThreeApplesJoinedToListedApplesAddsUp() throws {
        let f = try GroceryFixture()
        try f.store.sync.setSyncAccount(SyncAccount(collection: .list, url: "https://dav.example/grocer/list/", user: "sam"))
        _ = try f.add("2 apples")
        let known = try f.named("apples")
        var phone = SyncedItem(name: "Apples", quantity: try Self.quantity("3"))
        phone.note = "the red ones"
        var batch = SyncBatch()
        batch.items = [.init(uid: "phone-apples", expected: nil, new: phone)]
        try f.store.sync.applySync(.list, batch, locale: f.en)
        let item = try f.store.groceries.item(id: known.id)
        #expect(item.amount == (try Self.quantity("5")))
        #expect(item.note == "the red ones")
        #expect(try f.store.groceries.items().count == 1)
    }
}
