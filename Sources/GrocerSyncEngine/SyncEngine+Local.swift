import Foundation
import GrocerCore
import GrocerStore
import GrocerSync

extension SyncEngine {
    /// How many local changes the next sync will send for `collection`,
    /// found as the sync finds them (by state, no network): an item or
    /// entry with no record yet, one that differs from the copy both sides
    /// last agreed on, and one gone here that the server still has.
    public static func waiting(ledger: any SyncLedger, collection: SyncCollection, locale: Locale, now: Date) throws -> Int {
        let records = try ledger.syncRecords(collection)
        // `now` as the sync's: reading a weight refuses one from after it
        // (a copy agreed on is read as the sync read it).
        switch collection {
        case .list:
            return count(records, kind: .list(try ledger.syncLocalItems(), locale: locale, now: now))
        case .weights:
            let (entries, settings) = SettingsRecords.split(records)
            let local = try ledger.syncLocalSettings()
            let weights = try ledger.syncLocalWeights()
            let planner = MonthPlanner(
                records: entries, locals: Dictionary(weights.map { ($0.id, $0.weight) }, uniquingKeysWith: { a, _ in a }), now: now,
                normal: { $0 })
            return planner.waiting() + count(settings, kind: .settings(SettingsRecords.local(local, records: settings), now: now))
        }
    }

    private static func count<Value, Field>(_ records: [SyncRecord], kind: SyncKind<Value, Field>) -> Int {
        var linked = Set<Int64>()
        var waiting = 0
        for record in records {
            let local = record.localID.flatMap { kind.locals[$0] }
            if let id = record.localID, local != nil { linked.insert(id) }
            let agreed = kind.agreedValue(record)
            switch (local, agreed) {
            case (nil, nil): if record.href != nil { waiting += 1 }
            case (let local?, let agreed): if local != agreed || kind.reordered(record) { waiting += 1 }
            case (nil, .some): waiting += 1
            }
        }
        return waiting + kind.locals.keys.filter { !linked.contains($0) }.count
    }

    /// Takes the value of `conflict` that was not kept (see
    /// `takeOther(conflict:current:)`) over what the store holds now, in
    /// one batch; the next sync sends it. Throws `SyncFailure.store` when
    /// the conflict's records cannot be read.
    public static func takeOther(_ conflict: SyncConflict, ledger: any SyncLedger, locale: Locale) throws {
        let record = try ledger.syncRecords(conflict.collection).first { $0.uid == conflict.uid }
        let batch: SyncBatch?
        let here: Bool
        switch conflict.collection {
        case .list:
            let current = record?.localID.flatMap { id in try? ledger.syncLocalItems().first { $0.id == id }?.item }
            batch = takeOther(conflict: conflict, current: current)
            here = current != nil
        case .weights where conflict.uid == SettingsMapping.uid:
            batch = takeOther(conflict: conflict, current: try ledger.syncLocalSettings())
            here = true
        case .weights:
            let current = record?.localID.flatMap { id in try? ledger.syncLocalWeights().first { $0.id == id }?.weight }
            batch = takeOther(conflict: conflict, current: current)
            here = current != nil
        }
        if !here && conflict.field != "presence" {
            throw SyncFailure.store(
                "\(VisibleText.escaped(conflict.title)) was deleted here since; nothing was brought back (d dismisses the conflict)")
        }
        guard let batch else { throw SyncFailure.store("the conflict's values could not be read; nothing was changed") }
        try ledger.applySync(conflict.collection, batch, locale: locale)
    }
}
