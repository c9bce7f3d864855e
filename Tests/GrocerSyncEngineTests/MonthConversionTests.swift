import Foundation
import GrocerCore
import GrocerStore
import GrocerSync
import Testing

@testable import GrocerSyncEngine

/// A collection of one object per entry (grocer 0.4.0) is converted by
/// the first sync: the months first, an entry's object deleted only once
/// its month is on the server; a crash at any request loses nothing and
/// the next sync completes (issue 35).
@Suite struct MonthConversionTests {
    static let day: TimeInterval = 86_400
    static let weights = [
        Sync.weight("80.00", 0), Sync.weight("80.50", Self.day, note: "a, b; c"), Sync.weight("81.00", 10 * Self.day),
        Sync.weight("81.50", 11 * Self.day), Sync.weight("82.00", 45 * Self.day),
    ]

    /// A server and a store as grocer 0.4.0 left them: an object per
    /// entry, each bound to its entry by a record, and a token.
    /// `pathOnly`: each record's href as the path alone (another form of
    /// the same member, as an older grocer may have kept it).
    static func old(pathOnly: Bool = false) async throws -> (FakeCalDAV, Machine) {
        let server = FakeCalDAV(path: "/alice/weights/")
        let here = Machine(server, .weights)
        for (index, weight) in weights.enumerated() {
            let id = here.ledger.addWeight(weight)
            let uid = "old-\(index)"
            let text = Sync.entryObject(uid: uid, weight)
            server.phonePut("\(uid).ics", text)
            let path = "/alice/weights/\(uid).ics"
            let etag = try #require(server.state.withLock { $0.objects[path]?.etag })
            let href = pathOnly ? path : try #require(server.endpoint.member(path))
            here.ledger.state.withLock { state in
                state.records[.weights, default: [:]][uid] = SyncRecord(uid: uid, href: href, etag: etag, agreed: Array(text.utf8), localID: id)
            }
        }
        let token = server.state.withLock { "http://fake/sync/\($0.version)" }
        here.ledger.state.withLock { $0.accounts[.weights]?.token = token }
        return (server, here)
    }

    func monthsOnly(_ server: FakeCalDAV) -> Bool {
        server.objects.values.allSatisfy { text in (try? ICalendar.read(text)).map(MonthMapping.isMonth) == true }
    }

    @Test func theFirstSyncWritesTheMonthsThenDeletesTheEntriesObjects() async throws {
        let (server, here) = try await Self.old()
        server.resetCounts()
        try await here.sync()
        let writes = server.requests.filter { $0.method == "PUT" || $0.method == "DELETE" }.map(\.method)
        #expect(writes == ["PUT", "PUT", "PUT", "DELETE", "DELETE", "DELETE", "DELETE", "DELETE"])
        #expect(monthsOnly(server) && server.objects.count == 3)
        #expect(Sync.weights(server) == Self.weights && here.ledger.weights == Self.weights)
        // The entries keep their UIDs, now in their months.
        let uids = try here.ledger.syncRecords(.weights).filter { $0.localID != nil }.map(\.uid).sorted()
        #expect(uids == (0..<5).map { "old-\($0)" })
        server.resetCounts()
        #expect(try await here.sync().sent == 0)
    }

    /// Every request of the conversion, in turn, carried out by the server
    /// with its answer lost (a kill -9 right after it): the server holds
    /// every weight at that moment, and the next sync completes with each
    /// weight once.
    @Test func aCrashAtEachRequestLosesNothingAndTheNextSyncCompletes() async throws {
        let (clean, cleanMachine) = try await Self.old()
        clean.resetCounts()
        try await cleanMachine.sync()
        let total = clean.requests.count
        #expect(total == 9, "a listing, 3 months, 5 deletes")
        for crash in 1...total {
            let (server, here) = try await Self.old()
            server.resetCounts()
            server.set { $0.loseAnswerAtRequest = crash }
            await #expect(throws: SyncFailure.self, "request \(crash)") { try await here.sync() }
            #expect(Set(Sync.weights(server)) == Set(Self.weights), "request \(crash): nothing lost on the server")
            #expect(here.ledger.weights == Self.weights, "request \(crash): nothing lost here")
            server.set { $0.loseAnswerAtRequest = nil }
            try await here.sync()
            #expect(Sync.weights(server) == Self.weights && monthsOnly(server), "request \(crash)")
            #expect(here.ledger.weights == Self.weights, "request \(crash)")
            #expect(try await here.sync().sent == 0, "request \(crash): complete")
            // Another machine reads the same.
            let other = Machine(server, .weights)
            try await other.sync()
            #expect(other.ledger.weights == Self.weights, "request \(crash)")
        }
    }

    @Test func aMachineStillOnEntryObjectsIsReadAndItsNewEntryJoinsItsMonth() async throws {
        let (server, here) = try await Self.old()
        try await here.sync()
        // grocer 0.4.0 on another machine adds one, as an object of its own.
        let added = Sync.weight("79.00", 2 * Self.day)
        server.phonePut("phone-1.ics", Sync.entryObject(uid: "phone-1", added))
        try await here.sync()
        #expect(here.ledger.weights.contains(added))
        #expect(Sync.weights(server) == (Self.weights + [added]).sorted { $0.recordedAt < $1.recordedAt } && monthsOnly(server))
    }

    @Test(arguments: [false, true])
    func anEntrysObjectEditedByAnOlderMachineMeanwhileWinsOverItsCopyInTheMonth(pathOnly: Bool) async throws {
        let (server, here) = try await Self.old(pathOnly: pathOnly)
        // The month is written, then the answer to the first DELETE is
        // lost; meanwhile an older machine edits that entry's object.
        server.resetCounts()
        server.set { $0.loseAnswerAtRequest = 6 }
        _ = try? await here.sync()
        let path = "/alice/weights/old-4.ics"
        try #require(server.objects[path] != nil)
        server.phoneEdit(path) { $0.replacingOccurrences(of: "X-GROCER-WEIGHT:82.00", with: "X-GROCER-WEIGHT:70.00") }
        server.set { $0.loseAnswerAtRequest = nil }
        try await here.sync()
        try await here.sync()
        #expect(monthsOnly(server) && Sync.weights(server).count == 5)
        #expect(here.ledger.weights.count == 5 && Sync.weights(server) == here.ledger.weights)
        #expect(Sync.weights(server).last?.weight.digits == "70.00", "the older machine's edit")
    }

    /// A server that refuses every PUT of one month with a 412 (another
    /// machine keeps writing it).
    final class RefusingMonth: DAVTransport {
        let fake: FakeCalDAV
        let month: String

        init(_ fake: FakeCalDAV, month: String) {
            self.fake = fake
            self.month = month
        }

        func send(_ request: DAVRequest) async throws(DAVFailure) -> DAVResponse {
            if request.method == "PUT" && request.url.contains(month) { return DAVResponse(status: 412) }
            return try await fake.send(request)
        }
    }

    @Test func theEntriesObjectsOfAMonthTheServerRefusedStay() async throws {
        let (server, old) = try await Self.old()
        let ledger = old.ledger
        let engine = SyncEngine(
            ledger: ledger, client: DAVClient(collection: server.endpoint, transport: RefusingMonth(server, month: "2026-10")),
            collection: .weights, locale: MemoryLedger.locale, now: { Sync.now })
        _ = try await engine.sync()
        // October's two weights are still in their own objects; the rest
        // moved into their months.
        #expect(Set(Sync.weights(server)) == Set(Self.weights))
        #expect(server.objects.keys.filter { $0.contains("old-") }.sorted() == ["/alice/weights/old-2.ics", "/alice/weights/old-3.ics"])
        #expect(ledger.weights == Self.weights)
        // Once the server takes October, the conversion completes.
        try await old.sync()
        #expect(Sync.weights(server) == Self.weights && monthsOnly(server))
    }

    @Test func aListingCutShortDeletesNothing() async throws {
        let (server, here) = try await Self.old()
        here.ledger.state.withLock { $0.accounts[.weights]?.token = nil }
        server.set {
            $0.cutSyncCollectionAt = 2
            $0.cutCalendarQueryAt = 2
        }
        server.resetCounts()
        await #expect(throws: SyncFailure.self) { try await here.sync() }
        #expect(server.writes == 0 && here.ledger.weights == Self.weights)
    }
}
