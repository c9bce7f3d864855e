import Foundation
import GrocerCore
import GrocerStore
import GrocerSync
import Testing

@testable import GrocerSyncEngine

/// A listing the server cut short (a 507 on the request URI, RFC 6578,
/// 3.6) is never taken as the whole collection: what it left out is
/// unknown, not deleted (issue 36).
@Suite struct CutShortListingTests {
    let server = FakeCalDAV()

    /// The token refused, and the listing that replaces it cut short (507
    /// on the request URI): nothing here is deleted, nothing is applied or
    /// sent, and the sync says so; once the server lists it whole, all is
    /// there.
    @Test func aListingCutShortDeletesNothing() async throws {
        let here = Machine(server, .weights)
        // Ten months: ten objects (issue 35).
        for month in 0..<10 { here.ledger.addWeight(Sync.weight("72.\(month)0", -Double(month) * 31 * 86_400)) }
        try await here.sync()
        #expect(server.objects.count == 10)
        let weights = here.ledger.weights
        let token = here.ledger.state.withLock { $0.accounts[.weights]?.token }
        server.set {
            $0.forgetTokens = true
            $0.cutCalendarQueryAt = 2
        }
        server.resetCounts()
        await #expect(throws: SyncFailure.listingCutShort) { try await here.sync() }
        #expect(here.ledger.weights == weights)
        #expect(server.writes == 0 && server.objects.count == 10)
        #expect(here.ledger.state.withLock { $0.accounts[.weights]?.token } == token)
        server.set { $0.cutCalendarQueryAt = nil }
        try await here.sync()
        #expect(here.ledger.weights == weights)
        #expect(server.objects.count == 10)
    }

    /// A list's first sync-collection (no token) cut short, and going on
    /// from its token never completes it: grocer lists by calendar-query
    /// instead, and deletes only what is truly gone.
    @Test func aFirstListingCutShortIsNotTakenAsWhole() async throws {
        let here = Machine(server)
        for name in ["tea", "milk", "eggs", "rice", "oats"] { here.ledger.add(.named(name)) }
        try await here.sync()
        server.phoneDelete(try #require(Sync.path(of: "oats", server)))
        here.ledger.state.withLock { $0.accounts[.list]?.token = nil }
        server.set { $0.cutSyncCollectionAt = 2 }
        try await here.sync()
        #expect(here.ledger.list.map(\.name).sorted() == ["eggs", "milk", "rice", "tea"])
        // Both cut short: the sync stops, nothing deleted.
        server.phoneDelete(try #require(Sync.path(of: "rice", server)))
        here.ledger.state.withLock { $0.accounts[.list]?.token = nil }
        server.set { $0.cutCalendarQueryAt = 1 }
        await #expect(throws: SyncFailure.listingCutShort) { try await here.sync() }
        #expect(here.ledger.list.map(\.name).sorted() == ["eggs", "milk", "rice", "tea"])
    }

    @Test func theCutShortLineIsOneLine() {
        #expect(!SyncFailure.listingCutShort.description.contains("\n"))
        #expect(SyncFailure.listingCutShort.description.hasPrefix("sync: "))
    }

    /// A changed member the calendar-multiget left out, or answered with
    /// a 507 of its own: unknown, never deleted here, and the token stays
    /// so that the next sync asks for it again.
    @Test(arguments: [false, true]) func aMemberTheMultigetDidNotAnswerIsAskedForAgain(with507: Bool) async throws {
        let here = Machine(server)
        here.ledger.add(.named("milk"))
        here.ledger.add(.named("tea"))
        try await here.sync()
        let milk = try #require(Sync.path(of: "milk", server))
        let tea = try #require(Sync.path(of: "tea", server))
        for path in [milk, tea] { server.phoneEdit(path) { Sync.setting("STATUS", "COMPLETED", in: $0) } }
        server.set { if with507 { $0.multiget507 = [tea] } else { $0.multigetLeavesOut = [tea] } }
        try await here.sync()
        #expect(here.ledger.list == [.named("milk", ticked: true), .named("tea")])
        server.set { ($0.multiget507, $0.multigetLeavesOut) = ([], []) }
        try await here.sync()
        #expect(here.ledger.list == [.named("milk", ticked: true), .named("tea", ticked: true)])
    }
}
