import Foundation
import GrocerCore
import GrocerStore
import GrocerSync
import Testing

@testable import GrocerSyncEngine

/// The weights as one VJOURNAL per month (issue 35, docs/SYNC-FORMAT.md):
/// the first sync writes a month per object, an edit is one PUT of its
/// month, each entry merges on its own, and two machines in one month
/// meet on a 412.
@Suite struct MonthSyncTests {
    let server = FakeCalDAV(path: "/alice/weights/")
    static let day: TimeInterval = 86_400

    /// Every object on the server is a month of grocer's.
    func onlyMonths() -> Bool {
        server.objects.values.allSatisfy { text in (try? ICalendar.read(text)).map(MonthMapping.isMonth) == true }
    }

    @Test func aYearOfDailyWeightsIsAMonthPerObject() async throws {
        let here = Machine(server, .weights)
        for day in 0..<365 { here.ledger.addWeight(Sync.weight(String(format: "80.%02d", day % 100), -Double(day) * Self.day)) }
        let summary = try await here.sync()
        #expect(server.objects.count == 13 && onlyMonths())
        #expect(server.writes == 13 && summary.sent == 13)
        #expect(Sync.weights(server) == here.ledger.weights)
        // Nothing to do the next time.
        server.resetCounts()
        #expect(try await here.sync().sent == 0)
        #expect(server.writes == 0)
    }

    @Test func aMonthPastFourHundredEntriesGoesOnInParts() async throws {
        let here = Machine(server, .weights)
        // 450 weigh-ins in September 2026, one every 90 minutes.
        let start = Date(timeIntervalSince1970: 1_788_220_800)  // 2026-09-01T00:00:00Z
        for index in 0..<450 {
            here.ledger.addWeight(
                SyncedWeight(weight: Weight(digits: "80.00", unit: .kg)!, recordedAt: start.addingTimeInterval(Double(index) * 5400)))
        }
        try await here.sync()
        #expect(server.objects.keys.sorted() == ["/alice/weights/grocer-weights-2026-09-part2.ics", "/alice/weights/grocer-weights-2026-09.ics"])
        let other = Machine(server, .weights)
        try await other.sync()
        #expect(other.ledger.weights.count == 450 && other.ledger.weights == here.ledger.weights)
        #expect(try await here.sync().sent == 0)
    }

    @Test func anEditOfOneWeightIsOnePutOfItsMonth() async throws {
        let here = Machine(server, .weights)
        var ids: [Int64] = []
        for day in 0..<90 { ids.append(here.ledger.addWeight(Sync.weight("80.00", -Double(day) * Self.day))) }
        try await here.sync()
        server.resetCounts()
        here.ledger.editWeight(ids[40]) { $0.note = "edited" }
        let summary = try await here.sync()
        #expect(summary.sent == 1 && server.writes == 1)
        #expect(server.requests.filter { $0.method == "PUT" }.count == 1)
        #expect(Sync.weights(server) == here.ledger.weights)
    }

    @Test func aWeightMovedToAnotherMonthLeavesOneCopy() async throws {
        let here = Machine(server, .weights)
        let id = here.ledger.addWeight(Sync.weight("80.00", -60 * Self.day))
        here.ledger.addWeight(Sync.weight("81.00", 0))
        try await here.sync()
        here.ledger.editWeight(id) { $0.recordedAt = $0.recordedAt.addingTimeInterval(61 * Self.day) }
        try await here.sync()
        let other = Machine(server, .weights)
        try await other.sync()
        #expect(other.ledger.weights == here.ledger.weights && Sync.weights(server) == here.ledger.weights)
    }

    @Test func twoMachinesWeighingInTheSameMonthMeetOnA412AndKeepBoth() async throws {
        let a = Machine(server, .weights)
        let b = Machine(server, .weights)
        a.ledger.addWeight(Sync.weight("80.00", 0))
        b.ledger.addWeight(Sync.weight("90.00", 3600))
        // Both list an empty collection, then both create the month.
        async let first = a.sync()
        async let second = b.sync()
        _ = try await (first, second)
        #expect(server.state.withLock { $0.preconditionsFailed } >= 1)
        try await a.sync()
        #expect(a.ledger.weights == [Sync.weight("80.00", 0), Sync.weight("90.00", 3600)])
        #expect(b.ledger.weights == a.ledger.weights && Sync.weights(server) == a.ledger.weights)
        #expect(server.objects.count == 1)
    }

    /// Two machines that share two weights.
    func shared() async throws -> (Machine, Machine, Int64, Int64, Int64, Int64) {
        let a = Machine(server, .weights)
        let b = Machine(server, .weights)
        let a1 = a.ledger.addWeight(Sync.weight("80.00", 0))
        let a2 = a.ledger.addWeight(Sync.weight("81.00", Self.day))
        try await a.sync()
        try await b.sync()
        let ids = b.ledger.state.withLock { state in state.weights.sorted { $0.value.recordedAt < $1.value.recordedAt }.map(\.key) }
        return (a, b, a1, a2, ids[0], ids[1])
    }

    @Test func fieldsChangedOnEachSideOfOneEntryBothStay() async throws {
        let (a, b, a1, _, b1, _) = try await shared()
        a.ledger.editWeight(a1) { $0.note = "after a run" }
        b.ledger.editWeight(b1) { $0.weight = Weight(digits: "79.50", unit: .kg)! }
        try await a.sync()
        try await b.sync()
        try await a.sync()
        let both = Sync.weight("79.50", 0, note: "after a run")
        #expect(a.ledger.weights.first == both && b.ledger.weights.first == both)
        #expect(a.ledger.conflicts.isEmpty && b.ledger.conflicts.isEmpty)
    }

    @Test func oneFieldChangedOnBothSidesIsAConflictThatNamesTheEntry() async throws {
        let (a, b, a1, _, b1, _) = try await shared()
        a.ledger.editWeight(a1) { $0.weight = Weight(digits: "79.00", unit: .kg)! }
        b.ledger.editWeight(b1) { $0.weight = Weight(digits: "78.00", unit: .kg)! }
        try await a.sync()
        let summary = try await b.sync()
        #expect(summary.conflicts == 1)
        let conflict = try #require(b.ledger.conflicts.first)
        let entryUID = try #require(try b.ledger.syncRecords(.weights).first { $0.localID == b1 }?.uid)
        #expect(conflict.uid == entryUID && conflict.field == "weight")
        #expect(conflict.localValue == "78.00 kg" && conflict.remoteValue == "79.00 kg" && conflict.kept == "remote")
        #expect(conflict.title.hasPrefix("79.00 kg on "))
        // Taking the other value sends it.
        try SyncEngine.takeOther(conflict, ledger: b.ledger, locale: MemoryLedger.locale)
        try await b.sync()
        try await a.sync()
        #expect(a.ledger.weights.first?.weight.digits == "78.00")
    }

    @Test func deletedOnOneSideAndEditedOnTheOtherStays() async throws {
        let (a, b, _, a2, _, b2) = try await shared()
        a.ledger.deleteWeight(a2)
        b.ledger.editWeight(b2) { $0.note = "kept" }
        try await a.sync()
        try await b.sync()
        try await a.sync()
        #expect(a.ledger.weights.count == 2 && b.ledger.weights.count == 2)
        #expect(b.ledger.conflicts.map(\.field) == ["presence"])
        #expect(Sync.weights(server).last?.note == "kept")
    }

    @Test func deletedOnOneSideAndUnchangedOnTheOtherGoes() async throws {
        let (a, b, _, a2, _, _) = try await shared()
        a.ledger.deleteWeight(a2)
        try await a.sync()
        try await b.sync()
        #expect(b.ledger.weights == [Sync.weight("80.00", 0)] && Sync.weights(server) == [Sync.weight("80.00", 0)])
    }

    @Test func anEntryAddedHereIsNeverTakenForOneDeletedThere() async throws {
        let (a, b, _, _, _, _) = try await shared()
        b.ledger.addWeight(Sync.weight("82.00", 2 * Self.day))
        a.ledger.addWeight(Sync.weight("83.00", 3 * Self.day))
        try await a.sync()
        try await b.sync()
        try await a.sync()
        #expect(a.ledger.weights.count == 4 && b.ledger.weights == a.ledger.weights && Sync.weights(server) == a.ledger.weights)
    }

    @Test func bothSidesMakingTheSameChangeIsNoConflict() async throws {
        let (a, b, a1, _, b1, _) = try await shared()
        a.ledger.editWeight(a1) { $0.note = "same" }
        b.ledger.editWeight(b1) { $0.note = "same" }
        try await a.sync()
        try await b.sync()
        #expect(b.ledger.conflicts.isEmpty && b.ledger.weights == a.ledger.weights)
    }

    /// A phone that mangles one entry of a month (a date grocer cannot
    /// read): that entry is set aside and said, never taken as deleted.
    @Test func anEntryAPhoneMangledIsSetAsideNotDeleted() async throws {
        let (a, _, _, _, _, _) = try await shared()
        let (path, text) = try #require(server.objects.first)
        let unfolded = text.replacingOccurrences(of: "\r\n ", with: "")
        let mangled = try #require(unfolded.range(of: "X-GROCER-AT=20260922T141320Z"))
        server.phonePut(
            String(path.dropFirst("/alice/weights/".count)), unfolded.replacingCharacters(in: mangled, with: "X-GROCER-AT=20261322T141320Z"))
        let summary = try await a.sync()
        #expect(a.ledger.weights.count == 2)
        #expect(summary.unreadable == 1 && summary.reasons.first?.contains("no time grocer can read") == true)
    }

    /// One entry in two months (a move cut short, or a phone's copy): one
    /// entry here, and afterwards in its own month only.
    @Test func anEntryInTwoMonthsIsOneEntry() async throws {
        let (a, _, _, _, _, _) = try await shared()
        let (_, text) = try #require(server.objects.first)
        let unfolded = text.replacingOccurrences(of: "\r\n ", with: "")
        let october = unfolded.replacingOccurrences(of: "grocer-weights-2026-09", with: "grocer-weights-2026-10")
            .replacingOccurrences(of: "X-GROCER-MONTH:2026-09", with: "X-GROCER-MONTH:2026-10")
        server.phonePut("grocer-weights-2026-10.ics", october)
        try await a.sync()
        #expect(a.ledger.weights.count == 2)
        try await a.sync()
        #expect(Sync.weights(server).count == 2 && server.objects.count == 1)
        let other = Machine(server, .weights)
        try await other.sync()
        #expect(other.ledger.weights == a.ledger.weights)
    }

    @Test func syncStatusCountsEntriesNotMonths() async throws {
        let (a, _, a1, a2, _, _) = try await shared()
        #expect(try SyncEngine.waiting(ledger: a.ledger, collection: .weights, locale: MemoryLedger.locale, now: Sync.now) == 0)
        a.ledger.editWeight(a1) { $0.note = "x" }
        a.ledger.deleteWeight(a2)
        a.ledger.addWeight(Sync.weight("90.00", 5 * Self.day))
        #expect(try SyncEngine.waiting(ledger: a.ledger, collection: .weights, locale: MemoryLedger.locale, now: Sync.now) == 3)
    }
}
