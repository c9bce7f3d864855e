import Foundation
import GrocerCore
import GrocerStore
import GrocerSync
import Testing

@testable import GrocerSyncEngine

/// An object at a new address that has the UID of one grocer knows (a
/// copy a phone put elsewhere, or an intruder): another object, left
/// alone and said; never merged into the known one's entry, and its
/// deletion never deletes it.
@Suite struct SharedUIDTests {
    let server = FakeCalDAV(path: "/alice/weights/")

    /// One weight synced, then a copy of its object with another weight
    /// and note put at a new address.
    func intruded() async throws -> (Machine, SyncSummary) {
        let here = Machine(server, .weights)
        here.ledger.addWeight(Sync.weight("72.50", 0, note: "after a run"))
        try await here.sync()
        let (_, text) = try #require(server.objects.first)
        // The month's object (issue 35), its entry changed.
        let copy = text.replacingOccurrences(of: "\r\n ", with: "").replacingOccurrences(
            of: ";X-GROCER-NOTE=after a run:72.50", with: ";X-GROCER-NOTE=not mine:99.90")
        server.phonePut("intruder.ics", copy)
        return (here, try await here.sync())
    }

    @Test func aKnownUIDAtANewAddressLeavesTheLocalWeightAlone() async throws {
        let (here, summary) = try await intruded()
        #expect(here.ledger.weights == [Sync.weight("72.50", 0, note: "after a run")])
        #expect(summary.received == 0 && summary.sharedUID == 1)
        #expect(summary.description.hasSuffix("; 1 object on the server has the UID of another and was left alone"))
        // `sync --json` says it too.
        #expect(summary.counts.map(\.name) == ["received", "sent", "conflicts", "unreadable", "sharedUID"])
        #expect(summary.counts.last?.value == 1)
        // The intruder is not rewritten either.
        #expect(server.objects["/alice/weights/intruder.ics"]?.contains("not mine") == true)
    }

    @Test func deletingTheIntruderLeavesTheLocalWeight() async throws {
        let (here, _) = try await intruded()
        server.phoneDelete("/alice/weights/intruder.ics")
        try await here.sync()
        #expect(here.ledger.weights == [Sync.weight("72.50", 0, note: "after a run")])
        #expect(Sync.weights(server) == here.ledger.weights)
        // And on a whole listing (the token forgotten) too.
        server.set { $0.forgetTokens = true }
        try await here.sync()
        #expect(here.ledger.weights == [Sync.weight("72.50", 0, note: "after a run")])
    }

    /// The object moved: gone from its address, the same UID at a new
    /// one. That is the same object, followed.
    @Test func anObjectThatMovedIsFollowed() async throws {
        let here = Machine(server, .weights)
        here.ledger.addWeight(Sync.weight("72.50", 0))
        try await here.sync()
        let (path, text) = try #require(server.objects.first)
        server.phoneDelete(path)
        server.phonePut(
            "moved.ics",
            text.replacingOccurrences(of: "\r\n ", with: "").replacingOccurrences(of: ":72.50\r\n", with: ";X-GROCER-NOTE=moved:72.50\r\n"))
        let summary = try await here.sync()
        #expect(here.ledger.weights == [Sync.weight("72.50", 0, note: "moved")])
        #expect(summary.received == 1 && summary.sharedUID == 0)
        let record = try #require(here.ledger.state.withLock { $0.records[.weights]?.values.first { $0.href != nil } })
        #expect(record.href?.hasSuffix("/alice/weights/moved.ics") == true)
    }

    /// Two new objects with one UID: the first (by address) is taken, the
    /// second is left alone and counted, not dropped without a word.
    @Test func twoNewObjectsWithOneUIDAreBothSaid() async throws {
        let server = FakeCalDAV(path: "/alice/groceries/")
        let machine = Machine(server)
        server.phonePut("a.ics", Sync.phoneTodo(uid: "same", summary: "milk"))
        server.phonePut("b.ics", Sync.phoneTodo(uid: "same", summary: "eggs"))
        let summary = try await machine.sync()
        #expect(machine.ledger.list.count == 1)
        #expect(summary.sharedUID == 1 && summary.received == 1)
        #expect(server.objects.count == 2, "neither is deleted")
    }
}
