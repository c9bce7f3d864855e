import Foundation
import GrocerCore
import GrocerStore

/// What the sync engine needs of a store: the functions of
/// `StoreSync` (`store.sync`), with the same signatures, so the engine can be
/// tested over an in-memory ledger and run over the real store
/// (`extension StoreSync: SyncLedger {}`, added where the store's functions
/// exist). Every write is one transaction; `applySync` refuses a batch
/// whose `expected` values the store no longer holds
/// (`StoreError.changedElsewhere`), and then writes nothing.
public protocol SyncLedger: Sendable {
    /// Both accounts that are set up (0, 1 or 2).
    func syncAccounts() throws -> [SyncAccount]
    /// Sets up (or changes) one collection's account.
    func setSyncAccount(_ account: SyncAccount) throws
    /// The account, records and conflicts go; items and weights stay.
    func forgetSync() throws
    /// Every record of a collection.
    func syncRecords(_ collection: SyncCollection) throws -> [SyncRecord]
    /// Gives each of `localIDs` without a record a record with a new UID,
    /// in one transaction; the UID of every one of `localIDs`.
    func claimSyncUIDs(_ collection: SyncCollection, localIDs: [Int64], makeUID: () -> String) throws -> [Int64: String]
    /// Applies `batch` in one transaction, or nothing of it.
    func applySync(_ collection: SyncCollection, _ batch: SyncBatch, locale: Locale) throws
    /// Listed items (on the list, ticked or not), with aisle positions.
    func syncLocalItems() throws -> [SyncLocalItem]
    /// Every weight entry.
    func syncLocalWeights() throws -> [SyncLocalWeight]
    /// The goal, display unit and height here (issue 36), each nil when
    /// not set; a weights batch's `settings` changes them.
    func syncLocalSettings() throws -> SyncedSettings
    /// Every recorded conflict, oldest first.
    func syncConflicts() throws -> [SyncConflict]
    /// Removes one conflict (the person dealt with it).
    func dismissSyncConflict(id: Int64) throws
}

/// The store's sync view is the ledger the commands and the screen sync over.
extension StoreSync: SyncLedger {}
