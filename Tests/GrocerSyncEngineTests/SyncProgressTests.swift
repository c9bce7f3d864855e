import Foundation
import GrocerCore
import GrocerStore
import GrocerSync
import Synchronization
import Testing

@testable import GrocerSyncEngine

/// A first sync of many objects says how far it is: (done, total) after
/// each write, for `grocer sync` to show "312 of 3,650 weights".
@Suite struct SyncProgressTests {
    @Test func aFirstSyncSaysEachWriteOfTheTotal() async throws {
        let server = FakeCalDAV(path: "/alice/weights/")
        let ledger = MemoryLedger(SyncAccount(collection: .weights, url: server.endpoint.url))
        // Five months: a month is one object (issue 35).
        for month in 0..<5 { ledger.addWeight(Sync.weight("72.\(month)0", -Double(month) * 31 * 86_400)) }
        let told = Mutex<[[Int]]>([])
        let engine = SyncEngine(
            ledger: ledger, client: server.client, collection: .weights, locale: MemoryLedger.locale, now: { Sync.now },
            progress: { done, total in told.withLock { $0.append([done, total]) } })
        _ = try await engine.sync()
        #expect(told.withLock { $0 } == [[1, 5], [2, 5], [3, 5], [4, 5], [5, 5]])
        // Nothing to push: nothing said.
        told.withLock { $0 = [] }
        _ = try await engine.sync()
        #expect(told.withLock { $0 }.isEmpty)
    }
}
