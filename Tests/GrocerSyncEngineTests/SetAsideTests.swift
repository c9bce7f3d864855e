import Foundation
import GrocerCore
import GrocerStore
import GrocerSync
import Synchronization
import Testing

@testable import GrocerSyncEngine

/// What the server sends that grocer's commands refuse (issue 36, High):
/// everything the sync takes in passes the checks `weight add` and an
/// import apply; what fails is set aside (never taken in, never rewritten,
/// never deleted), said in the summary, and never blocks the rest.
@Suite struct SetAsideTests {
    let server = FakeCalDAV(path: "/alice/weights/")

    static func journal(_ uid: String, _ lines: [String]) -> String {
        (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//phone//EN", "BEGIN:VJOURNAL", "UID:" + uid, "DTSTAMP:20261120T090000Z"] + lines
            + ["END:VJOURNAL", "END:VCALENDAR"]).map { $0 + "\r\n" }.joined()
    }

    static let refused: [(String, [String])] = [
        ("y1800", ["DTSTART:18000101T080000Z", "SUMMARY:80 kg"]),
        ("y2099", ["DTSTART:20990101T080000Z", "SUMMARY:80 kg"]),
        ("y9999", ["DTSTART;TZID=America/New_York:99991231T230000", "SUMMARY:80 kg"]),
        ("zero", ["DTSTART:20261101T070000Z", "X-GROCER-WEIGHT:0", "X-GROCER-UNIT:kg"]),
        ("negative", ["DTSTART:20261101T070000Z", "SUMMARY:-72.5 kg"]),
        ("nan", ["DTSTART:20261101T070000Z", "X-GROCER-WEIGHT:NaN", "X-GROCER-UNIT:kg"]),
    ]

    @Test func whatWeightAddRefusesIsSetAsideSaidAndNeverBlocksTheRest() async throws {
        let here = Machine(server, .weights)
        here.ledger.addWeight(Sync.weight("80.00", 0))
        try await here.sync()
        for (uid, lines) in Self.refused { server.phonePut(uid + ".ics", Self.journal(uid, lines)) }
        server.phonePut("good.ics", Self.journal("good", ["DTSTART:20261101T070000Z", "SUMMARY:81.5 kg"]))
        let long = String(repeating: "a", count: 10_000)
        server.phonePut("long.ics", Self.journal("long", ["DTSTART:20261102T070000Z", "SUMMARY:81.2 kg", "DESCRIPTION:" + long]))
        let objects = server.objects
        let summary = try await here.sync()
        // The month written, the two objects read deleted (issue 35).
        #expect(summary.received == 2 && summary.sent == 3 && summary.conflicts == 0)
        #expect(summary.unreadable == Self.refused.count)
        #expect(summary.description.contains("; 6 set aside, left on the server as they are: "))
        #expect(summary.description.contains("; and 3 more (change or delete them on the phone or computer that made them)"))
        #expect(here.ledger.weights.count == 3)
        for entry in here.ledger.weights {
            #expect(WeighInTime.problem(entry.recordedAt, now: Sync.now) == nil)
            #expect(entry.weight.value > 0 && entry.weight.value <= entry.weight.unit.maximum)
            #expect(WeightNote.problem(in: entry.note) == nil)
        }
        #expect(here.ledger.weights.contains { $0.note == WeightNote.cleaned(long) })
        // Never rewritten, never deleted; the next sync (the server's
        // token lists nothing new) sends and takes nothing. The two read
        // moved into their month (issue 35).
        #expect(
            server.objects.filter { !$0.key.contains("grocer-weights-") }
                == objects.filter { !["/alice/weights/good.ics", "/alice/weights/long.ics"].contains($0.key) && !$0.key.contains("grocer-weights-") })
        let after = server.objects
        let again = try await here.sync()
        #expect(again == SyncSummary())
        #expect(server.objects == after)
        #expect(here.ledger.conflicts.isEmpty)
    }

    /// The summary says why, in a person's words.
    @Test(arguments: [
        ("y1800", "a weight dated 1800-01-01, before 1900: grocer takes weigh-ins from 1900 on"),
        ("y9999", "a weight dated 10000-01-01, in the future: a weigh-in can be at most 5 minutes after now"),
        ("zero", "a weight grocer does not take: '0' is not above 0"),
    ])
    func theSummarySaysWhy(uid: String, reason: String) async throws {
        let lines = try #require(Self.refused.first { $0.0 == uid }?.1)
        server.phonePut(uid + ".ics", Self.journal(uid, lines))
        let summary = try await Machine(server, .weights).sync()
        #expect(
            summary.description
                == "sync: 0 received, 0 sent, no conflicts; 1 set aside, left on the server as it is: \(reason) (change or delete it on the phone or computer that made it)"
        )
    }

    /// An item whose SUMMARY is only invisible characters has no name
    /// `items add` would take: set aside, said; the other item arrives.
    @Test func anItemWithNoNameIsSetAsideAndTheRestArrives() async throws {
        let list = FakeCalDAV()
        list.phonePut("blank.ics", Sync.phoneTodo(uid: "blank", summary: "\u{200B}\u{200B}"))
        list.phonePut("long.ics", Sync.phoneTodo(uid: "long", summary: String(repeating: "b", count: 10_000)))
        list.phonePut("tea.ics", Sync.phoneTodo(uid: "tea", summary: "tea"))
        let here = Machine(list)
        let summary = try await here.sync()
        #expect(summary.received == 2 && summary.unreadable == 1)
        #expect(summary.reasons == ["an item with no name: its SUMMARY is empty"])
        #expect(here.ledger.list.map(\.name).contains("tea"))
        #expect(here.ledger.list.allSatisfy { $0.name.count <= QuickEntry.maximumNameLength })
    }
}

/// A weigh-in a phone dated a little ahead (its clock, its zone) is set
/// aside until its time comes, then taken: the token does not move past
/// it. One dated years ahead is set aside for good (the suite above: the
/// next sync says nothing).
@Suite struct WeighInAheadTests {
    let server = FakeCalDAV(path: "/alice/weights/")

    @Test func aWeighInDatedAnHourAheadIsTakenOnceItsTimeHasCome() async throws {
        let clock = Mutex(Sync.now)
        let ledger = MemoryLedger(SyncAccount(collection: .weights, url: server.endpoint.url))
        let engine = SyncEngine(
            ledger: ledger, client: server.client, collection: .weights, locale: MemoryLedger.locale, now: { clock.withLock { $0 } })
        ledger.addWeight(Sync.weight("80.00", 0))
        _ = try await engine.sync()
        let ahead = ICalDate.utc(Sync.now.addingTimeInterval(3600))
        server.phonePut("ahead.ics", SetAsideTests.journal("ahead", ["DTSTART:" + ahead, "SUMMARY:79.5 kg"]))

        let early = try await engine.sync()
        #expect(early.received == 0 && early.unreadable == 1)
        #expect(ledger.weights.count == 1)
        // Two hours on, the same server (nothing new on it) gives it.
        clock.withLock { $0 = Sync.now.addingTimeInterval(7200) }
        let later = try await engine.sync()
        #expect(later.received == 1 && later.unreadable == 0)
        #expect(ledger.weights.count == 2)
        // And then the token moves on: the next sync has nothing to do.
        #expect(try await engine.sync() == SyncSummary())
    }
}
