import Foundation
import GrocerCore
import GrocerStore
import GrocerSync

/// A write to the server still to make.
enum SyncWrite<Value: Equatable>: Equatable {
    /// A new object (If-None-Match: *).
    case create(uid: String, value: Value)
    /// `existing` (the server's copy, or the agreed one) made `value`
    /// (If-Match: etag), with X-APPLE-SORT-ORDER `order` (nil: the one
    /// `existing` has stays).
    case put(uid: String, href: String, etag: String?, existing: [UInt8]?, value: Value, order: Int? = nil)
    case delete(uid: String, href: String, etag: String?)

    var uid: String {
        switch self {
        case .create(let uid, _), .put(let uid, _, _, _, _, _), .delete(let uid, _, _): uid
        }
    }
}

/// An object the server holds, as read.
struct SyncRemote<Value> {
    var href: String
    var etag: String?
    var bytes: [UInt8]
    var uid: String
    var value: Value
    /// The reading to keep once agreed on (`SyncRecord.agreedReading`).
    var kept: String? = nil
}

/// What a listing asks of the sync: the members to fetch (new, or with
/// an ETag other than the record's) and the records whose objects are
/// gone (listed as deleted, or left out of a whole listing).
struct ListingPlan: Equatable {
    var fetch: [String] = []
    var gone: [String] = []
}

/// What a multiget answered, sorted: the objects read, the records whose
/// objects it said are gone, whether a member asked for went unanswered
/// (then the token stays, so the next sync asks again), and how many
/// objects could not be read.
struct FetchedPlan<Value> {
    var remotes: [SyncRemote<Value>] = []
    var gone: [String] = []
    var unanswered = false
    /// An object set aside that reads within `WeighInAhead.waited`.
    var readableLater = false
    var unreadable = 0
    /// Why, for the first `SyncSummary.reasonsKept` of the unreadable.
    var reasons: [String] = []
}

/// What one pull decides: the batch to apply here, the writes to make
/// there, the local ids that still need a UID (new here, then created),
/// and the counts for the summary.
struct SyncPlan<Value: Equatable> {
    var batch = SyncBatch()
    var writes: [SyncWrite<Value>] = []
    var new: [Int64] = []
    var summary = SyncSummary()
}

/// The engine's decisions, as pure functions of what the ledger holds
/// (the records and the local values in `kind`) and what the server
/// listed and answered: no network, no store. The engine asks the server,
/// hands the answers here, applies the batch and makes the writes
/// (vdirsyncer's `_get_actions` in `sync/__init__.py` is the model).
struct SyncPlanner<Value: Hashable & Sendable, Field: Hashable & Sendable & RawRepresentable> where Field.RawValue == String {
    let kind: SyncKind<Value, Field>
    let records: [SyncRecord]
    let collection: SyncCollection
    let now: Date
    private let byUID: [String: SyncRecord]
    /// By href in its normal form.
    private let uidByHref: [String: String]

    /// `normal` gives a record's href in the form the client gives the
    /// server's (`DAVEndpoint.member`): the server's "%C3%A9" is grocer's
    /// "%c3%a9".
    init(kind: SyncKind<Value, Field>, records: [SyncRecord], collection: SyncCollection, now: Date, normal: (String) -> String) {
        self.kind = kind
        self.records = records
        self.collection = collection
        self.now = now
        byUID = Dictionary(records.map { ($0.uid, $0) }, uniquingKeysWith: { a, _ in a })
        hrefs = records.compactMap { record in record.href.map { (normal($0), record.uid) } }
        uidByHref = Dictionary(hrefs, uniquingKeysWith: { a, _ in a })
    }

    /// Each written record's href in its normal form, and its UID.
    private let hrefs: [(String, String)]

    // MARK: The listing

    /// What to fetch of a listing, and which records' objects are gone.
    /// `full`: the listing is the whole collection, so a record whose
    /// href it leaves out is gone too.
    func listing(_ listed: [Multistatus.Response], full: Bool) -> ListingPlan {
        var plan = ListingPlan()
        for response in listed {
            if response.isDeleted {
                if let uid = uidByHref[response.href] { plan.gone.append(uid) }
                continue
            }
            if let status = response.status, status != 200 { continue }
            if let uid = uidByHref[response.href], let etag = response.etag, byUID[uid]?.etag == etag { continue }
            plan.fetch.append(response.href)
        }
        if full {
            let present = Set(listed.filter { !$0.isDeleted }.map(\.href))
            plan.gone += hrefs.filter { !present.contains($0.0) }.map(\.1)
        }
        return plan
    }

    /// The multiget's answer for `asked`.
    func fetched(_ answer: [Multistatus.Response], asked: [String]) -> FetchedPlan<Value> {
        var plan = FetchedPlan<Value>()
        let asked = Set(asked)
        var unanswered = asked
        for response in answer {
            // An answer for a member not asked for is let go.
            guard asked.contains(response.href) else { continue }
            unanswered.remove(response.href)
            if response.isDeleted {
                if let uid = uidByHref[response.href] { plan.gone.append(uid) }
                continue
            }
            // Anything else without a body (a 507 for the member, a 5xx,
            // no calendar-data) is unknown, not gone.
            guard response.status == nil || response.status == 200, let data = response.calendarData else {
                unanswered.insert(response.href)
                continue
            }
            let bytes = Array(data.utf8)
            // An object grocer cannot read is left alone: never rewritten,
            // never deleted.
            guard let (uid, value, kept) = kind.reading(bytes) else {
                plan.unreadable += 1
                if plan.reasons.count < SyncSummary.reasonsKept { plan.reasons.append(kind.whyUnread(bytes)) }
                if kind.readableLater(bytes) { plan.readableLater = true }
                continue
            }
            plan.remotes.append(SyncRemote(href: response.href, etag: response.etag, bytes: bytes, uid: uid, value: value, kept: kept))
        }
        plan.unanswered = !unanswered.isEmpty
        return plan
    }

    // MARK: The merge

    /// Each object read merged three ways (the agreed copy, the local
    /// value, the server's), each gone object's record settled, and each
    /// local change against the agreed copy made a write.
    func plan(remotes: [SyncRemote<Value>], gone: [String]) -> SyncPlan<Value> {
        var plan = SyncPlan<Value>()
        var touched = Set<String>()
        var paired = Set<Int64>()
        let goneUIDs = Set(gone)
        let synced = Set(records.compactMap { $0.href != nil ? $0.localID : nil })
        var unsynced = kind.locals.filter { !synced.contains($0.key) }.sorted { $0.key < $1.key }
        for remote in remotes {
            guard var record = record(for: remote, gone: goneUIDs), touched.insert(record.uid).inserted else {
                // A UID already bound to another object the server still
                // holds (a record's, or one read earlier in this pull): a
                // different object, left alone, never merged into the
                // other's item or entry, and said.
                plan.summary.sharedUID += 1
                continue
            }
            let base = kind.agreedValue(record)
            var local = record.localID.flatMap { kind.locals[$0] }
            var expected = local
            var pairedNow = false
            if local == nil, record.href == nil, let sameName = kind.sameName,
                let index = unsynced.firstIndex(where: { sameName($0.value, remote.value) })
            {
                // Added on both sides: one item, under the server's UID;
                // the store finds the local row by its name.
                let (id, value) = unsynced.remove(at: index)
                (local, expected, pairedNow) = (value, nil, true)
                paired.insert(id)
                for other in records where other.localID == id && other.uid != record.uid { plan.batch.droppedRecords.append(other.uid) }
            }
            let result = merge(record, base: base, local: local, remote: remote.value)
            if result.merged != local || pairedNow {
                kind.add(&plan.batch, SyncBatch.Change(uid: record.uid, expected: expected, new: result.merged))
                if result.merged != local { plan.summary.received += 1 }
                if expected == nil, result.merged != nil, kind.typedByPhone(remote.bytes) { plan.batch.fromPhone.insert(record.uid) }
            }
            record = agreeing(record, base: base, on: remote)
            plan.batch.records.append(record)
            plan.batch.conflicts += conflicts(uid: record.uid, result.conflicts)
            if let merged = result.merged, merged != remote.value || kind.reordered(record) {
                plan.writes.append(
                    .put(uid: record.uid, href: remote.href, etag: remote.etag, existing: remote.bytes, value: merged, order: kind.order(for: record))
                )
            } else if result.merged == nil {
                plan.writes.append(.delete(uid: record.uid, href: remote.href, etag: remote.etag))
            }
        }
        for uid in gone where touched.insert(uid).inserted {
            guard var record = byUID[uid] else { continue }
            let base = kind.agreedValue(record)
            let local = record.localID.flatMap { kind.locals[$0] }
            let result = kind.merge(base, local, nil)
            if result.merged != local {
                kind.add(&plan.batch, SyncBatch.Change(uid: uid, expected: local, new: result.merged))
                plan.summary.received += 1
            }
            plan.batch.conflicts += conflicts(uid: uid, result.conflicts)
            if let merged = result.merged {
                // Changed here, deleted there: made again.
                (record.href, record.etag, record.agreed, record.agreedReading) = (nil, nil, nil, nil)
                plan.batch.records.append(record)
                plan.writes.append(.create(uid: uid, value: merged))
            } else {
                plan.batch.droppedRecords.append(uid)
            }
        }
        // What changed here only: local state against the agreed copy.
        for record in records where !touched.contains(record.uid) {
            let local = record.localID.flatMap { kind.locals[$0] }
            guard let href = record.href else {
                if let id = record.localID, let local, !paired.contains(id) {
                    plan.writes.append(.create(uid: record.uid, value: local))
                } else if !plan.batch.droppedRecords.contains(record.uid) {
                    plan.batch.droppedRecords.append(record.uid)
                }
                continue
            }
            let base = kind.agreedValue(record)
            guard local != base || kind.reordered(record) else { continue }
            if let local {
                plan.writes.append(
                    .put(uid: record.uid, href: href, etag: record.etag, existing: record.agreed, value: local, order: kind.order(for: record)))
            } else {
                plan.writes.append(.delete(uid: record.uid, href: href, etag: record.etag))
            }
        }
        plan.summary.conflicts += plan.batch.conflicts.count
        let claimed = Set(records.compactMap(\.localID))
        plan.new = unsynced.map(\.key).filter { !claimed.contains($0) && !paired.contains($0) }
        return plan
    }

    /// The record an object read belongs to: the one bound to its href;
    /// else the one of its UID when that record is bound to no object yet
    /// (grocer's own create, whose record a kill -9 kept from being
    /// written) or to one that is gone (the object moved); else a new
    /// record. Nil when its UID is bound to another object the server
    /// still holds: then it is another object with the same UID.
    private func record(for remote: SyncRemote<Value>, gone: Set<String>) -> SyncRecord? {
        if let uid = uidByHref[remote.href], let record = byUID[uid] { return record }
        guard let record = byUID[remote.uid] else { return SyncRecord(uid: remote.uid) }
        guard record.href == nil || gone.contains(record.uid) else { return nil }
        return record
    }

    // MARK: After a 412

    /// What a write refused with a 412 becomes: the server's copy now
    /// (`remote`, nil when it is gone or unreadable) merged with what
    /// grocer meant to write (`intended`, the local value then) over the
    /// record's agreed copy: the batch to apply, the write to try next
    /// (nil: none), and the counts.
    /// `unreadable`: the server answered with a copy grocer cannot read:
    /// it is there, not deleted, so it is left alone (issue 36).
    func retry(uid: String, record: SyncRecord?, intended: Value?, remote: SyncRemote<Value>?, unreadable: Bool = false) -> (
        batch: SyncBatch, next: SyncWrite<Value>?, summary: SyncSummary
    ) {
        if remote == nil, unreadable { return (SyncBatch(), nil, SyncSummary(unreadable: 1)) }
        var record = record ?? SyncRecord(uid: uid)
        let base = kind.agreedValue(record)
        let result = remote.map { merge(record, base: base, local: intended, remote: $0.value) } ?? kind.merge(base, intended, nil)
        var batch = SyncBatch()
        var summary = SyncSummary(conflicts: result.conflicts.count)
        if result.merged != intended {
            kind.add(&batch, SyncBatch.Change(uid: uid, expected: intended, new: result.merged))
            summary.received += 1
        }
        batch.conflicts = conflicts(uid: uid, result.conflicts)
        let next: SyncWrite<Value>?
        if let remote {
            record = agreeing(record, base: base, on: remote)
            batch.records = [record]
            if let value = result.merged {
                next = value == remote.value ? nil : .put(uid: uid, href: remote.href, etag: remote.etag, existing: remote.bytes, value: value)
            } else {
                next = .delete(uid: uid, href: remote.href, etag: remote.etag)
            }
        } else if let value = result.merged {
            (record.href, record.etag, record.agreed, record.agreedReading) = (nil, nil, nil, nil)
            batch.records = [record]
            next = .create(uid: uid, value: value)
        } else {
            batch.droppedRecords = [uid]
            next = nil
        }
        return (batch, next, summary)
    }

    // MARK: Conflicts

    func conflicts(uid: String, _ found: [MergeConflict<Value, Field>]) -> [SyncConflict] {
        found.compactMap { conflict in
            guard let shown = conflict.kept == .local ? conflict.local ?? conflict.remote : conflict.remote ?? conflict.local else { return nil }
            return SyncConflict(
                collection: collection, uid: uid, title: kind.title(shown), field: conflict.field.rawValue,
                localValue: kind.shown(conflict.field, conflict.local), remoteValue: kind.shown(conflict.field, conflict.remote),
                kept: conflict.kept.rawValue, localRecord: conflict.local.map(kind.json), remoteRecord: conflict.remote.map(kind.json),
                at: now)
        }
    }
}
