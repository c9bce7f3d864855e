import Foundation
import GrocerCore
import GrocerStore
import GrocerSync
import Testing

@testable import GrocerSyncEngine

/// How the engine talks to the server and the store: tokens and their
/// fallback, conditional writes and 412s, request and write counts,
/// cancellation, failures.
@Suite struct EngineBehaviourTests {
    let server = FakeCalDAV()

    @Test func anInvalidTokenFallsBackToTheListing() async throws {
        let here = Machine(server)
        here.ledger.add(.named("milk"))
        here.ledger.add(.named("eggs"))
        try await here.sync()
        server.phoneDelete(try #require(Sync.path(of: "milk", server)))
        server.phonePut("tea.ics", Sync.phoneTodo(uid: "phone-tea", summary: "tea"))
        server.set { $0.forgetTokens = true }
        server.resetCounts()
        try await here.sync()
        #expect(here.ledger.list == [.named("eggs"), .named("tea")])
        let reports = server.requests.map { String(decoding: $0.body, as: UTF8.self) }
        #expect(reports.contains { $0.contains("calendar-query") })
        // The invalid token is dropped; the next sync starts from none.
        #expect(here.ledger.state.withLock { $0.accounts[.list]?.token } == nil)
        server.set { $0.forgetTokens = false }
        try await here.sync()
        #expect(here.ledger.state.withLock { $0.accounts[.list]?.token } != nil)
    }

    /// The server changed the object between grocer's read and its write:
    /// the PUT's If-Match fails, grocer fetches it, merges and writes
    /// again; both changes survive.
    @Test func aPreconditionFailedMergesAndRetries() async throws {
        let here = Machine(server)
        here.ledger.add(.named("flour", "1", unit: "kg"))
        try await here.sync()
        here.ledger.edit("flour") { $0.aisle = "baking" }
        let path = try #require(Sync.path(of: "flour", server))
        let phone = Sync.setting("STATUS", "COMPLETED", in: try #require(server.objects[path]))
        server.set { $0.phoneWriteBeforeNextPut = (path, phone) }
        server.resetCounts()
        let summary = try await here.sync()
        let statuses = server.requests.map(\.method)
        #expect(statuses == ["REPORT", "PUT", "REPORT", "PUT"])
        #expect(server.state.withLock { $0.preconditionsFailed } == 1)
        #expect(Sync.list(server) == [.named("flour", "1", unit: "kg", aisle: "baking", ticked: true)])
        #expect(here.ledger.list == Sync.list(server))
        #expect(summary.sent == 1 && summary.received == 1 && summary.conflicts == 0)
        for request in server.requests where request.method == "PUT" { #expect(request.header("If-Match") != nil) }
    }

    /// Every write is conditional: If-None-Match: * to create, If-Match to
    /// change or delete.
    @Test func everyWriteIsConditional() async throws {
        let here = Machine(server)
        here.ledger.add(.named("milk"))
        here.ledger.add(.named("eggs"))
        try await here.sync()
        here.ledger.edit("milk") { $0.ticked = true }
        here.ledger.takeOff("eggs")
        try await here.sync()
        let writes = server.requests.filter { $0.method == "PUT" || $0.method == "DELETE" }
        #expect(writes.count == 4)
        #expect(writes.prefix(2).allSatisfy { $0.header("If-None-Match") == "*" })
        #expect(writes.suffix(2).allSatisfy { $0.header("If-Match")?.hasPrefix("\"e") == true })
    }

    @Test func oneChangeOnAThousandItemListTakesAtMostThreeRequests() async throws {
        let here = Machine(server)
        for n in 0..<1000 { here.ledger.add(.named("item \(n)"), aislePosition: n % 12) }
        try await here.sync()
        #expect(server.objects.count == 1000)
        server.resetCounts()
        try await here.sync()  // takes the token past its own writes: their ETags are known, nothing fetched
        #expect(server.requests.count == 1)
        server.resetCounts()
        server.phoneEdit(try #require(Sync.path(of: "item 500", server))) { Sync.setting("STATUS", "COMPLETED", in: $0) }
        try await here.sync()
        #expect(server.requests.count <= 3)
        #expect(server.requests.count == 2)
        server.resetCounts()
        here.ledger.edit("item 7") { $0.ticked = true }
        try await here.sync()
        #expect(server.requests.count <= 3)
        #expect(Sync.list(server) == here.ledger.list)
    }

    @Test func aSyncWithNothingToDoWritesNothing() async throws {
        let here = Machine(server)
        here.ledger.add(.named("milk"))
        let weights = Machine(FakeCalDAV(path: "/alice/weights/"), .weights)
        try await here.sync()
        try await here.sync()
        let before = here.ledger.writes
        server.resetCounts()
        let summary = try await here.sync()
        #expect(here.ledger.writes == before)
        #expect(server.writes == 0)
        #expect(server.requests.map(\.method) == ["REPORT"])
        #expect(summary == SyncSummary())
        try await weights.sync()  // keeps the first token
        try await weights.sync()
        #expect(weights.ledger.writes == 1)
    }

    /// A server that rewrites what it is given (and so sends no ETag for
    /// the PUT) costs one fetch, then nothing.
    @Test func aServerThatRewritesBodiesSettles() async throws {
        server.set { $0.rewriteBodies = true }
        let here = Machine(server)
        here.ledger.add(.named("flour", "2", unit: "kg", aisle: "baking"))
        try await here.sync()
        try await here.sync()
        here.ledger.edit("flour") { $0.ticked = true }
        try await here.sync()
        try await here.sync()
        #expect(Sync.list(server) == here.ledger.list)
        let before = here.ledger.writes
        server.resetCounts()
        try await here.sync()
        #expect(here.ledger.writes == before && server.writes == 0)
    }

    /// A sync cancelled at each of its requests in turn leaves the store
    /// consistent, and the next full sync converges.
    @Test(arguments: 1...6) func aCancelledSyncThenAFullSyncConverge(at request: Int) async throws {
        let here = Machine(server)
        for name in ["milk", "eggs", "bread", "tea"] { here.ledger.add(.named(name)) }
        try await here.sync()
        here.ledger.edit("milk") { $0.ticked = true }
        here.ledger.takeOff("eggs")
        here.ledger.add(.named("jam"))
        server.phonePut("apples.ics", Sync.phoneTodo(uid: "phone-apples", summary: "3 apples"))
        server.phoneEdit(try #require(Sync.path(of: "tea", server))) { Sync.setting("SUMMARY", "2 tea", in: $0) }
        server.resetCounts()
        server.set { $0.cancelAtRequest = request }
        let engine = here.engine
        let task = Task { try await engine.sync() }
        let result = await task.result
        // Its five requests: sync-collection, multiget, PUT, DELETE, PUT.
        // Cancelled during any but the last, it stops there.
        if request < 5 {
            guard case .failure(let failure) = result else {
                Issue.record("the sync went on after being cancelled")
                return
            }
            #expect(failure as? SyncFailure == .interrupted)
            #expect(server.requests.count == request)
        }
        server.set { $0.cancelAtRequest = nil }
        try await here.sync()
        let expected: [SyncedItem] = [.named("apples", "3"), .named("bread"), .named("jam"), .named("milk", ticked: true), .named("tea", "2")]
        #expect(here.ledger.list == expected)
        #expect(Sync.list(server) == expected)
        #expect(server.objects.count == 5)
    }

    @Test func aServerThatIsDownLosesNothing() async throws {
        let here = Machine(server)
        here.ledger.add(.named("milk"))
        server.set { $0.down = true }
        await #expect(throws: SyncFailure.serverUnreachable(DAVFailure.unreachable("connection refused").description)) {
            try await here.sync()
        }
        #expect(here.ledger.list == [.named("milk")])
        server.set { $0.down = false }
        try await here.sync()
        #expect(Sync.list(server) == [.named("milk")])
    }

    /// Two grocers on one store syncing at once: one's write meets the
    /// other's (a 412 on a create of the same UID, a batch refused because
    /// the store changed); they merge, and nothing is lost or doubled.
    @Test func twoGrocersOnOneStoreSyncingAtOnceLoseNothing() async throws {
        let first = Machine(server)
        let second = SyncEngine(
            ledger: first.ledger, client: server.client, collection: .list, locale: MemoryLedger.locale, now: { Sync.now })
        for n in 0..<20 { first.ledger.add(.named("item \(n)")) }
        try await first.sync()
        for n in 20..<40 { first.ledger.add(.named("item \(n)")) }
        first.ledger.edit("item 3") { $0.ticked = true }
        server.phoneEdit(try #require(Sync.path(of: "item 4", server))) { Sync.setting("SUMMARY", "2 item 4", in: $0) }
        async let a = first.engine.sync()
        async let b = second.sync()
        _ = try await (a, b)
        try await first.sync()
        #expect(first.ledger.list.count == 40)
        #expect(server.objects.count == 40)
        #expect(Sync.list(server) == first.ledger.list)
        #expect(first.ledger.list.contains(.named("item 3", ticked: true)))
        #expect(first.ledger.list.contains(.named("item 4", "2")))
    }

    @Test func aRefusedLoginLosesNothing() async throws {
        let here = Machine(server)
        here.ledger.add(.named("milk"))
        server.set { $0.refuseLogin = true }
        await #expect(throws: SyncFailure.loginRefused) { try await here.sync() }
        #expect(here.ledger.list == [.named("milk")] && server.objects.isEmpty)
        server.set { $0.refuseLogin = false }
        try await here.sync()
        #expect(Sync.list(server) == [.named("milk")])
    }

    /// Another grocer changed the item between the engine's read and its
    /// write: the batch is refused whole and the sync starts again.
    @Test func aChangeHereDuringTheSyncIsNotLost() async throws {
        let here = Machine(server)
        here.ledger.add(.named("milk"))
        try await here.sync()
        server.phoneEdit(try #require(Sync.path(of: "milk", server))) { Sync.setting("SUMMARY", "2 milk", in: $0) }
        here.ledger.state.withLock { state in
            state.beforeNextApply = { state in
                let id = state.items.first { $0.value.value.name == "milk" }!.key
                state.items[id]!.value.aisle = "dairy"
            }
        }
        try await here.sync()
        #expect(here.ledger.list == [SyncedItem(name: "milk", quantity: try GroceryQuantity(canonical: "2"), aisle: "dairy")])
        #expect(Sync.list(server) == here.ledger.list)
    }

    @Test func noAccountIsSaidSo() async throws {
        let ledger = MemoryLedger()
        let engine = SyncEngine(ledger: ledger, client: server.client, collection: .list, locale: MemoryLedger.locale, now: { Sync.now })
        await #expect(throws: SyncFailure.notSetUp(.list)) { try await engine.sync() }
        #expect(server.requests.isEmpty)
    }

    @Test func failuresAreOneLineEach() {
        let failures: [SyncFailure] = [
            SyncFailure(.unreachable("connection refused")), SyncFailure(.timedOut(seconds: 30)), SyncFailure(.loginRefused),
            SyncFailure(.forbidden("read")), SyncFailure(.serverError(503)), SyncFailure(.nonsense("garbage")), .storeBusy, .interrupted,
            .notSetUp(.weights), .storeChangedMeanwhile,
        ]
        for failure in failures {
            #expect(!failure.description.contains("\n"))
            #expect(failure.description.hasPrefix("sync: "))
        }
        #expect(SyncFailure(.loginRefused) == .loginRefused)
        // Setup's look at the server keeps nothing, and says so.
        #expect(
            SyncFailure(.loginRefused).line(setup: true)
                == "sync setup: login refused: check --user and what --password-command prints; nothing was kept")
        #expect(SyncFailure(.stopped) == .interrupted)
        #expect(SyncFailure(store: StoreError.busy(path: "/x")) == .storeBusy)
        #expect(SyncFailure(.timedOut(seconds: 30)) == .serverUnreachable(DAVFailure.timedOut(seconds: 30).description))
    }

    @Test func theSummaryIsOneLine() {
        #expect(SyncSummary(received: 3, sent: 1, conflicts: 0).description == "sync: 3 received, 1 sent, no conflicts")
        #expect(SyncSummary(received: 0, sent: 0, conflicts: 1).description == "sync: 0 received, 0 sent, 1 conflict")
        #expect(SyncSummary(received: 1, sent: 2, conflicts: 2).description == "sync: 1 received, 2 sent, 2 conflicts")
        #expect(
            SyncSummary(unreadable: 2).description
                == "sync: 0 received, 0 sent, no conflicts; 2 objects on the server could not be read and were left alone")
    }
}

/// The weights on two machines through one collection.
@Suite struct WeightSyncTests {
    let server = FakeCalDAV(path: "/alice/weights/")

    @Test func twoMachinesConverge() async throws {
        let a = Machine(server, .weights)
        let b = Machine(server, .weights)
        let morning = a.ledger.addWeight(Sync.weight("72.50", 0))
        a.ledger.addWeight(Sync.weight("72.30", 86_400))
        // Made at the same time on both: both kept.
        a.ledger.addWeight(Sync.weight("72.10", 172_800))
        b.ledger.addWeight(Sync.weight("72.20", 172_800))
        b.ledger.addWeight(Sync.weight("71.90", 259_200, note: "after a run"))
        try await a.sync()
        try await b.sync()
        try await a.sync()
        #expect(a.ledger.weights.count == 5)
        #expect(a.ledger.weights == b.ledger.weights)
        #expect(Sync.weights(server) == a.ledger.weights)
        // An edit and a delete travel.
        a.ledger.editWeight(morning) { $0.note = "before breakfast" }
        let bRun = try #require(b.ledger.state.withLock { $0.weights.first { $0.value.note == "after a run" }?.key })
        b.ledger.deleteWeight(bRun)
        try await a.sync()
        try await b.sync()
        try await a.sync()
        #expect(a.ledger.weights.count == 4)
        #expect(a.ledger.weights == b.ledger.weights)
        #expect(b.ledger.weights.first?.note == "before breakfast")
        #expect(Sync.weights(server) == a.ledger.weights)
        #expect(server.objects.values.allSatisfy { $0.contains("BEGIN:VJOURNAL") })
    }

    @Test func aWeightChangedOnBothShowsTheServersAndRecordsIt() async throws {
        let a = Machine(server, .weights)
        let b = Machine(server, .weights)
        let id = a.ledger.addWeight(Sync.weight("72.50", 0))
        try await a.sync()
        try await b.sync()
        a.ledger.editWeight(id) { $0.weight = Weight(digits: "72.60", unit: .kg)! }
        let bID = try #require(b.ledger.state.withLock { $0.weights.keys.first })
        b.ledger.editWeight(bID) { $0.weight = Weight(digits: "72.40", unit: .kg)! }
        try await b.sync()
        let summary = try await a.sync()
        #expect(summary.conflicts == 1)
        #expect(a.ledger.weights.map(\.weight.digits) == ["72.40"])
        let conflict = try #require(a.ledger.conflicts.first)
        #expect(conflict.field == "weight" && conflict.localValue == "72.60 kg" && conflict.remoteValue == "72.40 kg" && conflict.kept == "remote")
        // The entry's time as people read it (`sync conflicts`, the conflicts
        // view), not iCalendar's 20260921T141320Z.
        #expect(conflict.title == "72.40 kg on 2026-09-21T14:13:20Z")
        let batch = try #require(SyncEngine.takeOther(conflict: conflict, current: a.ledger.weights.first))
        try a.ledger.applySync(.weights, batch, locale: MemoryLedger.locale)
        try await a.sync()
        try await b.sync()
        #expect(b.ledger.weights.map(\.weight.digits) == ["72.60"])
    }
}
