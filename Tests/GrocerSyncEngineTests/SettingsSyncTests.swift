import Foundation
import GrocerCore
import GrocerStore
import GrocerSync
import Testing

@testable import GrocerSyncEngine

/// The goal, the display unit and the height travel with the weights
/// collection (issue 36, "The list arrives without a key"): one object,
/// UID `grocer-settings`, merged field by field like the rest, conflicts
/// kept; never a weight.
@Suite struct SettingsSyncTests {
    let server = FakeCalDAV(path: "/alice/weights/")
    static let path = "/alice/weights/grocer-settings.ics"
    static let kg75 = Weight(digits: "75", unit: .kg)!
    static let kg70 = Weight(digits: "70", unit: .kg)!
    static let lbs180 = Weight(digits: "180.5", unit: .lbs)!
    static let cm180 = Height(value: 180, unit: .cm)!

    static func settingsObject(_ lines: [String], uid: String = SettingsMapping.uid) -> String {
        SetAsideTests.journal(uid, ["SUMMARY:grocer settings"] + lines)
    }

    static func waiting(_ machine: Machine) throws -> Int {
        try SyncEngine.waiting(ledger: machine.ledger, collection: .weights, locale: MemoryLedger.locale, now: Sync.now)
    }

    @Test func aGoalSetOnOneMachineShowsOnTheOtherAfterBothSync() async throws {
        let a = Machine(server, .weights)
        let b = Machine(server, .weights)
        a.ledger.settings.goal = Self.kg75
        #expect(try Self.waiting(a) == 1)
        #expect(try await a.sync() == SyncSummary(sent: 1))
        #expect(try Self.waiting(a) == 0)
        let summary = try await b.sync()
        #expect(summary == SyncSummary(received: 1))
        #expect(b.ledger.settings == SyncedSettings(goal: Self.kg75))
        #expect(b.ledger.weights.isEmpty && b.ledger.conflicts.isEmpty)
        // One object, readable on a phone.
        let text = try #require(server.objects[Self.path])
        #expect(server.objects.count == 1)
        #expect(text.contains("SUMMARY:grocer settings\r\n") && text.contains("DESCRIPTION:Goal 75 kg\r\n"))
        #expect(text.contains("X-GROCER-GOAL:75\r\n") && text.contains("X-GROCER-GOAL-UNIT:kg\r\n"))
        // Nothing to do after: nothing sent, nothing written.
        server.resetCounts()
        #expect(try await a.sync() == SyncSummary())
        #expect(try await b.sync() == SyncSummary())
        #expect(server.writes == 0)
    }

    @Test func theUnitAndTheHeightTravelToo() async throws {
        let a = Machine(server, .weights)
        let b = Machine(server, .weights)
        a.ledger.settings = SyncedSettings(unit: .st, height: Self.cm180)
        try await a.sync()
        try await b.sync()
        #expect(b.ledger.settings == SyncedSettings(unit: .st, height: Self.cm180))
        // A change after: the height cleared on b reaches a.
        b.ledger.settings.height = nil
        #expect(try await b.sync() == SyncSummary(sent: 1))
        #expect(try await a.sync() == SyncSummary(received: 1))
        #expect(a.ledger.settings == SyncedSettings(unit: .st))
    }

    @Test func aGoalChangedHereAndAUnitChangedThereAreBothKept() async throws {
        let a = Machine(server, .weights)
        let b = Machine(server, .weights)
        a.ledger.settings = SyncedSettings(goal: Self.kg70, unit: .lbs)
        try await a.sync()
        try await b.sync()
        a.ledger.settings.goal = Self.kg75
        b.ledger.settings.unit = .kg
        try await a.sync()
        let summary = try await b.sync()
        try await a.sync()
        let both = SyncedSettings(goal: Self.kg75, unit: .kg)
        #expect(a.ledger.settings == both && b.ledger.settings == both)
        #expect(summary.conflicts == 0 && a.ledger.conflicts.isEmpty && b.ledger.conflicts.isEmpty)
    }

    @Test func bothChangingTheGoalKeepsTheServersAndRecordsAConflict() async throws {
        let a = Machine(server, .weights)
        let b = Machine(server, .weights)
        a.ledger.settings.goal = Self.kg70
        try await a.sync()
        try await b.sync()
        a.ledger.settings.goal = Self.kg75
        b.ledger.settings.goal = Self.lbs180
        try await a.sync()
        let summary = try await b.sync()
        #expect(summary.conflicts == 1)
        #expect(b.ledger.settings.goal == Self.kg75)
        let conflict = try #require(b.ledger.conflicts.first)
        #expect(conflict.uid == SettingsMapping.uid && conflict.title == "grocer settings" && conflict.field == "goal")
        #expect(conflict.localValue == "180.5 lbs" && conflict.remoteValue == "75 kg" && conflict.kept == "remote")
        // The person takes theirs back: it goes out, and reaches a.
        try SyncService(ledger: b.ledger, locale: MemoryLedger.locale, now: { Sync.now }).takeOther(id: try #require(conflict.id))
        #expect(b.ledger.settings.goal == Self.lbs180 && b.ledger.conflicts.isEmpty)
        try await b.sync()
        try await a.sync()
        #expect(a.ledger.settings.goal == Self.lbs180)
    }

    /// A second machine's first sync: what it set and what the first set
    /// join, with no conflict for a field one side never set.
    @Test func aNewMachinesFirstSyncJoinsWithoutConflicts() async throws {
        let a = Machine(server, .weights)
        let b = Machine(server, .weights)
        a.ledger.settings.goal = Self.kg75
        b.ledger.settings.unit = .kg
        try await a.sync()
        try await b.sync()
        try await a.sync()
        let both = SyncedSettings(goal: Self.kg75, unit: .kg)
        #expect(a.ledger.settings == both && b.ledger.settings == both)
        #expect(a.ledger.conflicts.isEmpty && b.ledger.conflicts.isEmpty)
        #expect(server.objects.count == 1)
    }

    /// The settings' object is never a weight: not taken in, not set
    /// aside, not deleted, not counted; the entries beside it sync as
    /// ever.
    @Test func theSettingsObjectIsNeverCountedOrDeletedAsAWeight() async throws {
        let a = Machine(server, .weights)
        let b = Machine(server, .weights)
        a.ledger.addWeight(Sync.weight("80.10", 0))
        a.ledger.addWeight(Sync.weight("80.20", 86_400))
        a.ledger.settings.goal = Self.kg75
        #expect(try Self.waiting(a) == 3)
        // The two weights are one month (issue 35).
        #expect(try await a.sync() == SyncSummary(sent: 2))
        let summary = try await b.sync()
        #expect(summary == SyncSummary(received: 3))
        #expect(b.ledger.weights.count == 2 && b.ledger.settings.goal == Self.kg75)
        #expect(try Self.waiting(b) == 0)
        // A whole listing (the token forgotten) deletes nothing, sends
        // nothing.
        server.set { $0.forgetTokens = true }
        server.resetCounts()
        #expect(try await a.sync() == SyncSummary())
        #expect(try await b.sync() == SyncSummary())
        #expect(server.writes == 0 && server.objects.count == 2)
        // A weight deleted here goes; the settings stay.
        for id in a.ledger.state.withLock({ Array($0.weights.keys) }) { a.ledger.deleteWeight(id) }
        #expect(try await a.sync() == SyncSummary(sent: 1))
        #expect(server.objects.keys.sorted() == [Self.path])
        #expect(a.ledger.settings.goal == Self.kg75)
    }

    /// A phone deleted the object: the settings are not cleared anywhere;
    /// the object is written again.
    @Test func deletedOnTheServerTheSettingsStayAndAreWrittenAgain() async throws {
        let a = Machine(server, .weights)
        a.ledger.settings.goal = Self.kg75
        try await a.sync()
        server.phoneDelete(Self.path)
        #expect(try await a.sync() == SyncSummary(sent: 1))
        #expect(a.ledger.settings.goal == Self.kg75)
        #expect(server.objects[Self.path]?.contains("X-GROCER-GOAL:75\r\n") == true)
    }

    /// A hostile settings object: a goal `weight add` refuses, a unit
    /// grocer does not know; each set aside and said, the height that is
    /// good applies, the weights beside it are untouched.
    @Test func aHostileSettingsObjectsBadFieldsAreSetAsideAndTheRestApplies() async throws {
        let here = Machine(server, .weights)
        here.ledger.addWeight(Sync.weight("80.00", 0))
        here.ledger.settings = SyncedSettings(goal: Self.kg70, unit: .kg)
        try await here.sync()
        let weights = here.ledger.weights
        server.phonePut(
            "grocer-settings.ics",
            Self.settingsObject([
                "X-GROCER-SETTINGS:1", "X-GROCER-GOAL:0", "X-GROCER-GOAL-UNIT:kg", "X-GROCER-DISPLAY-UNIT:stones",
                "X-GROCER-HEIGHT:170 cm",
            ]))
        let summary = try await here.sync()
        #expect(here.ledger.settings == SyncedSettings(goal: Self.kg70, unit: .kg, height: Height(value: 170, unit: .cm)!))
        #expect(summary.received == 1 && summary.unreadable == 2)
        #expect(
            summary.reasons == [
                "grocer settings' goal \u{201C}0 kg\u{201D}: '0' is not above 0", "grocer settings' unit \u{201C}stones\u{201D}: not lbs, kg or st",
            ])
        #expect(here.ledger.weights == weights)
        #expect(here.ledger.conflicts.isEmpty)
    }

    /// Each case: the goal's lines and the height's line of a phone's copy
    /// (the rest as grocer wrote it), and what the sync says.
    static let refusedFields: [([String], String)] = [
        (
            ["X-GROCER-GOAL:" + String(repeating: "9", count: 5_000), "X-GROCER-GOAL-UNIT:kg", "X-GROCER-HEIGHT:180 cm"],
            "grocer settings' goal is longer than 64 characters"
        ),
        (
            ["X-GROCER-GOAL:900", "X-GROCER-GOAL-UNIT:kg", "X-GROCER-HEIGHT:180 cm"],
            "grocer settings' goal \u{201C}900 kg\u{201D}: over the largest weight grocer takes (680 kg)"
        ),
        (
            ["X-GROCER-GOAL:75", "X-GROCER-GOAL-UNIT:stone", "X-GROCER-HEIGHT:180 cm"],
            "grocer settings' goal \u{201C}75 stone\u{201D}: not a weight and its unit, lbs or kg"
        ),
        (
            ["X-GROCER-GOAL:70", "X-GROCER-GOAL-UNIT:kg", "X-GROCER-HEIGHT:9000 cm"],
            "grocer settings' height \u{201C}9000 cm\u{201D}: not a height grocer takes (50 to 272 cm, as 180 cm or 70.5 in)"
        ),
    ]

    @Test(arguments: refusedFields)
    func aFieldGrocerRefusesIsSaidAndChangesNothing(lines: [String], reason: String) async throws {
        let here = Machine(server, .weights)
        here.ledger.settings = SyncedSettings(goal: Self.kg70, height: Self.cm180)
        try await here.sync()
        server.phonePut("grocer-settings.ics", Self.settingsObject(["X-GROCER-SETTINGS:1"] + lines))
        let summary = try await here.sync()
        #expect(summary.reasons == [reason])
        #expect(here.ledger.settings == SyncedSettings(goal: Self.kg70, height: Self.cm180))
        #expect(here.ledger.conflicts.isEmpty)
    }

    /// A careless writer's weight with the settings' UID is neither a
    /// weight nor settings: set aside, said, never deleted.
    @Test func aPhonesWeightWithTheSettingsUIDIsNeitherAWeightNorSettings() async throws {
        let here = Machine(server, .weights)
        here.ledger.settings.unit = .kg
        server.phonePut(
            "phone.ics",
            SetAsideTests.journal(
                SettingsMapping.uid, ["DTSTART:20261101T070000Z", "SUMMARY:72 kg", "X-GROCER-WEIGHT:72", "X-GROCER-UNIT:kg"]))
        let summary = try await here.sync()
        #expect(here.ledger.weights.isEmpty && here.ledger.settings == SyncedSettings(unit: .kg))
        #expect(summary.unreadable == 1)
        #expect(summary.reasons == ["an object with grocer's settings UID (grocer-settings) that is not grocer's settings"])
        #expect(server.objects["/alice/weights/phone.ics"]?.contains("X-GROCER-WEIGHT:72") == true)
    }
}
