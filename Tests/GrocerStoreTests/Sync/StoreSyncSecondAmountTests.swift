import Foundation
import GrocerCore
import Testing

@testable import GrocerStore

/// An item's second amount over sync (issue 33): the store hands it to
/// sync, and keeps the one sync brings, its unit found or added.
@Suite struct StoreSyncSecondAmountTests {
    let en = Locale(identifier: "en_US")

    @Test func theServersSecondAmountIsKeptAndHandedBack() throws {
        let store = try Store.open(at: ":memory:", mode: .memory, zone: .gmt, stop: StopFlag())
        try store.sync.setSyncAccount(SyncAccount(collection: .list, url: "http://127.0.0.1:5232/alice/groceries/"))
        var tomatoes = SyncedItem(name: "tomatoes", quantity: try GroceryQuantity(canonical: "2"), unit: "can")
        tomatoes.second = SyncedItem.Second(try GroceryQuantity(canonical: "400"), "g")
        var batch = SyncBatch()
        batch.items = [SyncBatch.Change(uid: "u1", expected: nil, new: tomatoes)]
        try store.sync.applySync(.list, batch, locale: en)
        let item = try #require(try store.groceries.items().first)
        #expect(item.amountText(locale: en) == "2 can + 400 g")
        #expect(try store.groceries.units().map(\.name).sorted() == ["can", "g"])
        #expect(try store.sync.syncLocalItems().map(\.item) == [tomatoes])
        // The server's copy now says 800 g; then none.
        var more = tomatoes
        more.second?.quantity = try GroceryQuantity(canonical: "800")
        batch.items = [SyncBatch.Change(uid: "u1", expected: tomatoes, new: more)]
        try store.sync.applySync(.list, batch, locale: en)
        #expect(try store.groceries.items().first?.amountText(locale: en) == "2 can + 800 g")
        var none = more
        none.second = nil
        batch.items = [SyncBatch.Change(uid: "u1", expected: more, new: none)]
        try store.sync.applySync(.list, batch, locale: en)
        #expect(try store.groceries.items().first?.amountText(locale: en) == "2 can")
    }
}
