import Foundation
import GrocerCore
import GrocerStore
import Synchronization
import Testing

@testable import GrocerSyncEngine

/// A store in memory that behaves as the spec says `Store+Sync` does:
/// `applySync` checks every change's `expected` first and writes nothing
/// when one differs; a new item takes the row of a known item of the same
/// name; an item taken off the list stays known. It counts its writes.
final class MemoryLedger: SyncLedger {
    struct Item {
        var value: SyncedItem
        var listed: Bool
        var aislePosition: Int?
    }

    struct State {
        var accounts: [SyncCollection: SyncAccount] = [:]
        var records: [SyncCollection: [String: SyncRecord]] = [:]
        var items: [Int64: Item] = [:]
        var weights: [Int64: SyncedWeight] = [:]
        /// The goal, unit and height (issue 36).
        var settings = SyncedSettings()
        var conflicts: [SyncConflict] = []
        var nextID: Int64 = 1
        /// Transactions that wrote (applySync, a claim that made UIDs,
        /// account changes).
        var writes = 0
        /// Run once before the next applySync checks: another grocer's
        /// change arriving in the middle of a sync.
        var beforeNextApply: (@Sendable (inout State) -> Void)?
    }

    let state = Mutex(State())
    static let locale = Locale(identifier: "en_US_POSIX")

    init(_ accounts: SyncAccount...) {
        state.withLock { state in for account in accounts { state.accounts[account.collection] = account } }
    }

    // MARK: What a person does here

    @discardableResult func add(_ item: SyncedItem, aislePosition: Int? = nil) -> Int64 {
        state.withLock { state in
            let id = state.nextID
            state.nextID += 1
            state.items[id] = Item(value: item, listed: true, aislePosition: aislePosition)
            return id
        }
    }

    /// Edits the listed item called `name`.
    func edit(_ name: String, _ change: (inout SyncedItem) -> Void) {
        state.withLock { state in
            guard let id = state.items.first(where: { $0.value.listed && $0.value.value.name == name })?.key else {
                Issue.record("no listed \(name)")
                return
            }
            change(&state.items[id]!.value)
        }
    }

    /// Deletes the item called `name` (another grocer's `d`).
    func delete(_ name: String) {
        state.withLock { state in
            for (id, item) in state.items where item.value.name == name { state.items[id] = nil }
        }
    }

    /// Takes the item off the list (it stays known).
    func takeOff(_ name: String) {
        state.withLock { state in
            for (id, item) in state.items where item.listed && item.value.name == name {
                state.items[id]!.listed = false
                state.items[id]!.value.ticked = false
            }
        }
    }

    /// Clear after shopping: the ticked items go off the list.
    func clear() {
        state.withLock { state in
            for (id, item) in state.items where item.listed && item.value.ticked {
                state.items[id]!.listed = false
                state.items[id]!.value.ticked = false
            }
        }
    }

    /// The list, by name.
    var list: [SyncedItem] {
        state.withLock { $0.items.values.filter(\.listed).map(\.value).sorted { $0.name < $1.name } }
    }

    @discardableResult func addWeight(_ weight: SyncedWeight) -> Int64 {
        state.withLock { state in
            let id = state.nextID
            state.nextID += 1
            state.weights[id] = weight
            return id
        }
    }

    func editWeight(_ id: Int64, _ change: (inout SyncedWeight) -> Void) { state.withLock { change(&$0.weights[id]!) } }
    func deleteWeight(_ id: Int64) { _ = state.withLock { $0.weights.removeValue(forKey: id) } }

    var weights: [SyncedWeight] {
        state.withLock { $0.weights.values.sorted { ($0.recordedAt, $0.weight.digits) < ($1.recordedAt, $1.weight.digits) } }
    }

    /// The settings here, as `grocer weight goal`, `unit` and `height`
    /// set them.
    var settings: SyncedSettings {
        get { state.withLock { $0.settings } }
        set { state.withLock { $0.settings = newValue } }
    }

    var writes: Int { state.withLock { $0.writes } }
    var conflicts: [SyncConflict] { state.withLock { $0.conflicts } }

    // MARK: SyncLedger

    func syncAccounts() throws -> [SyncAccount] {
        state.withLock { state in SyncCollection.allCases.compactMap { state.accounts[$0] } }
    }

    func setSyncAccount(_ account: SyncAccount) throws {
        state.withLock { state in
            if state.accounts[account.collection]?.url != account.url {
                state.records[account.collection] = [:]
                state.conflicts.removeAll { $0.collection == account.collection }
                var account = account
                account.token = nil
                state.accounts[account.collection] = account
            } else {
                state.accounts[account.collection] = account
            }
            state.writes += 1
        }
    }

    func forgetSync() throws {
        state.withLock { state in
            (state.accounts, state.records, state.conflicts) = ([:], [:], [])
            state.writes += 1
        }
    }

    func syncRecords(_ collection: SyncCollection) throws -> [SyncRecord] {
        state.withLock { $0.records[collection, default: [:]].values.sorted { $0.uid < $1.uid } }
    }

    func claimSyncUIDs(_ collection: SyncCollection, localIDs: [Int64], makeUID: () -> String) throws -> [Int64: String] {
        state.withLock { state in
            var uids: [Int64: String] = [:]
            var made = false
            for id in localIDs {
                if let record = state.records[collection, default: [:]].values.first(where: { $0.localID == id }) {
                    uids[id] = record.uid
                } else {
                    let uid = makeUID()
                    state.records[collection, default: [:]][uid] = SyncRecord(uid: uid, localID: id)
                    uids[id] = uid
                    made = true
                }
            }
            if made { state.writes += 1 }
            return uids
        }
    }

    func applySync(_ collection: SyncCollection, _ batch: SyncBatch, locale: Locale) throws {
        try state.withLock { state throws(StoreError) in
            if let hook = state.beforeNextApply {
                state.beforeNextApply = nil
                hook(&state)
            }
            var next = state
            for change in batch.items where Self.currentItem(change.uid, in: next).value != change.expected {
                throw StoreError.changedElsewhere(path: "memory")
            }
            for change in batch.weights where Self.currentWeight(change.uid, in: next).value != change.expected {
                throw StoreError.changedElsewhere(path: "memory")
            }
            for change in batch.settings where next.settings != change.expected {
                throw StoreError.changedElsewhere(path: "memory")
            }
            for change in batch.settings { if let new = change.new { next.settings = new } }
            var applied: [String: Int64?] = [:]
            for change in batch.items {
                var id = Self.currentItem(change.uid, in: next).id
                if var new = change.new {
                    if id == nil {
                        id = next.items.first { SyncedItem.sameName($0.value.value.name, new.name, locale: locale) }?.key
                        if let id, let known = next.items[id] {
                            new = known.listed ? new.filled(from: known.value) : new.joined(to: known.value)
                        }
                    }
                    if id == nil {
                        id = next.nextID
                        next.nextID += 1
                    }
                    next.items[id!, default: Item(value: new, listed: true)].value = new
                    next.items[id!]!.listed = true
                    applied[change.uid] = id
                } else {
                    if let id {
                        next.items[id]!.listed = false
                        next.items[id]!.value.ticked = false
                    }
                    applied[change.uid] = .some(nil)
                }
            }
            for change in batch.weights {
                var id = Self.currentWeight(change.uid, in: next).id
                if let new = change.new {
                    if id == nil {
                        id = next.nextID
                        next.nextID += 1
                    }
                    next.weights[id!] = new
                    applied[change.uid] = id
                } else {
                    if let id { next.weights[id] = nil }
                    applied[change.uid] = .some(nil)
                }
            }
            for record in batch.records { next.records[collection, default: [:]][record.uid] = record }
            for (uid, id) in applied {
                next.records[collection, default: [:]][uid, default: SyncRecord(uid: uid)].localID = id
            }
            for uid in batch.droppedRecords { next.records[collection]?[uid] = nil }
            if batch.setsToken { next.accounts[collection]?.token = batch.token }
            for var conflict in batch.conflicts {
                conflict.id = next.nextID
                next.nextID += 1
                next.conflicts.append(conflict)
            }
            if let at = batch.syncedAt { next.accounts[collection]?.lastSync = at }
            next.writes += 1
            state = next
        }
    }

    func syncLocalItems() throws -> [SyncLocalItem] {
        state.withLock { state in
            state.items.filter(\.value.listed).sorted { $0.key < $1.key }
                .map { SyncLocalItem(id: $0.key, item: $0.value.value, aislePosition: $0.value.aislePosition) }
        }
    }

    func syncLocalWeights() throws -> [SyncLocalWeight] {
        state.withLock { $0.weights.sorted { $0.key < $1.key }.map { SyncLocalWeight(id: $0.key, weight: $0.value) } }
    }

    func syncLocalSettings() throws -> SyncedSettings { settings }

    func syncConflicts() throws -> [SyncConflict] { conflicts }

    func dismissSyncConflict(id: Int64) throws {
        state.withLock { state in
            state.conflicts.removeAll { $0.id == id }
            state.writes += 1
        }
    }

    // MARK: Local state of a record

    /// The item a UID's record points at, if it is listed.
    private static func currentItem(_ uid: String, in state: State) -> (id: Int64?, value: SyncedItem?) {
        guard let id = state.records[.list]?[uid]?.localID, let item = state.items[id] else { return (nil, nil) }
        return item.listed ? (id, item.value) : (id, nil)
    }

    private static func currentWeight(_ uid: String, in state: State) -> (id: Int64?, value: SyncedWeight?) {
        guard let id = state.records[.weights]?[uid]?.localID, let weight = state.weights[id] else { return (nil, nil) }
        return (id, weight)
    }
}
