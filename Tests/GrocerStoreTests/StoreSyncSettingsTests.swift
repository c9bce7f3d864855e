import Foundation
import GrocerCore
import Testing

@testable import GrocerStore

/// The store's side of the settings object (issue 36): the settings as
/// sync reads them, a weights batch's settings change, and the object's
/// record (reserved UID, no local id) beside the entries'.
@Suite struct StoreSyncSettingsTests {
    static let weightsURL = "https://dav.example/grocer/weights/"
    static let locale = Locale(identifier: "en_US_POSIX")
    static let goal = Weight(digits: "75.5", unit: .kg)!
    static let height = Height(value: Decimal(string: "70.5")!, unit: .inches)!

    static func store() throws -> Store {
        let store = try Store.open(at: ":memory:", mode: .memory, zone: .current, stop: StopFlag())
        try store.sync.setSyncAccount(SyncAccount(collection: .weights, url: weightsURL))
        return store
    }

    @Test func theSettingsAreReadAsTheCommandsWriteThem() throws {
        let store = try Self.store()
        #expect(try store.sync.syncLocalSettings() == SyncedSettings())
        try store.settings.set(.goal, to: Self.goal)
        try store.settings.set(.unit, to: .st)
        try store.settings.set(.height, to: Self.height)
        #expect(try store.sync.syncLocalSettings() == SyncedSettings(goal: Self.goal, unit: .st, height: Self.height))
    }

    @Test func aBatchsSettingsChangeIsWhatTheCommandsRead() throws {
        let store = try Self.store()
        try store.settings.set(.unit, to: .lbs)
        var batch = SyncBatch()
        batch.settings = [
            SyncBatch.Change(uid: "grocer-settings", expected: SyncedSettings(unit: .lbs), new: SyncedSettings(goal: Self.goal, unit: .kg))
        ]
        batch.records = [SyncRecord(uid: "grocer-settings", href: "/grocer/weights/grocer-settings.ics", etag: "\"e1\"", agreed: [1])]
        try store.sync.applySync(.weights, batch, locale: Self.locale)
        #expect(try store.settings.read(.goal).value == Self.goal)
        #expect(try store.settings.read(.unit).value == .kg)
        #expect(try store.settings.read(.height).value == nil)
        let record = try #require(try store.sync.syncRecords(.weights).first)
        #expect(record.uid == "grocer-settings" && record.localID == nil && record.etag == "\"e1\"")
        // A weight's record beside it keeps its own.
        var entry = SyncBatch()
        entry.weights = [
            SyncBatch.Change(
                uid: "w1", expected: nil,
                new: SyncedWeight(weight: Weight(digits: "80", unit: .kg)!, recordedAt: Date(timeIntervalSince1970: 1_795_000_000)))
        ]
        try store.sync.applySync(.weights, entry, locale: Self.locale)
        #expect(try store.sync.syncRecords(.weights).map(\.uid).sorted() == ["grocer-settings", "w1"])
        #expect(try store.sync.syncRecords(.weights).first { $0.uid == "grocer-settings" }?.localID == nil)
    }

    /// Changed here since the engine read it: nothing is written.
    @Test func aSettingsChangeOverSettingsChangedMeanwhileIsRefused() throws {
        let store = try Self.store()
        try store.settings.set(.goal, to: Self.goal)
        var batch = SyncBatch()
        batch.settings = [SyncBatch.Change(uid: "grocer-settings", expected: SyncedSettings(), new: SyncedSettings(unit: .kg))]
        #expect(throws: StoreError.changedElsewhere(path: store.path)) {
            try store.sync.applySync(.weights, batch, locale: Self.locale)
        }
        #expect(try store.sync.syncLocalSettings() == SyncedSettings(goal: Self.goal))
    }
}
