import Foundation
import GrocerCore
import GrocerStore
import GrocerSync

/// One collection's sync: pull what changed on the server, merge it three
/// ways with what changed here, apply it, then push what the server lacks.
///
/// The pull is applied in one batch (the local changes, each object's new
/// ETag and agreed copy, the new token, the conflicts), so the token and
/// the ETags are kept only with what they describe; each push is applied
/// in a batch of its own right after the server took it. A sync stopped
/// anywhere (a cancelled task, a lost connection, kill -9) therefore
/// leaves the store as of a whole batch, and the next sync, which finds
/// changes by comparing state (local against the agreed copy), completes
/// it. The engine checks `Task.isCancelled` before every request.
public struct SyncEngine: Sendable {
    let ledger: any SyncLedger
    let client: DAVClient
    let collection: SyncCollection
    let locale: Locale
    let now: @Sendable () -> Date

    /// How many times a sync starts again when another grocer changed the
    /// store under it, and how many times one object's write is merged
    /// and tried again after a 412.
    public static let attempts = 3

    public init(ledger: any SyncLedger, client: DAVClient, collection: SyncCollection, locale: Locale, now: @Sendable @escaping () -> Date) {
        self.ledger = ledger
        self.client = client
        self.collection = collection
        self.locale = locale
        self.now = now
    }

    /// Pulls, merges, applies and pushes the collection once. When
    /// another grocer changes the store under it (a batch refused), it
    /// reads again and starts over, at most `attempts` times. A failure
    /// leaves what was applied, applied whole: the next sync goes on.
    public func sync() async throws(SyncFailure) -> SyncSummary {
        var attempt = 1
        while true {
            do {
                switch collection {
                case .list: return try await run(SyncKind.list(try store { try ledger.syncLocalItems() }, locale: locale, now: now()))
                case .weights: return try await run(SyncKind.weights(try store { try ledger.syncLocalWeights() }, now: now()))
                }
            } catch {
                guard error == .storeChangedMeanwhile, attempt < Self.attempts else { throw error }
                attempt += 1
            }
        }
    }

    // MARK: One try

    /// A write to the server still to make.
    enum Plan<Value> {
        /// A new object (If-None-Match: *).
        case create(uid: String, value: Value)
        /// `existing` (the server's copy, or the agreed one) made `value`
        /// (If-Match: etag).
        case put(uid: String, href: String, etag: String?, existing: [UInt8]?, value: Value)
        case delete(uid: String, href: String, etag: String?)
    }

    /// An object the server holds, as read.
    struct Remote<Value> {
        var href: String
        var etag: String?
        var bytes: [UInt8]
        var uid: String
        var value: Value
    }

    private func run<Value, Field>(_ kind: SyncKind<Value, Field>) async throws(SyncFailure) -> SyncSummary {
        guard let account = try store({ try ledger.syncAccounts() }).first(where: { $0.collection == collection }) else {
            throw .notSetUp(collection)
        }
        let records = try store { try ledger.syncRecords(collection) }
        let byUID = Dictionary(records.map { ($0.uid, $0) }, uniquingKeysWith: { a, _ in a })
        // Hrefs compared in their normal form (`DAVEndpoint.member`): the
        // server's "%C3%A9" is grocer's "%c3%a9".
        let uidByHref = Dictionary(records.compactMap { record in record.href.map { (href($0), record.uid) } }, uniquingKeysWith: { a, _ in a })
        var summary = SyncSummary()

        // Pull: what changed, by token, else the whole listing.
        var listed: [Multistatus.Response]
        var full = false
        var token = account.token
        if let old = account.token {
            try checkCancelled()
            switch try await dav({ () async throws(DAVFailure) in try await client.changes(since: old) }) {
            // Cut short still: what is listed is taken, and the token the
            // server gave lists the rest next time (RFC 6578, 3.6).
            case .changed(let status): (listed, token) = (status.responses, status.syncToken)
            case .listAgain: (listed, token, full) = (try await listing(kind.component), nil, true)
            }
        } else {
            try checkCancelled()
            var first: CollectionChanges?
            do throws(DAVFailure) {
                first = try await client.changes(since: nil)
            } catch {
                switch error {
                case .forbidden, .notFound, .nonsense, .serverError: first = nil
                default: throw SyncFailure(error)
                }
            }
            // Taken as the whole collection: never when cut short (then
            // calendar-query, which stops the sync if cut short too).
            if case .changed(let status)? = first, !status.truncated {
                (listed, token, full) = (status.responses, status.syncToken, true)
            } else {
                (listed, token, full) = (try await listing(kind.component), nil, true)
            }
        }
        var remoteGone: [String] = []
        var toFetch: [String] = []
        for response in listed {
            if response.isDeleted {
                if let uid = uidByHref[response.href] { remoteGone.append(uid) }
                continue
            }
            if let status = response.status, status != 200 { continue }
            if let uid = uidByHref[response.href], let etag = response.etag, byUID[uid]?.etag == etag { continue }
            toFetch.append(response.href)
        }
        if full {
            let present = Set(listed.filter { !$0.isDeleted }.map(\.href))
            remoteGone += records.filter { $0.href.map { !present.contains(href($0)) } ?? false }.map(\.uid)
        }
        var remotes: [Remote<Value>] = []
        if !toFetch.isEmpty {
            try checkCancelled()
            let asked = Set(toFetch)
            var unanswered = asked
            for response in try await dav({ () async throws(DAVFailure) in try await client.fetch(toFetch) }) {
                // An answer for a member not asked for is let go.
                guard asked.contains(response.href) else { continue }
                unanswered.remove(response.href)
                if response.isDeleted {
                    if let uid = uidByHref[response.href] { remoteGone.append(uid) }
                    continue
                }
                // Anything else without a body (a 507 for the member, a
                // 5xx, no calendar-data) is unknown, not gone.
                guard response.status == nil || response.status == 200, let data = response.calendarData else {
                    unanswered.insert(response.href)
                    continue
                }
                let bytes = Array(data.utf8)
                // An object grocer cannot read is left alone: never
                // rewritten, never deleted.
                guard let (uid, value) = kind.read(bytes) else {
                    summary.setAside(kind.whyUnread(bytes))
                    continue
                }
                remotes.append(Remote(href: response.href, etag: response.etag, bytes: bytes, uid: uid, value: value))
            }
            // A member listed and not answered: the token stays where it
            // was, so the next sync lists it and asks again.
            if !unanswered.isEmpty { token = account.token }
        }

        // Merge.
        var batch = SyncBatch()
        var plans: [Plan<Value>] = []
        var touched = Set<String>()
        var paired = Set<Int64>()
        let synced = Set(records.compactMap { $0.href != nil ? $0.localID : nil })
        var unsynced = kind.locals.filter { !synced.contains($0.key) }.sorted { $0.key < $1.key }
        for remote in remotes {
            var record = uidByHref[remote.href].flatMap { byUID[$0] } ?? byUID[remote.uid] ?? SyncRecord(uid: remote.uid)
            guard touched.insert(record.uid).inserted else { continue }
            let base = record.agreed.flatMap(kind.read)?.value
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
                for other in records where other.localID == id && other.uid != record.uid { batch.droppedRecords.append(other.uid) }
            }
            let result = kind.merge(base, local, remote.value)
            if result.merged != local || pairedNow {
                kind.add(&batch, SyncBatch.Change(uid: record.uid, expected: expected, new: result.merged))
                if result.merged != local { summary.received += 1 }
            }
            (record.href, record.etag, record.agreed) = (remote.href, remote.etag, remote.bytes)
            batch.records.append(record)
            batch.conflicts += conflicts(kind, uid: record.uid, result.conflicts)
            if let merged = result.merged, merged != remote.value {
                plans.append(.put(uid: record.uid, href: remote.href, etag: remote.etag, existing: remote.bytes, value: merged))
            } else if result.merged == nil {
                plans.append(.delete(uid: record.uid, href: remote.href, etag: remote.etag))
            }
        }
        for uid in remoteGone where touched.insert(uid).inserted {
            guard var record = byUID[uid] else { continue }
            let base = record.agreed.flatMap(kind.read)?.value
            let local = record.localID.flatMap { kind.locals[$0] }
            let result = kind.merge(base, local, nil)
            if result.merged != local {
                kind.add(&batch, SyncBatch.Change(uid: uid, expected: local, new: result.merged))
                summary.received += 1
            }
            batch.conflicts += conflicts(kind, uid: uid, result.conflicts)
            if let merged = result.merged {
                // Changed here, deleted there: made again.
                (record.href, record.etag, record.agreed) = (nil, nil, nil)
                batch.records.append(record)
                plans.append(.create(uid: uid, value: merged))
            } else {
                batch.droppedRecords.append(uid)
            }
        }
        // What changed here only: local state against the agreed copy.
        for record in records where !touched.contains(record.uid) {
            let local = record.localID.flatMap { kind.locals[$0] }
            guard let href = record.href else {
                if let id = record.localID, let local, !paired.contains(id) {
                    plans.append(.create(uid: record.uid, value: local))
                } else if !batch.droppedRecords.contains(record.uid) {
                    batch.droppedRecords.append(record.uid)
                }
                continue
            }
            let base = record.agreed.flatMap(kind.read)?.value
            guard local != base else { continue }
            if let local {
                plans.append(.put(uid: record.uid, href: href, etag: record.etag, existing: record.agreed, value: local))
            } else {
                plans.append(.delete(uid: record.uid, href: href, etag: record.etag))
            }
        }
        summary.conflicts += batch.conflicts.count
        if token != account.token { (batch.token, batch.setsToken) = (token, true) }
        let claimed = Set(records.compactMap(\.localID))
        let new = unsynced.map(\.key).filter { !claimed.contains($0) && !paired.contains($0) }
        var wrote = false
        if !isEmpty(batch) {
            // With nothing to push, the pull's batch is the sync's last.
            if plans.isEmpty && new.isEmpty { batch.syncedAt = now() }
            try store { try ledger.applySync(collection, batch, locale: locale) }
            wrote = batch.syncedAt == nil
        }

        // Push: new local ones get their UIDs first.
        if !new.isEmpty {
            let uids = try store { try ledger.claimSyncUIDs(collection, localIDs: new, makeUID: { UUID().uuidString.lowercased() }) }
            for id in new { if let uid = uids[id], let value = kind.locals[id] { plans.append(.create(uid: uid, value: value)) } }
        }
        if !plans.isEmpty {
            let localIDs = Dictionary(
                try store { try ledger.syncRecords(collection) }.compactMap { record in record.localID.map { (record.uid, $0) } },
                uniquingKeysWith: { a, _ in a })
            for plan in plans {
                let pushed = try await push(plan, kind, localIDs: localIDs, attempt: 1)
                summary = summary + pushed
                wrote = true
            }
        }
        if wrote {
            var end = SyncBatch()
            end.syncedAt = now()
            try store { try ledger.applySync(collection, end, locale: locale) }
        }
        return summary
    }

    /// One write, applied here as soon as the server took it. A 412 (the
    /// server's copy changed since it was read) fetches it, merges and
    /// tries again, at most `attempts` times; then it waits for the next
    /// sync.
    private func push<Value, Field>(
        _ plan: Plan<Value>, _ kind: SyncKind<Value, Field>, localIDs: [String: Int64], attempt: Int
    ) async throws(SyncFailure) -> SyncSummary {
        try checkCancelled()
        let (name, href, intended) = target(of: plan)
        guard let href else { return SyncSummary() }
        var batch = SyncBatch()
        do throws(DAVFailure) {
            switch plan {
            case .create(let uid, let value):
                let bytes = kind.write(value, uid, nil, localIDs[uid])
                let result = try await client.create(name ?? Self.memberName(uid), bytes)
                batch.records = [SyncRecord(uid: uid, href: href, etag: result.etag, agreed: bytes, localID: localIDs[uid])]
            case .put(let uid, _, let etag, let existing, let value):
                guard let etag else { throw DAVFailure.changedMeanwhile("no ETag known") }
                let bytes = kind.write(value, uid, existing, localIDs[uid])
                let result = try await client.update(href, bytes, etag: etag)
                batch.records = [SyncRecord(uid: uid, href: href, etag: result.etag, agreed: bytes, localID: localIDs[uid])]
            case .delete(let uid, _, let etag):
                guard let etag else { throw DAVFailure.changedMeanwhile("no ETag known") }
                try await client.delete(href, etag: etag)
                batch.droppedRecords = [uid]
            }
        } catch {
            guard case .changedMeanwhile = error else { throw SyncFailure(error) }
            guard attempt < Self.attempts else { return SyncSummary() }
            return try await merged(plan, href: href, intended: intended, kind, localIDs: localIDs, attempt: attempt)
        }
        try store { try ledger.applySync(collection, batch, locale: locale) }
        return SyncSummary(sent: 1)
    }

    /// After a 412: the server's copy fetched and merged with what grocer
    /// meant to write (the local value now), applied, then written again.
    private func merged<Value, Field>(
        _ plan: Plan<Value>, href: String, intended: Value?, _ kind: SyncKind<Value, Field>, localIDs: [String: Int64], attempt: Int
    ) async throws(SyncFailure) -> SyncSummary {
        let uid: String
        switch plan {
        case .create(let id, _), .put(let id, _, _, _, _), .delete(let id, _, _): uid = id
        }
        try checkCancelled()
        let answer = try await dav { () async throws(DAVFailure) in try await client.fetch([href]) }.first { $0.href == href }
        let remote: Remote<Value>? = answer.flatMap { response in
            guard response.status == nil || response.status == 200, let data = response.calendarData,
                let (_, value) = kind.read(Array(data.utf8))
            else { return nil }
            return Remote(href: href, etag: response.etag, bytes: Array(data.utf8), uid: uid, value: value)
        }
        // A copy grocer cannot read is there, not deleted: left alone (issue 36).
        if remote == nil, answer?.calendarData != nil { return SyncSummary(unreadable: 1) }
        var record = try store { try ledger.syncRecords(collection) }.first { $0.uid == uid } ?? SyncRecord(uid: uid)
        let base = record.agreed.flatMap(kind.read)?.value
        let result = kind.merge(base, intended, remote?.value)
        var batch = SyncBatch()
        var summary = SyncSummary(conflicts: result.conflicts.count)
        if result.merged != intended {
            kind.add(&batch, SyncBatch.Change(uid: uid, expected: intended, new: result.merged))
            summary.received += 1
        }
        batch.conflicts = conflicts(kind, uid: uid, result.conflicts)
        let next: Plan<Value>?
        if let remote {
            (record.href, record.etag, record.agreed) = (remote.href, remote.etag, remote.bytes)
            batch.records = [record]
            if let value = result.merged {
                next = value == remote.value ? nil : .put(uid: uid, href: remote.href, etag: remote.etag, existing: remote.bytes, value: value)
            } else {
                next = .delete(uid: uid, href: remote.href, etag: remote.etag)
            }
        } else if let value = result.merged {
            (record.href, record.etag, record.agreed) = (nil, nil, nil)
            batch.records = [record]
            next = .create(uid: uid, value: value)
        } else {
            batch.droppedRecords = [uid]
            next = nil
        }
        try store { try ledger.applySync(collection, batch, locale: locale) }
        guard let next else { return summary }
        return summary + (try await push(next, kind, localIDs: localIDs, attempt: attempt + 1))
    }

    // MARK: Helpers

    /// Where a plan writes: a new object's name (never built from its UID
    /// as it is: `memberName`) and its URL, or the href the server named,
    /// held to the collection again (a record from an older grocer may
    /// hold one that is not a direct member: nil, nothing written), and
    /// the value it means to leave there (nil: none).
    private func target<Value>(of plan: Plan<Value>) -> (name: String?, href: String?, value: Value?) {
        switch plan {
        case .create(let uid, let value):
            let name = Self.memberName(uid)
            return (name, client.collection.member(client.collection.path + name), value)
        case .put(_, let href, _, _, let value): return (nil, client.collection.member(href), value)
        case .delete(_, let href, _): return (nil, client.collection.member(href), nil)
        }
    }

    /// An href in the form the client gives the server's (absolute, the
    /// escapes upper-case), or as it is when it is not a member.
    private func href(_ href: String) -> String { client.collection.member(href) ?? href }

    /// The whole collection, as calendar-query lists it; a listing cut
    /// short stops the sync with nothing applied (what it left out would
    /// otherwise be taken as deleted).
    private func listing(_ component: DAVClient.Component) async throws(SyncFailure) -> [Multistatus.Response] {
        try checkCancelled()
        let status = try await dav { () async throws(DAVFailure) in try await client.listing(component) }
        guard !status.truncated else { throw .listingCutShort }
        return status.responses
    }

    private func conflicts<Value, Field>(_ kind: SyncKind<Value, Field>, uid: String, _ found: [MergeConflict<Value, Field>]) -> [SyncConflict] {
        found.compactMap { conflict in
            guard let shown = conflict.kept == .local ? conflict.local ?? conflict.remote : conflict.remote ?? conflict.local else { return nil }
            return SyncConflict(
                collection: collection, uid: uid, title: kind.title(shown), field: conflict.field.rawValue,
                localValue: kind.shown(conflict.field, conflict.local), remoteValue: kind.shown(conflict.field, conflict.remote),
                kept: conflict.kept.rawValue, localRecord: conflict.local.map(kind.json), remoteRecord: conflict.remote.map(kind.json),
                at: now())
        }
    }

    private func isEmpty(_ batch: SyncBatch) -> Bool {
        batch.items.isEmpty && batch.weights.isEmpty && batch.records.isEmpty && batch.droppedRecords.isEmpty && !batch.setsToken
            && batch.conflicts.isEmpty && batch.syncedAt == nil
    }

    /// A new member's name from its UID, never a path the UID could
    /// steer (a UID is the server's word, or a phone's): only
    /// [A-Za-z0-9_-] and ".ics". A UID of letters, digits and "-" (grocer's
    /// own, a phone's UUID) is its own name; any other is "_" and its
    /// UTF-8 bytes in hex (no name of the first kind has a "_", so two
    /// UIDs never share a name); one too long for that is "__" and a fresh
    /// UUID.
    static func memberName(_ uid: String) -> String {
        let bytes = Array(uid.utf8)
        let plain =
            !bytes.isEmpty && bytes.count <= 120
            && bytes.allSatisfy { byte in
                (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) || byte == 0x2D
            }
        if plain { return uid + ".ics" }
        guard !bytes.isEmpty, bytes.count <= 100 else { return "__" + UUID().uuidString.lowercased() + ".ics" }
        let digits = Array("0123456789abcdef".utf8)
        return "_" + String(decoding: bytes.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] }, as: UTF8.self) + ".ics"
    }

    private func checkCancelled() throws(SyncFailure) {
        if Task.isCancelled { throw .interrupted }
    }

    private func store<T>(_ body: () throws -> T) throws(SyncFailure) -> T {
        do { return try body() } catch { throw SyncFailure(store: error) }
    }

    private func dav<T>(_ body: () async throws(DAVFailure) -> T) async throws(SyncFailure) -> T {
        do { return try await body() } catch { throw SyncFailure(error) }
    }
}
