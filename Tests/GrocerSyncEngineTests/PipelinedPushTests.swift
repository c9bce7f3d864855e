import Foundation
import GrocerCore
import GrocerStore
import GrocerSync
import Synchronization
import Testing

@testable import GrocerSyncEngine

/// The push sends one request at a time, but the next write's request
/// goes out before the answer before it is applied here: the store's
/// commit runs beside the server's work (`SyncEngine.pushAll`). A
/// failure, a 412 or a Ctrl-C sends nothing more until dealt with, and
/// every answer the server gave is applied.
@Suite struct PipelinedPushTests {
    let server = FakeCalDAV()

    /// The ledger, each push's commit taking a while (as an fsync does):
    /// after each one, how many PUTs the server had been sent, and how
    /// many push answers were applied by then.
    final class SlowLedger: SyncLedger {
        let memory: MemoryLedger
        let server: FakeCalDAV
        let pushes: Int
        /// (answers applied, PUTs sent) at the end of each push's commit.
        let seen = Mutex<[(applied: Int, sent: Int)]>([])
        init(_ memory: MemoryLedger, _ server: FakeCalDAV, pushes: Int) {
            self.memory = memory
            self.server = server
            self.pushes = pushes
        }

        func applySync(_ collection: SyncCollection, _ batch: SyncBatch, locale: Locale) throws {
            let push = batch.items.isEmpty && batch.records.count == 1 && !batch.setsToken && batch.syncedAt == nil
            if push {
                // The commit lasts until the next write's PUT is out (never
                // for the last), as a slow fsync would on a loaded machine:
                // a pipelined push sends it meanwhile; one that waits for
                // the commit never does, and each commit gives up after 5 s.
                // (A fixed 5 ms was not always long enough for the sending
                // task to run on a machine busy with a build.)
                let applied = seen.withLock { $0.count }
                let giveUp = Date().addingTimeInterval(5)
                while applied + 1 < pushes, server.requests.filter({ $0.method == "PUT" }).count <= applied + 1, Date() < giveUp {
                    Thread.sleep(forTimeInterval: 0.001)
                }
            }
            try memory.applySync(collection, batch, locale: locale)
            guard push else { return }
            let sent = server.requests.filter { $0.method == "PUT" }.count
            seen.withLock { $0.append((applied: $0.count + 1, sent: sent)) }
        }

        func syncAccounts() throws -> [SyncAccount] { try memory.syncAccounts() }
        func setSyncAccount(_ account: SyncAccount) throws { try memory.setSyncAccount(account) }
        func forgetSync() throws { try memory.forgetSync() }
        func syncRecords(_ collection: SyncCollection) throws -> [SyncRecord] { try memory.syncRecords(collection) }
        func claimSyncUIDs(_ collection: SyncCollection, localIDs: [Int64], makeUID: () -> String) throws -> [Int64: String] {
            try memory.claimSyncUIDs(collection, localIDs: localIDs, makeUID: makeUID)
        }
        func syncLocalItems() throws -> [SyncLocalItem] { try memory.syncLocalItems() }
        func syncLocalWeights() throws -> [SyncLocalWeight] { try memory.syncLocalWeights() }
        func syncLocalSettings() throws -> SyncedSettings { try memory.syncLocalSettings() }
        func syncConflicts() throws -> [SyncConflict] { try memory.syncConflicts() }
        func dismissSyncConflict(id: Int64) throws { try memory.dismissSyncConflict(id: id) }
    }

    /// FakeCalDAV that answers the n-th PUT (counted from 1) with a 500.
    final class FailingPut: DAVTransport {
        let fake: FakeCalDAV
        let failAt: Int
        let puts = Mutex(0)
        init(_ fake: FakeCalDAV, failAt: Int) {
            self.fake = fake
            self.failAt = failAt
        }

        func send(_ request: DAVRequest) async throws(DAVFailure) -> DAVResponse {
            let failAt = failAt
            let failing =
                request.method == "PUT"
                && puts.withLock { n in
                    n += 1
                    return n == failAt
                }
            if failing { return DAVResponse(status: 500) }
            return try await fake.send(request)
        }
    }

    func list(_ count: Int) -> MemoryLedger {
        let ledger = MemoryLedger(SyncAccount(collection: .list, url: server.endpoint.url))
        for i in 0..<count { ledger.add(.named(String(format: "item %02d", i))) }
        return ledger
    }

    @Test func theNextWriteGoesOutWhileTheAnswerBeforeIsApplied() async throws {
        let memory = list(20)
        let ledger = SlowLedger(memory, server, pushes: 20)
        let engine = SyncEngine(ledger: ledger, client: server.client, collection: .list, locale: MemoryLedger.locale, now: { Sync.now })
        let summary = try await engine.sync()
        #expect(summary.sent == 20)
        let seen = ledger.seen.withLock { $0 }
        #expect(seen.count == 20)
        // Never more than one answer ahead: one request at a time.
        #expect(seen.allSatisfy { $0.sent <= $0.applied + 1 })
        // At least once, the next PUT was out before this commit ended
        // (one after another, never).
        #expect(seen.contains { $0.sent == $0.applied + 1 })
        #expect(Sync.list(server) == memory.list)
        server.resetCounts()
        #expect(try await engine.sync().sent == 0)
        #expect(server.writes == 0)
    }

    /// The third PUT fails: nothing is sent after it, the two the server
    /// took are kept as sent, and the next sync sends only the rest.
    @Test func aFailedWriteSendsNothingMoreAndKeepsWhatTheServerTook() async throws {
        let ledger = list(8)
        let failing = FailingPut(server, failAt: 3)
        let engine = SyncEngine(
            ledger: ledger, client: DAVClient(collection: server.endpoint, transport: failing), collection: .list,
            locale: MemoryLedger.locale, now: { Sync.now })
        await #expect(throws: SyncFailure.self) { try await engine.sync() }
        #expect(failing.puts.withLock { $0 } == 3)
        #expect(server.objects.count == 2)
        #expect(try ledger.syncRecords(.list).filter { $0.etag != nil }.count == 2)
        let summary = try await Machine.engine(ledger, server).sync()
        #expect(summary.sent == 6)
        #expect(server.objects.count == 8)
        #expect(Sync.list(server) == ledger.list)
    }

    /// A phone's change lands before one of the writes (a 412): that one
    /// is merged with the server's copy and sent again; the rest go on.
    @Test func aWriteRefusedWith412IsMergedAndSentAgain() async throws {
        let ledger = list(6)
        let engine = Machine.engine(ledger, server)
        _ = try await engine.sync()
        for i in 0..<6 { ledger.edit(String(format: "item %02d", i)) { $0.ticked = true } }
        let path = try #require(Sync.path(of: "item 03", server))
        let phone = Sync.setting("X-GROCER-AISLE", "Dairy", in: Sync.setting("CATEGORIES", "Dairy", in: server.objects[path]!))
        server.set { $0.phoneWriteBeforeNextPut = (path, phone) }
        let summary = try await engine.sync()
        #expect(summary.sent == 6)
        #expect(server.state.withLock { $0.preconditionsFailed } == 1)
        let expected = (0..<6).map { i in SyncedItem.named(String(format: "item %02d", i), aisle: i == 3 ? "Dairy" : nil, ticked: true) }
        #expect(ledger.list == expected)
        #expect(Sync.list(server) == expected)
    }
}

extension Machine {
    static func engine(_ ledger: any SyncLedger, _ server: FakeCalDAV) -> SyncEngine {
        SyncEngine(ledger: ledger, client: server.client, collection: .list, locale: MemoryLedger.locale, now: { Sync.now })
    }
}
