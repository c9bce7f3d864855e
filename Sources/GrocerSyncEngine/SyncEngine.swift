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
    /// Told (done, total) as the push goes: after each write the server
    /// took or let go, of the writes this try planned (a first sync of
    /// 3,650 weights: 1 of 3,650 ... 3,650 of 3,650). Never when there is
    /// nothing to push.
    let progress: (@Sendable (_ done: Int, _ total: Int) -> Void)?

    /// How many times a sync starts again when another grocer changed the
    /// store under it, and how many times one object's write is merged
    /// and tried again after a 412.
    public static let attempts = 3

    public init(
        ledger: any SyncLedger, client: DAVClient, collection: SyncCollection, locale: Locale, now: @Sendable @escaping () -> Date,
        progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil
    ) {
        self.ledger = ledger
        self.client = client
        self.collection = collection
        self.locale = locale
        self.now = now
        self.progress = progress
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
                case .list:
                    let relisted = { [ledger, locale, now] in SyncKind.list(try ledger.syncLocalItems(), locale: locale, now: now()) }
                    return try await run(SyncKind.list(try store { try ledger.syncLocalItems() }, locale: locale, now: now()), relisted: relisted)
                // One VJOURNAL per month (issue 35).
                case .weights: return try await syncWeights()
                }
            } catch {
                guard error == .storeChangedMeanwhile, attempt < Self.attempts else { throw error }
                attempt += 1
            }
        }
    }

    // MARK: One try

    /// One try of the list: the network steps around the planner
    /// (`SyncPlanner`), which decides everything from the records, the
    /// local values and the server's answers. (The weights and the
    /// settings object are `syncWeights`'s, issue 35.)
    ///
    /// `relisted` reads the local side again (the list's): an item new
    /// here is what the store made of the server's copy, which may hold
    /// more (an aisle the catalogue filed it in, issue 33; a known
    /// item's aisle it joined), so its write is planned again from the
    /// store once the pull is applied, and sent in this sync: one PUT,
    /// and the next sync has nothing to send.
    private func run<Value, Field>(
        _ kind: SyncKind<Value, Field>, relisted: (() throws -> SyncKind<Value, Field>)? = nil
    ) async throws(SyncFailure) -> SyncSummary {
        guard let account = try store({ try ledger.syncAccounts() }).first(where: { $0.collection == collection }) else {
            throw .notSetUp(collection)
        }
        let records = try store { try ledger.syncRecords(collection) }
        let planner = SyncPlanner(kind: kind, records: records, collection: collection, now: now(), normal: href)

        // Pull: what changed, by token, else the whole listing.
        let (listed, full, pulledToken) = try await pull(account, kind.component)
        var token = pulledToken
        let listing = planner.listing(listed, full: full)
        var fetched = FetchedPlan<Value>()
        if !listing.fetch.isEmpty {
            try checkCancelled()
            let answer = try await dav { () async throws(DAVFailure) in try await client.fetch(listing.fetch) }
            fetched = planner.fetched(answer, asked: listing.fetch)
            // A member listed and not answered, or set aside until its time
            // comes: the token stays where it was, so the next sync lists
            // it and asks again.
            if fetched.unanswered || fetched.readableLater { token = account.token }
        }

        // Merge, then apply the pull in one batch.
        var plan = planner.plan(remotes: fetched.remotes, gone: listing.gone + fetched.gone)
        // Set aside, each said in a person's words (the first few).
        for reason in fetched.reasons { plan.summary.setAside(reason) }
        plan.summary.unreadable += fetched.unreadable - fetched.reasons.count
        var summary = plan.summary
        var batch = plan.batch
        if token != account.token { (batch.token, batch.setsToken) = (token, true) }
        var wrote = false
        if !isEmpty(batch) {
            // With nothing to push, the pull's batch is the sync's last.
            if plan.writes.isEmpty && plan.new.isEmpty { batch.syncedAt = now() }
            try store { try ledger.applySync(collection, batch, locale: locale) }
            wrote = batch.syncedAt == nil
        }

        // Push: new local ones get their UIDs first.
        var writes = plan.writes
        let taken = Set(batch.items.filter { $0.expected == nil && $0.new != nil }.map(\.uid))
        if let relisted, !taken.isEmpty {
            let again = SyncPlanner(
                kind: try store(relisted), records: try store { try ledger.syncRecords(collection) }, collection: collection, now: now(),
                normal: href)
            writes.removeAll { taken.contains($0.uid) }
            writes += again.plan(remotes: [], gone: []).writes.filter { taken.contains($0.uid) }
        }
        if !plan.new.isEmpty {
            let uids = try store { try ledger.claimSyncUIDs(collection, localIDs: plan.new, makeUID: { UUID().uuidString.lowercased() }) }
            for id in plan.new { if let uid = uids[id], let value = kind.locals[id] { writes.append(.create(uid: uid, value: value)) } }
        }
        if !writes.isEmpty {
            let known = Dictionary(try store { try ledger.syncRecords(collection) }.map { ($0.uid, $0) }, uniquingKeysWith: { a, _ in a })
            summary = summary + (try await pushAll(writes, planner, known: known))
            wrote = true
        }
        if wrote {
            var end = SyncBatch()
            end.syncedAt = now()
            try store { try ledger.applySync(collection, end, locale: locale) }
        }
        return summary
    }

    /// The listing: what changed since the account's token, else the whole
    /// collection (`full`), and the token to keep once it is applied.
    func pull(_ account: SyncAccount, _ component: DAVClient.Component) async throws(SyncFailure) -> (
        listed: [Multistatus.Response], full: Bool, token: String?
    ) {
        try checkCancelled()
        if let old = account.token {
            switch try await dav({ () async throws(DAVFailure) in try await client.changes(since: old) }) {
            // Cut short still: what is listed is taken, and the token the
            // server gave lists the rest next time (RFC 6578, 3.6).
            case .changed(let status): return (status.responses, false, status.syncToken)
            case .listAgain: return (try await listing(component), true, nil)
            }
        }
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
        if case .changed(let status)? = first, !status.truncated { return (status.responses, true, status.syncToken) }
        return (try await listing(component), true, nil)
    }

    /// The writes, one request at a time, each applied here as soon as
    /// the server took it; but the next write's request goes out before
    /// the answer before it is applied, so the store's commit (an fsync)
    /// runs beside the server's work instead of between two requests
    /// (docs/MEASURED.md, "Sync"). The request runs in a child task that
    /// touches nothing but the server; this task makes each one's bytes
    /// and keeps the store (its one writer). After a 412, a failure or a
    /// stop nothing new goes out until it is dealt with: a 412 is merged
    /// and sent again first, a failure or a stop waits for nothing but the
    /// request already out, applies what the server took, and ends.
    private func pushAll<Value, Field>(
        _ writes: [SyncWrite<Value>], _ planner: SyncPlanner<Value, Field>, known: [String: SyncRecord]
    ) async throws(SyncFailure) -> SyncSummary {
        let client = self.client
        var summary = SyncSummary()
        var failure: SyncFailure?
        var done = 0
        await withTaskGroup(of: SyncPush.Sent.self) { group in
            var next = 0
            var out: [Int: SyncPush] = [:]
            // Sends the next write that has somewhere to go (one with
            // nowhere is done as it is), unless stopped.
            func sendNext() {
                while next < writes.count, failure == nil {
                    if Task.isCancelled {
                        failure = .interrupted
                        return
                    }
                    let index = next
                    next += 1
                    guard let ready = prepared(writes[index], planner, known: known) else {
                        done += 1
                        progress?(done, writes.count)
                        continue
                    }
                    out[index] = ready
                    group.addTask { await ready.send(client, index: index) }
                    return
                }
            }
            sendNext()
            while let sent = await group.next() {
                guard let ready = out.removeValue(forKey: sent.index) else { continue }
                if sent.stopped { failure = failure ?? .interrupted }
                if case .success = sent.answer { sendNext() }
                do throws(SyncFailure) {
                    summary = summary + (try await finish(ready, sent.answer, writes[sent.index], planner, known: known, attempt: 1))
                    done += 1
                    progress?(done, writes.count)
                } catch {
                    failure = failure ?? error
                }
                if out.isEmpty { sendNext() }
            }
        }
        if let failure { throw failure }
        return summary
    }

    /// One write, applied here as soon as the server took it. A 412 (the
    /// server's copy changed since it was read) fetches it, merges and
    /// tries again, at most `attempts` times; then it waits for the next
    /// sync.
    ///
    /// `known` holds the records as they were after the pull: each
    /// object's item or entry here, and the copy agreed on before.
    func push<Value, Field>(
        _ write: SyncWrite<Value>, _ planner: SyncPlanner<Value, Field>, known: [String: SyncRecord], attempt: Int
    ) async throws(SyncFailure) -> SyncSummary {
        try checkCancelled()
        guard let ready = prepared(write, planner, known: known) else { return SyncSummary() }
        return try await finish(ready, await ready.send(client), write, planner, known: known, attempt: attempt)
    }

    /// A write made ready to send: its bytes, and the record it leaves
    /// when the server takes it. Nil: nowhere to write (a record from an
    /// older grocer whose href is not a direct member).
    private func prepared<Value, Field>(
        _ write: SyncWrite<Value>, _ planner: SyncPlanner<Value, Field>, known: [String: SyncRecord]
    ) -> SyncPush? {
        let kind = planner.kind
        let (name, href, _) = target(of: write)
        guard let href else { return nil }
        switch write {
        case .create(let uid, let value):
            let localID = known[uid]?.localID
            let order = localID.flatMap { kind.orders[$0] }
            let bytes = kind.write(value, uid, nil, order)
            return SyncPush(
                request: .create(name: name ?? Self.memberName(uid), bytes: bytes),
                record: SyncRecord(
                    uid: uid, href: href, etag: nil, agreed: bytes, localID: localID, sortOrder: order, agreedReading: kind.reading(bytes)?.kept))
        case .put(let uid, _, let etag, let existing, let value, let order):
            let bytes = kind.write(value, uid, existing, order)
            // The copy it replaces is the one agreed on before, when it
            // held another value.
            let replaced = existing.flatMap { kind.read($0)?.value }
            let previous = replaced != nil && replaced != value ? existing : known[uid]?.previous
            return SyncPush(
                request: .update(href: href, bytes: bytes, etag: etag),
                record: SyncRecord(
                    uid: uid, href: href, etag: nil, agreed: bytes, localID: known[uid]?.localID, previous: previous,
                    sortOrder: order ?? known[uid]?.sortOrder, agreedReading: kind.reading(bytes)?.kept))
        case .delete(let uid, _, let etag):
            return SyncPush(request: .delete(href: href, etag: etag), dropped: uid)
        }
    }

    /// What the server answered to `ready`, applied: the record with the
    /// ETag it gave, or the record dropped. A 412 is merged and tried again
    /// (`retry`); any other failure stops the sync.
    private func finish<Value, Field>(
        _ ready: SyncPush, _ answer: Result<String?, DAVFailure>, _ write: SyncWrite<Value>, _ planner: SyncPlanner<Value, Field>,
        known: [String: SyncRecord], attempt: Int
    ) async throws(SyncFailure) -> SyncSummary {
        switch answer {
        case .success(let etag):
            try store { try ledger.applySync(collection, ready.batch(etag: etag), locale: locale) }
            return SyncSummary(sent: 1)
        case .failure(let error):
            guard case .changedMeanwhile = error else { throw SyncFailure(error) }
            guard attempt < Self.attempts else { return SyncSummary() }
            let (_, href, intended) = target(of: write)
            guard let href else { return SyncSummary() }
            return try await retry(write, href: href, intended: intended, planner, known: known, attempt: attempt)
        }
    }

    /// After a 412: the server's copy fetched and merged with what grocer
    /// meant to write (the local value now), applied, then written again.
    private func retry<Value, Field>(
        _ write: SyncWrite<Value>, href: String, intended: Value?, _ planner: SyncPlanner<Value, Field>, known: [String: SyncRecord],
        attempt: Int
    ) async throws(SyncFailure) -> SyncSummary {
        let uid = write.uid
        try checkCancelled()
        let answer = try await dav { () async throws(DAVFailure) in try await client.fetch([href]) }.first { $0.href == href }
        let remote: SyncRemote<Value>? = answer.flatMap { response in
            guard response.status == nil || response.status == 200, let data = response.calendarData,
                let (_, value, kept) = planner.kind.reading(Array(data.utf8))
            else { return nil }
            return SyncRemote(href: href, etag: response.etag, bytes: Array(data.utf8), uid: uid, value: value, kept: kept)
        }
        let record = try store { try ledger.syncRecords(collection) }.first { $0.uid == uid }
        let (batch, next, summary) = planner.retry(
            uid: uid, record: record, intended: intended, remote: remote, unreadable: answer?.calendarData != nil)
        try store { try ledger.applySync(collection, batch, locale: locale) }
        guard let next else { return summary }
        var known = known
        for record in batch.records { known[record.uid] = record }
        return summary + (try await push(next, planner, known: known, attempt: attempt + 1))
    }

    // MARK: Helpers

    /// Where a plan writes: a new object's name (never built from its UID
    /// as it is: `memberName`) and its URL, or the href the server named,
    /// held to the collection again (a record from an older grocer may
    /// hold one that is not a direct member: nil, nothing written), and
    /// the value it means to leave there (nil: none).
    private func target<Value>(of write: SyncWrite<Value>) -> (name: String?, href: String?, value: Value?) {
        switch write {
        case .create(let uid, let value):
            let name = Self.memberName(uid)
            return (name, client.collection.member(client.collection.path + name), value)
        case .put(_, let href, _, _, let value, _): return (nil, client.collection.member(href), value)
        case .delete(_, let href, _): return (nil, client.collection.member(href), nil)
        }
    }

    /// An href in the form the client gives the server's (absolute, the
    /// escapes upper-case), or as it is when it is not a member.
    func href(_ href: String) -> String { client.collection.member(href) ?? href }

    /// The whole collection, as calendar-query lists it; a listing cut
    /// short stops the sync with nothing applied (what it left out would
    /// otherwise be taken as deleted).
    private func listing(_ component: DAVClient.Component) async throws(SyncFailure) -> [Multistatus.Response] {
        try checkCancelled()
        let status = try await dav { () async throws(DAVFailure) in try await client.listing(component) }
        guard !status.truncated else { throw .listingCutShort }
        return status.responses
    }

    func isEmpty(_ batch: SyncBatch) -> Bool {
        batch.items.isEmpty && batch.weights.isEmpty && batch.settings.isEmpty && batch.records.isEmpty && batch.droppedRecords.isEmpty
            && !batch.setsToken && batch.conflicts.isEmpty && batch.syncedAt == nil
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

    func checkCancelled() throws(SyncFailure) {
        if Task.isCancelled { throw .interrupted }
    }

    func store<T>(_ body: () throws -> T) throws(SyncFailure) -> T {
        do { return try body() } catch { throw SyncFailure(store: error) }
    }

    func dav<T>(_ body: () async throws(DAVFailure) -> T) async throws(SyncFailure) -> T {
        do { return try await body() } catch { throw SyncFailure(error) }
    }
}
