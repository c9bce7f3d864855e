import Foundation
import GrocerCore
import GrocerStore
import GrocerSync
import Testing

@testable import GrocerSyncEngine

/// The planner without a network: records × what the server listed and
/// answered → what to fetch, what to apply here and what to write there.
@Suite struct SyncPlannerTests {
    static let base = "http://127.0.0.1:5232/alice/weights/"
    static let morning = Sync.weight("72.50", 0)
    static let evening = Sync.weight("72.90", 43_200)

    /// Records "a" (at a.ics, ETag "1") and "b" (at b.ics, ETag "2"),
    /// both agreed on and here as ids 1 and 2, and "c", claimed for id 3
    /// and not yet written; `locals` are the weights here.
    static func planner(_ locals: [Int64: SyncedWeight] = [1: morning, 2: evening, 3: Sync.weight("73.00", 86_400)]) -> SyncPlanner<
        SyncedWeight, WeightField
    > {
        let kind = SyncKind.weights(locals.map { SyncLocalWeight(id: $0.key, weight: $0.value) }.sorted { $0.id < $1.id }, now: Sync.now)
        let records = [
            SyncRecord(uid: "a", href: base + "a.ics", etag: "\"1\"", agreed: kind.write(morning, "a", nil, nil), localID: 1),
            SyncRecord(uid: "b", href: base + "b.ics", etag: "\"2\"", agreed: kind.write(evening, "b", nil, nil), localID: 2),
            SyncRecord(uid: "c", localID: 3),
        ]
        return SyncPlanner(kind: kind, records: records, collection: .weights, now: Sync.now, normal: { $0 })
    }

    static func listed(_ name: String, etag: String? = nil, status: Int? = nil) -> Multistatus.Response {
        Multistatus.Response(href: base + name, status: status, etag: etag)
    }

    static func remote(_ name: String, uid: String, _ weight: SyncedWeight) -> SyncRemote<SyncedWeight> {
        let bytes = planner().kind.write(weight, uid, nil, nil)
        return SyncRemote(href: base + name, etag: "\"9\"", bytes: bytes, uid: uid, value: weight)
    }

    struct ListingCase: CustomTestStringConvertible, Sendable {
        var name: String
        var listed: [Multistatus.Response]
        var full: Bool
        var fetch: [String]
        var gone: [String]
        var testDescription: String { name }
    }

    static let listings: [ListingCase] = [
        ListingCase(name: "an unchanged ETag is not fetched", listed: [listed("a.ics", etag: "\"1\"")], full: false, fetch: [], gone: []),
        ListingCase(name: "a changed ETag is fetched", listed: [listed("a.ics", etag: "\"7\"")], full: false, fetch: ["a.ics"], gone: []),
        ListingCase(name: "no ETag is fetched", listed: [listed("a.ics")], full: false, fetch: ["a.ics"], gone: []),
        ListingCase(name: "a new member is fetched", listed: [listed("n.ics", etag: "\"5\"")], full: false, fetch: ["n.ics"], gone: []),
        ListingCase(name: "a 404 is gone", listed: [listed("b.ics", status: 404)], full: false, fetch: [], gone: ["b"]),
        ListingCase(name: "a 404 of no record is nothing", listed: [listed("x.ics", status: 404)], full: false, fetch: [], gone: []),
        ListingCase(name: "another status is neither", listed: [listed("a.ics", etag: "\"7\"", status: 500)], full: false, fetch: [], gone: []),
        ListingCase(name: "left out of a change list is unchanged", listed: [], full: false, fetch: [], gone: []),
        ListingCase(name: "left out of a whole listing is gone", listed: [listed("a.ics", etag: "\"1\"")], full: true, fetch: [], gone: ["b"]),
        ListingCase(
            name: "a whole listing of both fetches the changed",
            listed: [listed("a.ics", etag: "\"1\""), listed("b.ics", etag: "\"8\"")], full: true, fetch: ["b.ics"], gone: []),
    ]

    @Test(arguments: listings) func aListingSaysWhatToFetchAndWhatIsGone(_ row: ListingCase) {
        let plan = Self.planner().listing(row.listed, full: row.full)
        #expect(plan.fetch == row.fetch.map { Self.base + $0 })
        #expect(plan.gone == row.gone)
    }

    @Test func aMultigetAnswerIsSorted() {
        let planner = Self.planner()
        let text = String(decoding: planner.kind.write(Self.morning, "a", nil, nil), as: UTF8.self)
        let answer = [
            Multistatus.Response(href: Self.base + "a.ics", etag: "\"7\"", calendarData: text),
            Multistatus.Response(href: Self.base + "b.ics", status: 404),
            Multistatus.Response(href: Self.base + "n.ics", etag: "\"5\"", calendarData: "not iCalendar"),
            Multistatus.Response(href: Self.base + "elsewhere.ics", etag: "\"5\"", calendarData: text),
        ]
        let asked = ["a.ics", "b.ics", "n.ics", "m.ics"].map { Self.base + $0 }
        let plan = planner.fetched(answer, asked: asked)
        #expect(plan.remotes.map(\.uid) == ["a"])
        #expect(plan.gone == ["b"] && plan.unreadable == 1 && plan.unanswered)
        #expect(!planner.fetched(Array(answer.prefix(3)), asked: Array(asked.prefix(3))).unanswered)
    }

    @Test func nothingChangedPlansNothingButTheNewRecord() {
        let plan = Self.planner().plan(remotes: [], gone: [])
        #expect(plan.writes == [.create(uid: "c", value: Sync.weight("73.00", 86_400))])
        #expect(plan.batch.weights.isEmpty && plan.batch.records.isEmpty && plan.new.isEmpty)
    }

    @Test func aChangeThereIsAppliedHere() {
        let changed = Sync.weight("72.50", 0, note: "phone")
        let plan = Self.planner().plan(remotes: [Self.remote("a.ics", uid: "a", changed)], gone: [])
        #expect(plan.batch.weights == [SyncBatch.Change(uid: "a", expected: Self.morning, new: changed)])
        #expect(plan.batch.records.map(\.etag) == ["\"9\""])
        #expect(plan.summary.received == 1)
        #expect(!plan.writes.contains { $0.uid == "a" })
    }

    @Test func aChangeHereIsPut() {
        let changed = Sync.weight("71.00", 0)
        let plan = Self.planner([1: changed, 2: Self.evening]).plan(remotes: [], gone: [])
        #expect(plan.writes.first { $0.uid == "a" }.map { if case .put(_, _, "\"1\"", _, changed, _) = $0 { true } else { false } } == true)
        // "c" has no local weight any more: its record goes.
        #expect(plan.batch.droppedRecords == ["c"])
    }

    @Test func aDeletionHereIsDeletedThere() {
        let plan = Self.planner([2: Self.evening]).plan(remotes: [], gone: [])
        #expect(plan.writes.contains(.delete(uid: "a", href: Self.base + "a.ics", etag: "\"1\"")))
    }

    @Test func goneThereAndUnchangedHereIsDeletedHere() {
        let plan = Self.planner().plan(remotes: [], gone: ["b"])
        #expect(plan.batch.weights == [SyncBatch.Change(uid: "b", expected: Self.evening, new: nil)])
        #expect(plan.batch.droppedRecords == ["b"])
        #expect(plan.summary.received == 1 && plan.summary.conflicts == 0)
    }

    @Test func goneThereAndChangedHereIsMadeAgainWithAConflict() {
        let changed = Sync.weight("72.90", 43_200, note: "kept")
        let plan = Self.planner([1: Self.morning, 2: changed]).plan(remotes: [], gone: ["b"])
        #expect(plan.writes.contains(.create(uid: "b", value: changed)))
        #expect(plan.batch.conflicts.map(\.field) == ["presence"])
    }

    @Test func aNewWeightHereIsClaimedThenCreated() {
        let plan = Self.planner([1: Self.morning, 2: Self.evening, 3: Sync.weight("73.00", 86_400), 4: Sync.weight("74.00", 0)]).plan(
            remotes: [], gone: [])
        #expect(plan.new == [4])
    }

    /// The finding: "a" is bound to a.ics, which the server still holds;
    /// an object at n.ics with UID "a" is another object.
    @Test func aKnownUIDAtANewAddressIsLeftAlone() {
        let intruder = Sync.weight("99.90", 0, note: "not mine")
        let plan = Self.planner().plan(remotes: [Self.remote("n.ics", uid: "a", intruder)], gone: [])
        #expect(plan.batch.weights.isEmpty && plan.batch.records.isEmpty)
        #expect(plan.summary.sharedUID == 1 && plan.summary.received == 0)
        #expect(!plan.writes.contains { $0.uid == "a" })
    }

    @Test func aKnownUIDAtANewAddressWhoseOldOneIsGoneHasMoved() {
        let moved = Sync.weight("72.50", 0, note: "moved")
        let plan = Self.planner().plan(remotes: [Self.remote("n.ics", uid: "a", moved)], gone: ["a"])
        #expect(plan.batch.weights == [SyncBatch.Change(uid: "a", expected: Self.morning, new: moved)])
        #expect(plan.batch.records.map(\.href) == [Self.base + "n.ics"])
        #expect(plan.summary.sharedUID == 0 && !plan.batch.droppedRecords.contains("a"))
    }

    /// A record claimed and never written (a kill -9 after the create):
    /// the object with its UID is grocer's own, and bound.
    @Test func aClaimedUIDIsBoundToItsObject() {
        let plan = Self.planner().plan(remotes: [Self.remote("c.ics", uid: "c", Sync.weight("73.00", 86_400))], gone: [])
        #expect(plan.batch.records.map(\.uid) == ["c"] && plan.summary.sharedUID == 0)
        #expect(!plan.writes.contains { $0.uid == "c" })
    }

    @Test func twoNewObjectsWithOneUIDTakeTheFirstAndCountTheSecond() {
        let plan = Self.planner().plan(
            remotes: [Self.remote("n.ics", uid: "new", Self.morning), Self.remote("m.ics", uid: "new", Self.evening)], gone: [])
        #expect(plan.batch.weights == [SyncBatch.Change(uid: "new", expected: nil, new: Self.morning)])
        #expect(plan.summary.sharedUID == 1)
    }
}
