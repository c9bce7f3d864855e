import Foundation
import GrocerCore
import Testing

@testable import GrocerStore

/// `store.sync` over an in-memory store: what it hands the engine is
/// what the other views keep, and forgetting sync leaves them.
@Suite struct StoreSyncViewTests {
    @Test func itListsWhatTheListAndTheWeightsHoldAndForgetsOnlySync() throws {
        let store = try Store.open(at: ":memory:", mode: .memory, zone: .gmt, stop: StopFlag())
        try store.groceries.add(QuickEntry(name: "eggs"), locale: Locale(identifier: "en_US"))
        try store.weights.add(Weight(digits: "70", unit: .kg)!, at: Date(timeIntervalSince1970: 1_700_000_000))
        #expect(try store.sync.syncLocalItems().map(\.item.name) == ["eggs"])
        #expect(try store.sync.syncLocalWeights().count == 1)
        try store.sync.forgetSync()
        #expect(try store.sync.syncAccounts().isEmpty)
        #expect(try store.groceries.items().count == 1)
    }
}
