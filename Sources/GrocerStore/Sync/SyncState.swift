import Foundation
import GrocerCore

/// Which of the person's collections on a CalDAV server (issue 16).
public enum SyncCollection: String, CaseIterable, Hashable, Sendable {
    /// The grocery list: one VTODO per listed item.
    case list
    /// The weights: one VJOURNAL per entry.
    case weights
}

/// Where a collection syncs, as the store keeps it: no secret and no
/// login. The login (user, password command) is the person's, in their
/// logins file (issue 36); `user` and `passwordCommand` are only what an
/// older grocer kept here, read so that the person can be asked about it
/// (a command found in a store is never run as it is). The store writes
/// `passwordCommand` as NULL whatever it is given.
public struct SyncAccount: Equatable, Sendable {
    public var collection: SyncCollection
    /// The collection's URL (https, or http to this machine only).
    public var url: String
    public var user: String?
    public var passwordCommand: String?
    /// The server's sync-token as of the last pull the store applied; nil:
    /// list the whole collection.
    public var token: String?
    /// When a sync of this collection last ended without an error.
    public var lastSync: Date?

    public init(
        collection: SyncCollection, url: String, user: String? = nil, passwordCommand: String? = nil, token: String? = nil,
        lastSync: Date? = nil
    ) {
        self.collection = collection
        self.url = url
        self.user = user
        self.passwordCommand = passwordCommand
        self.token = token
        self.lastSync = lastSync
    }
}

/// One calendar object grocer knows of a collection: its UID, where it is
/// on the server, its ETag, the copy both sides last agreed on, and the
/// item or entry it is here.
public struct SyncRecord: Equatable, Sendable {
    /// The iCalendar UID, stable for the object's life.
    public var uid: String
    /// The object's href on the server; nil until grocer first wrote it.
    public var href: String?
    /// The object's ETag as last seen; nil when not known.
    public var etag: String?
    /// The calendar object both sides last agreed on, byte for byte (the
    /// server's copy, or what grocer wrote); nil before any agreement.
    public var agreed: [UInt8]?
    /// The item's or the weight entry's id here; nil once it is gone here
    /// (taken off the list, deleted) and the server does not know yet.
    public var localID: Int64?
    /// The copy agreed on before `agreed`, kept when the agreement moved
    /// to another value (format version 9): a server copy that goes back
    /// to it is a stale write (a client that writes without If-Match from
    /// an old copy), not a change. nil: none known.
    public var previous: [UInt8]?
    /// The list's X-APPLE-SORT-ORDER grocer made for the item (its aisle's
    /// position and its rank) as of the last agreement (format version 9):
    /// when the aisle moves here, the order is written again; else the
    /// object keeps the order a phone gave it. nil: not known.
    public var sortOrder: Int?
    /// What `agreed` reads as, kept beside it by the sync engine (format
    /// version 13, issue 35: GrocerSync's `AgreedReading`), so a sync with
    /// nothing to do compares without reading every copy again. nil: none
    /// kept (a record from before the step, a weight's); the copy is read.
    public var agreedReading: String?

    public init(
        uid: String, href: String? = nil, etag: String? = nil, agreed: [UInt8]? = nil, localID: Int64? = nil, previous: [UInt8]? = nil,
        sortOrder: Int? = nil, agreedReading: String? = nil
    ) {
        self.uid = uid
        self.href = href
        self.etag = etag
        self.agreed = agreed
        self.localID = localID
        self.previous = previous
        self.sortOrder = sortOrder
        self.agreedReading = agreedReading
    }
}

/// A conflict the merge recorded: one field both sides changed
/// differently (or one side deleted what the other changed), both values,
/// which was kept, and when. The whole records are kept too, so the
/// person can take the other value.
public struct SyncConflict: Equatable, Sendable {
    /// The store's id for it; nil before it is saved.
    public var id: Int64?
    public var collection: SyncCollection
    public var uid: String
    /// What it is called, for showing ("flour", "72.50 kg on 3 Mar").
    public var title: String
    /// The field's name ("amount", "ticked", "presence").
    public var field: String
    /// The field's value on each side as a person reads it; nil: deleted.
    public var localValue: String?
    public var remoteValue: String?
    /// "local" or "remote".
    public var kept: String
    /// Each side's whole record, as the sync engine wrote it (opaque to the
    /// store); nil: deleted on that side.
    public var localRecord: String?
    public var remoteRecord: String?
    public var at: Date

    public init(
        id: Int64? = nil, collection: SyncCollection, uid: String, title: String, field: String, localValue: String?,
        remoteValue: String?, kept: String, localRecord: String?, remoteRecord: String?, at: Date
    ) {
        self.id = id
        self.collection = collection
        self.uid = uid
        self.title = title
        self.field = field
        self.localValue = localValue
        self.remoteValue = remoteValue
        self.kept = kept
        self.localRecord = localRecord
        self.remoteRecord = remoteRecord
        self.at = at
    }
}

/// An item on the list as sync sees it: its id, its synced fields and where
/// its aisle comes in the shop's order (nil: no aisle), for the sort order
/// phones show.
public struct SyncLocalItem: Equatable, Sendable {
    public var id: Int64
    public var item: SyncedItem
    public var aislePosition: Int?

    public init(id: Int64, item: SyncedItem, aislePosition: Int? = nil) {
        self.id = id
        self.item = item
        self.aislePosition = aislePosition
    }
}

/// A weight entry as sync sees it.
public struct SyncLocalWeight: Equatable, Sendable {
    public var id: Int64
    public var weight: SyncedWeight

    public init(id: Int64, weight: SyncedWeight) {
        self.id = id
        self.weight = weight
    }
}

/// What one pull (or one write) changes in the store, applied in one
/// transaction by `Store.applySync`, so the token and the ETags are saved
/// only with what they describe.
public struct SyncBatch: Sendable {
    /// A change to one object's local side. `expected` is what the engine
    /// read of it before going to the server (nil: absent here); if the
    /// store now holds something else, the whole batch is refused with
    /// `StoreError.changedElsewhere` and nothing is written. `new` is what
    /// it becomes (nil: taken off the list, or the entry deleted).
    public struct Change<Value: Equatable & Sendable>: Equatable, Sendable {
        public var uid: String
        public var expected: Value?
        public var new: Value?

        public init(uid: String, expected: Value?, new: Value?) {
            self.uid = uid
            self.expected = expected
            self.new = new
        }
    }

    /// For the list. A new item takes the row of a known item of the same
    /// name (by `NameKey`), putting it back on the list, else is added.
    public var items: [Change<SyncedItem>] = []
    /// The UIDs of `items` a phone wrote (no X-GROCER-NAME, issue 33): one
    /// added here that names no aisle is filed as a name typed here is
    /// (`StoreSync.filingNewItems(with:)`). Another grocer's item keeps
    /// the aisle it carries, none included: that grocer's person chose it.
    public var fromPhone: Set<String> = []
    /// For the weights.
    public var weights: [Change<SyncedWeight>] = []
    /// For the weights' settings object (issue 36): at most one change,
    /// UID `grocer-settings`, whose record has no `localID`. `expected`
    /// is the settings as the engine read them; `new` nil changes
    /// nothing (the settings are never deleted by a sync).
    public var settings: [Change<SyncedSettings>] = []
    /// Records to write (by UID). For a UID in `items` or `weights`, the
    /// store sets `localID` itself.
    public var records: [SyncRecord] = []
    /// UIDs whose records go (gone on both sides).
    public var droppedRecords: [String] = []
    /// The new sync-token, when `setsToken` (nil then drops it).
    public var token: String?
    public var setsToken = false
    public var conflicts: [SyncConflict] = []
    /// When this sync ended, if it did.
    public var syncedAt: Date?
    /// Committed without waiting for the disk (`synchronous` NORMAL in
    /// WAL mode, issue 36): kept through a crash or a kill -9 of grocer,
    /// but a power cut may take it until a later commit that waits (the
    /// sync's last batch does). A push's batch only: what the server
    /// already holds, which the next sync finds again by its UID.
    public var lazyCommit = false

    public init() {}
}
