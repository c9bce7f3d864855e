import Foundation
import GrocerCore
import GrocerStore
import GrocerSync

/// The weights collection holds the entries and one settings object
/// (issue 36, UID `SettingsMapping.uid`). The engine plans each with its
/// own planner over its own records: these split the records and the
/// server's answers between the two.
enum SettingsRecords {
    /// The entries' records, and the settings object's (at most one), the
    /// latter with `SyncKind.settingsID` as its local id, as the planner
    /// finds its local value by it (the store keeps none).
    static func split(_ records: [SyncRecord]) -> (entries: [SyncRecord], settings: [SyncRecord]) {
        var entries: [SyncRecord] = []
        var settings: [SyncRecord] = []
        for record in records {
            guard record.uid == SettingsMapping.uid else {
                entries.append(record)
                continue
            }
            var mine = record
            mine.localID = SyncKind.settingsID
            settings.append(mine)
        }
        return (entries, settings)
    }

    /// The local settings as the planner takes them: nil when nothing is
    /// set here and no object was agreed on (nothing to send: a new
    /// machine makes no empty object).
    static func local(_ settings: SyncedSettings, records: [SyncRecord]) -> SyncedSettings? {
        settings.isEmpty && records.isEmpty ? nil : settings
    }

    /// The settings' part of a pull's batch as the store takes it: the
    /// change expected over the settings the engine read, the record
    /// without a local id.
    static func stored(_ batch: SyncBatch, read: SyncedSettings) -> SyncBatch {
        var batch = batch
        batch.settings = batch.settings.map { SyncBatch.Change(uid: $0.uid, expected: read, new: $0.new) }
        batch.records = batch.records.map { record in
            var record = record
            record.localID = nil
            return record
        }
        return batch
    }

    /// The multiget's answers that are the settings': those asked for the
    /// settings' record, and any whose object has the settings' UID
    /// (found at an address grocer did not know yet: another machine's
    /// first write).
    static func answers(_ answer: [Multistatus.Response], settingsAsked: Set<String>) -> Set<String> {
        Set(
            answer.filter { response in
                settingsAsked.contains(response.href)
                    || response.calendarData.map { SettingsMapping.holdsReservedUID(Array($0.utf8)) } == true
            }.map(\.href))
    }
}
