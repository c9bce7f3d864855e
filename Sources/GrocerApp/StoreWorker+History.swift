import Foundation
import GrocerCore
import GrocerStore
import GrocerUI

extension StoreWorker {
    /// The history's reads and writes on the store, on the worker: keyset pages by
    /// (recorded_at, id), the per-day figures the store keeps, the count
    /// once per opening, and the changes `u` can undo.
    func history(_ request: HistoryRequest) -> EffectResult? {
        let effect = Effect.history(request)
        switch request {
        case .openHistory(let unit, let limit):
            return access(.read, effect) { store in
                let page = try store.weights.newestFirst(before: nil, limit: limit)
                let (days, start) = try store.weights.recentDays(unit: unit, asBuilt: zoneRebuild.isSet)
                // The count from the per-day table the store keeps with every
                // write: count(*) reads a whole index (docs/MEASURED.md).
                let count = WeightTrend.entries(days, start: start)
                return .historyOpened(
                    HistoryOpening(
                        count: count, newest: page.entries, days: days, start: start, goal: try store.settings.read(.goal).value,
                        height: try store.settings.read(.height).value, unreadable: Self.unreadable(page)))
            }
        case .loadWeightPage(let request):
            return access(.read, effect) { store in
                let page: WeightPage
                var entries: [WeightEntry]
                switch request {
                case .newest(let limit):
                    page = try store.weights.newestFirst(before: nil, limit: limit)
                    entries = page.entries
                case .olderThan(let entry, let limit):
                    page = try store.weights.newestFirst(before: entry.position, limit: limit)
                    entries = page.entries
                case .oldest(let limit):
                    page = try store.weights.oldestFirst(after: nil, limit: limit)
                    entries = page.entries.reversed()
                case .newerThan(let entry, let limit):
                    page = try store.weights.oldestFirst(after: entry.position, limit: limit)
                    entries = page.entries.reversed()
                case .around(let entry, let limit):
                    let newer = try store.weights.oldestFirst(after: entry.position, limit: limit)
                    // Strictly older than the position just after it: it
                    // and older.
                    let key = entry.position
                    page = try store.weights.newestFirst(before: WeightPosition(recordedAt: key.recordedAt, id: key.id + 1), limit: limit)
                    entries = newer.entries.reversed() + page.entries
                    if let line = Self.unreadable(newer) { return .weightPage(entries, for: request, unreadable: line) }
                }
                return .weightPage(entries, for: request, unreadable: Self.unreadable(page))
            }
        case .loadWeightExtremes(let request):
            return access(.read, effect) { store in
                .weightExtremes(
                    try store.weights.extremes(from: request.first, through: request.last, period: request.period, unit: request.unit),
                    for: request)
            }
        case .loadWeightPeriods(let request):
            return access(.read, effect) { store in
                .weightPeriods(
                    try store.weights.periodPage(
                        request.period, unit: request.unit, before: request.before, limit: request.limit, asBuilt: zoneRebuild.isSet),
                    for: request)
            }
        case .loadWeightDays(let unit):
            return access(.read, effect) { .weightDays(try $0.weights.days(unit: unit)) }
        case .loadRecentWeightDays(let unit):
            return access(.read, effect) { store in
                let (days, start) = try store.weights.recentDays(unit: unit, asBuilt: zoneRebuild.isSet)
                return .recentWeightDays(days, start: start)
            }
        case .loadGraphBlocks(let request):
            return access(.read, effect) { store in
                guard let blocks = try store.weights.graphBlocks(unit: request.unit, dots: request.dots) else {
                    return .graphBlocks(.days(try store.weights.days(unit: request.unit)), for: request)
                }
                return .graphBlocks(.blocks(blocks), for: request)
            }
        case .loadBodyFatDays:
            return access(.read, effect) { .bodyFatDays(try $0.weights.bodyFatDays()) }
        case .deleteWeights(let ids):
            return access(.write, effect) { .weightsDeleted(try $0.weights.delete(ids: ids)) }
        case .restoreWeights(let entries):
            return access(.write, effect) { store in .weightsRestored(try store.weights.restore(entries)) }
        case .undoEdit(let now, let back):
            return access(.write, effect) { store in
                do {
                    let (before, after) = try store.weights.undoEdit(now: now, back: back)
                    return .editUndone(before: before, after: after)
                } catch StoreError.changedElsewhere {
                    return .notUndone("Not undone: another grocer changed or deleted that entry since.")
                }
            }
        case .undoAdd(let entry):
            return access(.write, effect) { store in
                do {
                    try store.weights.undoAdd(entry)
                    return .addUndone(entry)
                } catch StoreError.changedElsewhere {
                    return .notUndone("Not undone: another grocer changed or deleted that entry since.")
                }
            }
        case .redo(let change):
            return access(.write, effect) { store in
                do {
                    return .redone(try Self.redo(change, on: store))
                } catch StoreError.changedElsewhere {
                    return .notRedone("Not redone: another grocer changed that entry since.")
                } catch StoreError.noSuchWeight {
                    return .notRedone("Not redone: another grocer deleted that entry since.")
                }
            }
        case .editWeight(let id, let weight, let at, let note):
            return access(.write, effect) { store in
                let (before, after) = try store.weights.edit(id: id, weight: weight, at: at, note: note)
                return .weightEdited(before: before, after: after)
            }
        case .setGoal(let goal):
            return access(.write, effect) { store in
                try store.settings.set(.goal, to: goal)
                return .goalSet(goal)
            }
        }
    }

    /// A change undone, made again: a delete deletes again, an edit is
    /// made again only over the entry as the undo left it, a save puts
    /// the entry back (under a new id where another grocer took its own).
    static func redo(_ change: HistoryChange, on store: Store) throws -> HistoryChange {
        switch change {
        case .deleted(let entries):
            return .deleted(try store.weights.delete(ids: entries.map(\.id)))
        case .edited(let before, let after):
            let (_, again) = try store.weights.undoEdit(now: before, back: after)
            return .edited(before: before, after: again)
        case .added(let entry):
            return .added(try store.weights.restore([entry]).first ?? entry)
        }
    }

    /// A line naming rows of a page that could not be read, or nil.
    static func unreadable(_ page: WeightPage) -> String? {
        page.report.isComplete ? nil : page.report.summary(shown: 2) + "; they are left in the file"
    }
}
