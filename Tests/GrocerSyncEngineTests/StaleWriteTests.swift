import Foundation
import GrocerCore
import GrocerStore
import GrocerSync
import Testing

@testable import GrocerSyncEngine

/// A client that writes without If-Match from a stale copy (Tasks.org
/// always, Thunderbird's "overwrite" after a 412) puts back the copy
/// grocer and the server agreed on before grocer's change: grocer's
/// change is kept, written again, and a conflict names both values.
@Suite struct StaleWriteTests {
    @Test func aStaleWeightDoesNotTakeBackGrocersChange() async throws {
        let server = FakeCalDAV(path: "/alice/weights/")
        let here = Machine(server, .weights)
        let id = here.ledger.addWeight(Sync.weight("72.00", 0))
        try await here.sync()
        let (path, stale) = try #require(server.objects.first)
        here.ledger.editWeight(id) { $0.weight = Weight(digits: "75.00", unit: .kg)! }
        try await here.sync()
        #expect(Sync.weights(server) == [Sync.weight("75.00", 0)])

        server.phonePut(String(path.dropFirst("/alice/weights/".count)), stale)
        let summary = try await here.sync()

        #expect(here.ledger.weights == [Sync.weight("75.00", 0)])
        #expect(Sync.weights(server) == [Sync.weight("75.00", 0)], "written again")
        #expect(summary.conflicts == 1 && summary.sent == 1 && summary.received == 0)
        let conflict = try #require(here.ledger.conflicts.first)
        #expect(conflict.field == "weight" && conflict.kept == "local")
        #expect(conflict.localValue == "75.00 kg" && conflict.remoteValue == "72.00 kg")
        // Taking the other value brings the older one back, and it goes out.
        try SyncEngine.takeOther(conflict, ledger: here.ledger, locale: MemoryLedger.locale)
        #expect(here.ledger.weights == [Sync.weight("72.00", 0)])
        try await here.sync()
        #expect(Sync.weights(server) == [Sync.weight("72.00", 0)])
    }

    @Test func aStaleNameDoesNotTakeBackGrocersRename() async throws {
        let server = FakeCalDAV()
        let here = Machine(server)
        here.ledger.add(.named("tea"))
        try await here.sync()
        let path = try #require(Sync.path(of: "tea", server))
        let stale = try #require(server.objects[path])
        here.ledger.edit("tea") { $0.name = "green tea" }
        try await here.sync()

        server.phonePut(String(path.dropFirst("/alice/groceries/".count)), stale)
        let summary = try await here.sync()

        #expect(here.ledger.list == [.named("green tea")])
        #expect(Sync.list(server) == [.named("green tea")])
        #expect(summary.conflicts == 1)
        let conflict = try #require(here.ledger.conflicts.first)
        #expect(conflict.field == "name" && conflict.kept == "local")
        #expect(conflict.localValue == "green tea" && conflict.remoteValue == "tea")
    }

    /// A change that is not the older copy come back is a change, taken
    /// as ever; and a server that rewrites the bytes it stores does not
    /// make grocer's own copy look older.
    @Test func aRealChangeAfterGrocersIsTaken() async throws {
        let server = FakeCalDAV(path: "/alice/weights/")
        server.set { $0.rewriteBodies = true }
        let here = Machine(server, .weights)
        let id = here.ledger.addWeight(Sync.weight("72.00", 0))
        try await here.sync()
        here.ledger.editWeight(id) { $0.weight = Weight(digits: "75.00", unit: .kg)! }
        try await here.sync()
        try await here.sync()
        let (path, _) = try #require(server.objects.first)
        // The entry in its month (issue 35).
        server.phoneEdit(path) { $0.replacingOccurrences(of: "\r\n ", with: "").replacingOccurrences(of: ":75.00\r\n", with: ":74.00\r\n") }
        let summary = try await here.sync()
        #expect(here.ledger.weights == [Sync.weight("74.00", 0)])
        #expect(summary.conflicts == 0 && summary.received == 1)
    }

    /// The planner: the record remembers the copy before, only when the
    /// value moved.
    @Test func theCopyBeforeIsKeptOnlyWhenTheValueMoved() {
        let planner = SyncPlannerTests.planner()
        let record = SyncRecord(uid: "a", href: SyncPlannerTests.base + "a.ics", agreed: [1], localID: 1, previous: [9])
        let same = SyncPlannerTests.remote("a.ics", uid: "a", SyncPlannerTests.morning)
        #expect(planner.agreeing(record, base: SyncPlannerTests.morning, on: same).previous == [9])
        let other = SyncPlannerTests.remote("a.ics", uid: "a", SyncPlannerTests.evening)
        #expect(planner.agreeing(record, base: SyncPlannerTests.morning, on: other).previous == [1])
    }
}
