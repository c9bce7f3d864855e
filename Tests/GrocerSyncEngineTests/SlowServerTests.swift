import Foundation
import GrocerCore
import GrocerStore
import GrocerSync
import Synchronization
import Testing

@testable import GrocerSyncEngine

/// FakeCalDAV behind `DAVTimer`, as the live transport is: requests of
/// `stalled` methods never answer, or trickle a byte every 10 ms, for
/// seconds (then they would answer: a sync that was not stopped gets it).
final class SlowCalDAV: DAVTransport {
    enum Slowness: Sendable {
        case silent
        case trickle
    }

    let server: FakeCalDAV
    let limits: DAVTimeLimits
    let slowness: Slowness
    /// Which requests are slow: "REPORT", "PUT", ...
    let stalled: Set<String>

    init(_ server: FakeCalDAV, limits: DAVTimeLimits, slowness: Slowness, stalled: Set<String>) {
        self.server = server
        self.limits = limits
        self.slowness = slowness
        self.stalled = stalled
    }

    var client: DAVClient { DAVClient(collection: server.endpoint, transport: self) }

    func send(_ request: DAVRequest) async throws(DAVFailure) -> DAVResponse {
        let (server, slow, slowness) = (self.server, stalled.contains(request.method), self.slowness)
        return try await DAVTimer.run(host: "127.0.0.1", limits: limits) { progress async throws(DAVFailure) -> DAVResponse in
            if slow {
                for _ in 0..<500 {
                    do { try await Task.sleep(for: .milliseconds(10)) } catch { throw .stopped }
                    if slowness == .trickle { progress.touch() }
                }
            }
            return try await server.send(request)
        }
    }
}

/// A slow server ends the sync with `tooSlow` (never `.interrupted`,
/// which is Ctrl-C), and nothing is lost: what was applied stays whole,
/// local changes wait, and the next sync completes it (issue 36).
@Suite struct SlowServerTests {
    let server = FakeCalDAV()

    func machine(_ transport: SlowCalDAV) -> (MemoryLedger, SyncEngine) {
        let ledger = MemoryLedger(SyncAccount(collection: .list, url: server.endpoint.url))
        return (ledger, SyncEngine(ledger: ledger, client: transport.client, collection: .list, locale: MemoryLedger.locale, now: { Sync.now }))
    }

    @Test(arguments: [SlowCalDAV.Slowness.silent, .trickle])
    func aServerThatStallsOnThePullEndsTheSyncAndLosesNothing(slowness: SlowCalDAV.Slowness) async throws {
        let fast = Machine(server)
        fast.ledger.add(.named("milk"))
        try await fast.sync()
        server.phonePut("tea.ics", Sync.phoneTodo(uid: "phone-tea", summary: "tea"))
        fast.ledger.add(.named("eggs"))
        let records = try fast.ledger.syncRecords(.list)
        let token = try fast.ledger.syncAccounts().first?.token

        let limits = DAVTimeLimits(idle: .milliseconds(150), request: .milliseconds(300), deadline: .seconds(60))
        let slow = SlowCalDAV(server, limits: limits, slowness: slowness, stalled: ["REPORT"])
        let engine = SyncEngine(ledger: fast.ledger, client: slow.client, collection: .list, locale: MemoryLedger.locale, now: { Sync.now })
        let failure = await #expect(throws: SyncFailure.self) { try await engine.sync() }
        guard case .tooSlow(let why)? = failure else {
            Issue.record("not tooSlow: \(String(describing: failure))")
            return
        }
        #expect(why == "the server at 127.0.0.1 sent too little for 1 s")
        #expect(failure?.description == "sync: the server at 127.0.0.1 sent too little for 1 s; nothing is lost, the rest goes at the next sync")
        // Nothing applied, nothing lost: eggs still waits.
        #expect(fast.ledger.list == [.named("eggs"), .named("milk")])
        #expect(try fast.ledger.syncRecords(.list) == records)
        #expect(try fast.ledger.syncAccounts().first?.token == token)

        try await fast.sync()
        #expect(fast.ledger.list == [.named("eggs"), .named("milk"), .named("tea")])
        #expect(Sync.list(server) == [.named("eggs"), .named("milk"), .named("tea")])
    }

    /// The pushes go one by one, each applied when the server took it:
    /// a deadline that passes among them keeps those made, and the next
    /// sync sends the rest, once each.
    @Test func theSyncsDeadlineAmongThePushesKeepsWhatWasSent() async throws {
        let here = Machine(server)
        try await here.sync()
        for name in ["eggs", "milk", "rice", "tea"] { here.ledger.add(.named(name)) }
        // The deadline (10 s left of it) passes during the third PUT, which
        // would take a minute.
        let limits = DAVTimeLimits(idle: .seconds(120), request: .seconds(120), deadline: .seconds(60), start: .now - .seconds(50))
        let slow = SlowPuts(server, limits: limits, fastPuts: 2)
        let engine = SyncEngine(ledger: here.ledger, client: slow.client, collection: .list, locale: MemoryLedger.locale, now: { Sync.now })
        await #expect(throws: SyncFailure.tooSlow("the server at 127.0.0.1 sent too little before the sync's deadline of 60 s (--deadline)")) {
            try await engine.sync()
        }
        #expect(Sync.list(server).count == 2)
        #expect(try here.ledger.syncRecords(.list).filter { $0.href != nil }.count == 2)
        server.resetCounts()
        try await here.sync()
        #expect(server.requests.filter { $0.method == "PUT" }.count == 2)
        #expect(Sync.list(server) == [.named("eggs"), .named("milk"), .named("rice"), .named("tea")])
    }
}

extension SlowServerTests {
    /// One line each: `sync` keeps the local changes for the next sync,
    /// `sync setup` kept nothing; neither is Ctrl-C's line.
    @Test func aSlowServerIsSaidInOneLine() {
        let failure = SyncFailure(DAVFailure.tooSlow(host: "dav.example.org", seconds: 30, deadline: false))
        #expect(
            failure.line(setup: false)
                == "sync: the server at dav.example.org sent too little for 30 s; nothing is lost, the rest goes at the next sync")
        #expect(failure.line(setup: true) == "sync setup: the server at dav.example.org sent too little for 30 s; nothing was kept")
        #expect(failure != .interrupted)
    }
}

/// FakeCalDAV behind `DAVTimer`, whose PUTs after the first `fastPuts`
/// go silent for seconds.
final class SlowPuts: DAVTransport {
    let server: FakeCalDAV
    let limits: DAVTimeLimits
    let puts = Mutex(0)
    let fastPuts: Int

    init(_ server: FakeCalDAV, limits: DAVTimeLimits, fastPuts: Int) {
        self.server = server
        self.limits = limits
        self.fastPuts = fastPuts
    }

    var client: DAVClient { DAVClient(collection: server.endpoint, transport: self) }

    func send(_ request: DAVRequest) async throws(DAVFailure) -> DAVResponse {
        let slow =
            request.method == "PUT"
            && puts.withLock { count in
                count += 1
                return count > fastPuts
            }
        let server = self.server
        return try await DAVTimer.run(host: "127.0.0.1", limits: limits) { _ async throws(DAVFailure) -> DAVResponse in
            if slow {
                do { try await Task.sleep(for: .seconds(60)) } catch { throw .stopped }
            }
            return try await server.send(request)
        }
    }
}
