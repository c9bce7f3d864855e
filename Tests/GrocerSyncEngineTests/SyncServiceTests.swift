import Foundation
import GrocerCore
import GrocerStore
import GrocerSync
import Synchronization
import Testing

@testable import GrocerSyncEngine

/// The one service `grocer sync` and the grocery screen call: where each
/// account stands, the screen's status, a conflict's other value, and a
/// sync of every account.
@Suite struct SyncServiceTests {
    let list = FakeCalDAV()
    let weights = FakeCalDAV(path: "/alice/weights/")

    /// A ledger with both accounts, each on its own server.
    func ledger() -> MemoryLedger {
        MemoryLedger(
            SyncAccount(collection: .list, url: list.endpoint.url), SyncAccount(collection: .weights, url: weights.endpoint.url))
    }

    func service(_ ledger: MemoryLedger) -> SyncService {
        SyncService(ledger: ledger, locale: MemoryLedger.locale, now: { Sync.now })
    }

    /// The collections connected, in order.
    final class Connected: Sendable {
        let log = Mutex<[SyncCollection]>([])
        var collections: [SyncCollection] { log.withLock { $0 } }
        func add(_ collection: SyncCollection) { log.withLock { $0.append(collection) } }
    }

    /// Connects each account to its fake server, as `SyncSession` does to
    /// a live one.
    func connect(_ connected: Connected? = nil) -> (SyncAccount, @escaping SyncService.Work) async throws -> SyncSummary {
        { account, work in
            connected?.add(account.collection)
            return try await work(account.collection == .list ? list.client : weights.client)
        }
    }

    @Test func withoutAnAccountItIsNotSetUpAndNothingIsConnected() async throws {
        let ledger = MemoryLedger()
        ledger.add(.named("flour"))
        let service = service(ledger)
        #expect(try service.status() == .notSetUp)
        #expect(try service.accounts().isEmpty)
        let connected = Connected()
        #expect(try await service.syncEvery(connect(connected)) == SyncSummary())
        #expect(connected.collections.isEmpty)
    }

    @Test func eachAccountCountsItsOwnWaitingAndConflictsAndTheStatusSumsThem() throws {
        let ledger = ledger()
        ledger.add(.named("flour"))
        ledger.add(.named("milk"))
        ledger.addWeight(Sync.weight("72.5", 0))
        let states = try service(ledger).accounts()
        #expect(states.map(\.account.collection) == [.list, .weights])
        #expect(states.map(\.waiting) == [2, 1])
        #expect(states.map(\.conflicts) == [0, 0])
        #expect(try service(ledger).status() == SyncStatus(lastSync: nil, waiting: 3, conflicts: 0))
    }

    @Test func aSyncOfEveryAccountSendsBothAndLeavesNothingWaiting() async throws {
        let ledger = ledger()
        ledger.add(.named("flour"))
        ledger.addWeight(Sync.weight("72.5", 0))
        let service = service(ledger)
        let connected = Connected()
        let summary = try await service.syncEvery(connect(connected))
        #expect(summary.sent == 2)
        #expect(connected.collections == [.list, .weights])
        #expect(Sync.list(list).map(\.name) == ["flour"])
        #expect(Sync.weights(weights).map(\.weight.digits) == ["72.5"])
        let status = try service.status()
        #expect(status.waiting == 0 && status.lastSync == Sync.now)
    }

    @Test func theCommandsBlockingSyncDoesTheSame() throws {
        let ledger = ledger()
        ledger.addWeight(Sync.weight("72.5", 0))
        let connected = Connected()
        let summary = try service(ledger).syncEveryBlocking({ account, work in
            connected.add(account.collection)
            return try Self.wait { try await work(account.collection == .list ? list.client : weights.client) }
        })
        #expect(summary.sent == 1)
        #expect(connected.collections == [.list, .weights])
    }

    @Test func theFirstFailureEndsTheRunAndTheStatusSaysItWithWhatStillWaits() async throws {
        let ledger = ledger()
        ledger.add(.named("flour"))
        ledger.addWeight(Sync.weight("72.5", 0))
        list.set { $0.down = true }
        let connected = Connected()
        let status = await service(ledger).syncAndStatus(failed: { _ in SyncStatus.Failure(headline: "offline", line: "down") }, connect(connected))
        #expect(connected.collections == [.list], "the weights wait for the next sync")
        #expect(status.failure?.headline == "offline")
        #expect(status.waiting == 2 && status.isSetUp)
    }

    @Test func takingTheOtherValueSettlesTheConflictAndTheNextSyncSendsIt() async throws {
        let ledger = ledger()
        ledger.add(.named("flour", "1", unit: "kg"))
        let service = service(ledger)
        _ = try await service.syncEvery(connect())
        ledger.edit("flour") { $0.name = "rye flour" }
        let path = try #require(Sync.path(of: "flour", list))
        list.phoneEdit(path) { Sync.setting("SUMMARY", "1 kg spelt flour", in: $0) }
        _ = try await service.syncEvery(connect())
        let line = try #require(try service.conflictLines().first)
        #expect(line.here == "rye flour" && line.there == "spelt flour" && line.kept == .remote)
        #expect(try service.accounts().map(\.conflicts) == [1, 0])

        let taken = try service.takeOther(id: line.id)
        #expect(taken.title == "spelt flour")
        #expect(try service.conflictLines().isEmpty)
        #expect(try service.status().waiting == 1)
        _ = try await service.syncEvery(connect())
        #expect(Sync.list(list).map(\.name) == ["rye flour"])
    }

    @Test func aConflictThatIsNotThereIsSaidAndNothingChanges() throws {
        let ledger = ledger()
        ledger.add(.named("flour"))
        let service = service(ledger)
        #expect(throws: SyncService.NoSuchConflict(id: 7)) { try service.takeOther(id: 7) }
        #expect(throws: SyncService.NoSuchConflict(id: 7)) { try service.dismiss(id: 7) }
        #expect(ledger.state.withLock { $0.writes } == 0)
    }

    /// Runs async work to its end from synchronous code, as the command's
    /// `Blocking` does.
    static func wait<T: Sendable>(_ work: @escaping @Sendable () async throws -> T) throws -> T {
        let result = Mutex<Result<T, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task.detached {
            do {
                let value = try await work()
                result.withLock { $0 = .success(value) }
            } catch {
                result.withLock { $0 = .failure(error) }
            }
            done.signal()
        }
        done.wait()
        return try result.withLock { $0! }.get()
    }
}
