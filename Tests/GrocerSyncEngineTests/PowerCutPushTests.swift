import Foundation
import GrocerCore
import GrocerStore
import GrocerSync
import Synchronization
import Testing

@testable import GrocerSyncEngine

/// A push's batch is committed without waiting for the disk
/// (`SyncBatch.lazyCommit`, issue 36): a power cut before the sync's last
/// batch takes back the records of the writes the server already took.
/// The server then holds objects whose UIDs the records hold without an
/// href (a create), with an older ETag and agreed copy (an update), or
/// still holds a record of what it deleted. The next sync neither
/// duplicates nor loses an item or a weight, and sends nothing again.
@Suite struct PowerCutPushTests {
    let server = FakeCalDAV()
    let weightServer = FakeCalDAV(path: "/alice/weights/")

    struct PowerCut: Error {}

    /// A ledger whose power goes off right before the sync's last batch
    /// (the first that waits for the disk after the pushes): what was
    /// committed lazily since the last commit that waited is lost.
    final class PowerCutLedger: SyncLedger {
        let memory: MemoryLedger
        let durable: Mutex<MemoryLedger.State>
        let lazyBatches = Mutex(0)
        init(_ memory: MemoryLedger) {
            self.memory = memory
            durable = Mutex(memory.state.withLock { $0 })
        }

        func applySync(_ collection: SyncCollection, _ batch: SyncBatch, locale: Locale) throws {
            if batch.syncedAt != nil, lazyBatches.withLock({ $0 }) > 0 {
                let kept = durable.withLock { $0 }
                memory.state.withLock { $0 = kept }
                throw PowerCut()
            }
            try memory.applySync(collection, batch, locale: locale)
            if batch.lazyCommit {
                lazyBatches.withLock { $0 += 1 }
            } else {
                settle()
            }
        }

        func claimSyncUIDs(_ collection: SyncCollection, localIDs: [Int64], makeUID: () -> String) throws -> [Int64: String] {
            defer { settle() }
            return try memory.claimSyncUIDs(collection, localIDs: localIDs, makeUID: makeUID)
        }

        /// A commit that waits for the disk keeps everything before it.
        private func settle() {
            let now = memory.state.withLock { $0 }
            durable.withLock { $0 = now }
        }

        func syncAccounts() throws -> [SyncAccount] { try memory.syncAccounts() }
        func setSyncAccount(_ account: SyncAccount) throws { try memory.setSyncAccount(account) }
        func forgetSync() throws { try memory.forgetSync() }
        func syncRecords(_ collection: SyncCollection) throws -> [SyncRecord] { try memory.syncRecords(collection) }
        func syncLocalItems() throws -> [SyncLocalItem] { try memory.syncLocalItems() }
        func syncLocalWeights() throws -> [SyncLocalWeight] { try memory.syncLocalWeights() }
        func syncLocalSettings() throws -> SyncedSettings { try memory.syncLocalSettings() }
        func syncConflicts() throws -> [SyncConflict] { try memory.syncConflicts() }
        func dismissSyncConflict(id: Int64) throws { try memory.dismissSyncConflict(id: id) }
    }

    /// A sync of `machine`'s collection whose power goes off before its
    /// last batch; true when it did.
    func syncCutShort(_ machine: Machine, _ server: FakeCalDAV, _ collection: SyncCollection = .list) async -> Bool {
        let ledger = PowerCutLedger(machine.ledger)
        let engine = SyncEngine(ledger: ledger, client: server.client, collection: collection, locale: MemoryLedger.locale, now: { Sync.now })
        do {
            _ = try await engine.sync()
            return false
        } catch {
            return true
        }
    }

    /// Every record is bound to an object the server holds, one record an
    /// object.
    func recordsMatch(_ machine: Machine, _ server: FakeCalDAV, _ collection: SyncCollection = .list) throws -> Bool {
        let records = try machine.ledger.syncRecords(collection)
        let hrefs = records.compactMap(\.href).map { machine.engine.href($0) }
        return hrefs.count == records.count && Set(hrefs) == Set(server.objects.keys.map { machine.engine.href($0) })
            && hrefs.count == server.objects.count
    }

    @Test(arguments: [false, true])
    func createsWhoseRecordsWereLostAreFoundByUIDNotSentAgain(tokenForgotten: Bool) async throws {
        let here = Machine(server)
        for name in ["apples", "bread", "cheese", "dates", "eggs"] { here.ledger.add(.named(name)) }
        #expect(await syncCutShort(here, server))
        // The server holds all five; no record knows its href.
        #expect(server.objects.count == 5)
        #expect(try here.ledger.syncRecords(.list).allSatisfy { $0.href == nil && $0.localID != nil })
        if tokenForgotten { server.set { $0.forgetTokens = true } }

        server.resetCounts()
        let summary = try await here.sync()
        #expect(summary.sent == 0 && server.writes == 0)
        // Not even tried: each object is bound to its record by its UID.
        #expect(!server.requests.contains { $0.method == "PUT" || $0.method == "DELETE" })
        #expect(server.objects.count == 5)
        #expect(here.ledger.list.map(\.name) == ["apples", "bread", "cheese", "dates", "eggs"])
        #expect(Sync.list(server) == here.ledger.list)
        #expect(try recordsMatch(here, server))
        #expect(here.ledger.conflicts.isEmpty)
        // And nothing the time after.
        server.resetCounts()
        #expect(try await here.sync().sent == 0)
        #expect(server.writes == 0)
    }

    @Test func updatesAndDeletesWhoseRecordsWereLostAreNotUndoneOrRepeated() async throws {
        let here = Machine(server)
        for name in ["apples", "bread", "cheese", "dates"] { here.ledger.add(.named(name)) }
        try await here.sync()
        here.ledger.edit("apples") { $0.quantity = try! GroceryQuantity(canonical: "3") }
        here.ledger.edit("bread") { $0.ticked = true }
        here.ledger.takeOff("cheese")
        here.ledger.add(.named("figs"))
        #expect(await syncCutShort(here, server))
        // The server took every write; the records are as before them.
        #expect(server.objects.count == 4)

        server.resetCounts()
        let summary = try await here.sync()
        #expect(summary.sent == 0 && server.writes == 0)
        // Not even tried: each object is bound to its record by its UID.
        #expect(!server.requests.contains { $0.method == "PUT" || $0.method == "DELETE" })
        #expect(here.ledger.list == [.named("apples", "3"), .named("bread", ticked: true), .named("dates"), .named("figs")])
        #expect(Sync.list(server) == here.ledger.list)
        #expect(try recordsMatch(here, server))
        #expect(here.ledger.conflicts.isEmpty)
        server.resetCounts()
        #expect(try await here.sync().sent == 0)
        #expect(server.writes == 0)
    }

    @Test func monthsWhoseRecordsWereLostAreNeitherDuplicatedNorLost() async throws {
        let here = Machine(weightServer, .weights)
        for day in 0..<70 { here.ledger.addWeight(Sync.weight(String(format: "80.%02d", day), -Double(day) * 86_400)) }
        #expect(await syncCutShort(here, weightServer, .weights))
        let months = weightServer.objects.count
        #expect(months >= 3)

        weightServer.resetCounts()
        try await here.sync()
        #expect(!weightServer.requests.contains { $0.method == "PUT" || $0.method == "DELETE" })
        #expect(weightServer.objects.count == months)
        #expect(Sync.weights(weightServer) == here.ledger.weights)
        #expect(here.ledger.weights.count == 70)
        #expect(here.ledger.conflicts.isEmpty)
        weightServer.resetCounts()
        #expect(try await here.sync().sent == 0)
        #expect(weightServer.writes == 0)
    }
}
