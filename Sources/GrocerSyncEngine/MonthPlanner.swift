import Foundation
import GrocerCore
import GrocerStore
import GrocerSync

/// A month object on the server, as read.
struct MonthRemote {
    var href: String
    var etag: String?
    var bytes: [UInt8]
    var reading: MonthMapping.Reading
}

/// A write of the weights (issue 35): a month object made what its
/// entries are now (created, updated, or deleted when left empty), or an
/// entry's own object (0.4.0's form) deleted once the month holding its
/// entry is on the server (`after`, nil: the entry is gone, no month
/// waited for).
enum MonthWrite: Equatable {
    case month(key: MonthMapping.Key, href: String?, etag: String?, existing: [UInt8]?, entries: [MonthEntry])
    case deleteMonth(uid: String, href: String, etag: String?)
    case deleteEntryObject(uid: String, href: String, etag: String?, after: String?)

    /// The month object's UID a write is to (nil: an entry's object).
    var monthUID: String? {
        switch self {
        case .month(let key, _, _, _, _): key.uid
        case .deleteMonth(let uid, _, _): uid
        case .deleteEntryObject: nil
        }
    }
}

/// One entry of a month object: its UID and value.
struct MonthEntry: Equatable {
    var uid: String
    var entry: SyncedWeight
}

/// What one pull of the weights decides: the batch to apply here, the
/// writes to make there, and the counts.
struct MonthPlan {
    var batch = SyncBatch()
    var writes: [MonthWrite] = []
    var summary = SyncSummary()
}

/// The weights' decisions, pure (issue 35, docs/SYNC-FORMAT.md): every
/// entry merged three ways on its own (base: as in the agreed copy of the
/// object holding it; theirs: the server's copy now; ours: here), then
/// each month object written whose entries differ from the server's, and
/// each entry's own object (0.4.0's form) deleted after its month.
struct MonthPlanner {
    let records: [SyncRecord]
    /// The entries here, by id; every one has a record (the engine claims
    /// UIDs before planning).
    let locals: [Int64: SyncedWeight]
    let now: Date
    /// The per-entry planner, for what is the same: the listing, reading
    /// an entry's own object, and a conflict's wording.
    let entries: SyncPlanner<SyncedWeight, WeightField>

    init(records: [SyncRecord], locals: [Int64: SyncedWeight], now: Date, normal: (String) -> String) {
        // Each record's href in the form the client gives the server's
        // (an older grocer's record may hold another: "%C3%A9", "%c3%a9").
        self.records = records.map { record in
            var record = record
            record.href = record.href.map(normal)
            return record
        }
        self.locals = locals
        self.now = now
        let kind = SyncKind.weights(locals.map { SyncLocalWeight(id: $0.key, weight: $0.value) }, now: now)
        entries = SyncPlanner(kind: kind, records: self.records, collection: .weights, now: now, normal: normal)
    }

    /// The months' agreed copies, by the record's UID (only records bound
    /// to an object whose agreed copy is a month of grocer's).
    func agreedMonths() -> [String: MonthRemote] {
        var months: [String: MonthRemote] = [:]
        for record in records {
            guard let href = record.href, let bytes = record.agreed, let reading = Self.month(bytes, now: now), reading.uid == record.uid
            else { continue }
            months[record.uid] = MonthRemote(href: href, etag: record.etag, bytes: bytes, reading: reading)
        }
        return months
    }

    /// How many entries the next sync will send: each whose value here
    /// differs from the one agreed on (new, changed or deleted here).
    func waiting() -> Int {
        var base: [String: SyncedWeight] = [:]
        for (_, month) in agreedMonths() { for entry in month.reading.entries where base[entry.uid] == nil { base[entry.uid] = entry.entry } }
        for record in records where base[record.uid] == nil {
            if let bytes = record.agreed, let (uid, value) = entries.kind.read(bytes), uid == record.uid { base[uid] = value }
        }
        var ours: [String: SyncedWeight] = [:]
        var linked = Set<Int64>()
        for record in records {
            guard let id = record.localID, let value = locals[id] else { continue }
            ours[record.uid] = value
            linked.insert(id)
        }
        let changed = Set(base.keys).union(ours.keys).filter { base[$0] != ours[$0] }.count
        return changed + locals.keys.filter { !linked.contains($0) }.count
    }

    /// One entry merged three ways (`WeightMerge`), unless the server's
    /// copy is a stale write: the value agreed on before the current one
    /// come back (a client that writes without If-Match from an old copy).
    /// Then grocer's change is kept, and each field it would have taken
    /// back is a conflict that names both values, kept here (as
    /// `SyncPlanner.merge` does for an object per entry).
    static func merge(base: SyncedWeight?, local: SyncedWeight?, remote: SyncedWeight?, previous: SyncedWeight?) -> WeightMergeResult {
        guard let base, let remote, remote != base, let previous, previous == remote else {
            return WeightMerge.merge(base: base, local: local, remote: remote)
        }
        var result = WeightMerge.merge(base: base, local: local, remote: base)
        guard let merged = result.merged, merged != remote else { return result }
        let fields = WeightMerge.merge(base: nil, local: merged, remote: remote).conflicts.map(\.field)
        result.conflicts += fields.map { WeightConflict(field: $0, local: merged, remote: remote, kept: .local) }
        return result
    }

    /// Whether two copies of a month hold the same entries.
    static func sameEntries(_ a: MonthMapping.Reading, _ b: MonthMapping.Reading) -> Bool {
        Dictionary(a.entries.map { ($0.uid, $0.entry) }, uniquingKeysWith: { x, _ in x })
            == Dictionary(b.entries.map { ($0.uid, $0.entry) }, uniquingKeysWith: { x, _ in x })
    }

    /// `bytes` as a month object grocer owns (its UID its month's), or nil.
    static func month(_ bytes: [UInt8], now: Date) -> MonthMapping.Reading? {
        guard let calendar = try? ICalendar.read(bytes), MonthMapping.isMonth(calendar),
            let reading = try? MonthMapping.read(calendar, now: now), reading.uid == reading.key.uid
        else { return nil }
        return reading
    }

    /// What a multiget answered: month objects, entries' own objects (as
    /// the per-entry planner reads them), and what is unread.
    func fetched(_ answer: [Multistatus.Response], asked: [String]) -> (
        months: [MonthRemote], entries: FetchedPlan<SyncedWeight>, frozen: Set<String>
    ) {
        var months: [MonthRemote] = []
        var rest: [Multistatus.Response] = []
        var unreadableMonths: [String] = []
        let asked = Set(asked)
        for response in answer {
            guard asked.contains(response.href), response.status == nil || response.status == 200, let data = response.calendarData,
                let calendar = try? ICalendar.read(Array(data.utf8)), MonthMapping.isMonth(calendar)
            else {
                rest.append(response)
                continue
            }
            guard let reading = Self.month(Array(data.utf8), now: now) else {
                unreadableMonths.append(response.href)
                continue
            }
            months.append(MonthRemote(href: response.href, etag: response.etag, bytes: Array(data.utf8), reading: reading))
        }
        var plan = entries.fetched(rest, asked: Array(asked.subtracting(months.map(\.href)).subtracting(unreadableMonths)))
        for _ in unreadableMonths { plan.unreadable += 1 }
        if !unreadableMonths.isEmpty, plan.reasons.count < SyncSummary.reasonsKept {
            plan.reasons.append("a month of weights grocer could not read")
        }
        return (months, plan, Set(unreadableMonths))
    }

    /// Each entry merged three ways, the batch, and the writes: months
    /// first, then the entries' own objects whose month is there.
    /// `frozen`: hrefs of objects the server holds but grocer could not
    /// read this time (their agreed copy stands, nothing is written there).
    func plan(months fetchedMonths: [MonthRemote], entryObjects: [SyncRemote<SyncedWeight>], gone: [String], frozen: Set<String> = [])
        -> MonthPlan
    {
        var plan = MonthPlan()
        let byUID = Dictionary(records.map { ($0.uid, $0) }, uniquingKeysWith: { a, _ in a })
        let goneUIDs = Set(gone)
        let agreed = agreedMonths()

        // The server's month objects now: the agreed copies, less those
        // gone, with those fetched read over them.
        var server = agreed.filter { !goneUIDs.contains($0.key) }
        for remote in fetchedMonths {
            let uid = remote.reading.uid
            if let bound = server[uid], bound.href != remote.href {
                // Another object with a month's UID: left alone.
                plan.summary.sharedUID += 1
                continue
            }
            if fetchedMonths.contains(where: { $0.reading.uid == uid && $0.href != remote.href }), byUID[uid]?.href != remote.href {
                plan.summary.sharedUID += 1
                continue
            }
            server[uid] = remote
            for aside in remote.reading.setAside { plan.summary.setAside("an entry of \(remote.reading.key.month4): \(aside.reason)") }
            // The copy agreed on before is kept when the entries moved
            // (a stale write brings it back: `stale`).
            var record = SyncRecord(uid: uid, href: remote.href, etag: remote.etag, agreed: remote.bytes, previous: byUID[uid]?.previous)
            if let old = agreed[uid], !Self.sameEntries(old.reading, remote.reading) { record.previous = old.bytes }
            plan.batch.records.append(record)
        }
        for uid in agreed.keys where goneUIDs.contains(uid) && server[uid] == nil { plan.batch.droppedRecords.append(uid) }

        // The entries' own objects now (0.4.0's form): the agreed copies
        // of records bound to one, less those gone, with those fetched.
        var objects: [String: SyncRemote<SyncedWeight>] = [:]
        for record in records where agreed[record.uid] == nil && !goneUIDs.contains(record.uid) {
            guard let href = record.href, let bytes = record.agreed, let (uid, value) = entries.kind.read(bytes) else { continue }
            objects[record.uid] = SyncRemote(href: href, etag: record.etag, bytes: bytes, uid: uid, value: value)
        }
        var fetchedObjects = Set<String>()
        for remote in entryObjects {
            if let bound = objects[remote.uid], bound.href != remote.href, !fetchedObjects.contains(remote.uid) {
                if byUID[remote.uid]?.href == remote.href {
                    objects[remote.uid] = remote
                } else {
                    plan.summary.sharedUID += 1
                    continue
                }
            } else if fetchedObjects.contains(remote.uid) {
                plan.summary.sharedUID += 1
                continue
            }
            fetchedObjects.insert(remote.uid)
            objects[remote.uid] = remote
        }

        // Base, theirs and ours, per entry.
        var base: [String: SyncedWeight] = [:]
        for (_, month) in agreed { for entry in month.reading.entries where base[entry.uid] == nil { base[entry.uid] = entry.entry } }
        for record in records where agreed[record.uid] == nil {
            if let bytes = record.agreed, let (uid, value) = entries.kind.read(bytes), uid == record.uid, base[uid] == nil {
                base[uid] = value
            }
        }
        var inMonths: [String: SyncedWeight] = [:]
        var unknown = Set<String>()
        for (_, month) in server.sorted(by: { $0.key < $1.key }) {
            for entry in month.reading.entries where inMonths[entry.uid] == nil { inMonths[entry.uid] = entry.entry }
            for aside in month.reading.setAside { if let uid = aside.uid { unknown.insert(uid) } }
        }
        var theirs = inMonths
        for (uid, object) in objects {
            // Both a month and its own object hold it (a conversion cut
            // short, or a machine still on 0.4.0 edited it): the one that
            // changed against the base; the month's when neither did.
            if theirs[uid] == nil || (object.value != base[uid] && theirs[uid] == base[uid]) { theirs[uid] = object.value }
        }
        for uid in unknown where theirs[uid] == nil { theirs[uid] = base[uid] }
        // Each entry as in the copy agreed on before the current one.
        var previous: [String: SyncedWeight] = [:]
        for record in records {
            guard let bytes = record.previous else { continue }
            if agreed[record.uid] != nil, let reading = Self.month(bytes, now: now) {
                for entry in reading.entries where previous[entry.uid] == nil { previous[entry.uid] = entry.entry }
            } else if let (uid, value) = entries.kind.read(bytes), uid == record.uid, previous[uid] == nil {
                previous[uid] = value
            }
        }
        var ours: [String: SyncedWeight] = [:]
        for record in records {
            guard let id = record.localID, let value = locals[id] else { continue }
            ours[record.uid] = value
        }

        var merged: [String: SyncedWeight] = [:]
        let everyUID = Set(base.keys).union(theirs.keys).union(ours.keys)
        for uid in everyUID.sorted() {
            let result = Self.merge(base: base[uid], local: ours[uid], remote: theirs[uid], previous: previous[uid])
            if let value = result.merged { merged[uid] = value }
            if result.merged != ours[uid] {
                plan.batch.weights.append(SyncBatch.Change(uid: uid, expected: ours[uid], new: result.merged))
                plan.summary.received += 1
            }
            plan.batch.conflicts += entries.conflicts(uid: uid, result.conflicts)
            if result.merged == nil, objects[uid] == nil, byUID[uid] != nil, agreed[uid] == nil {
                plan.batch.droppedRecords.append(uid)
            }
        }
        plan.summary.conflicts += plan.batch.conflicts.count

        // The months as they are to be: every entry in its UTC month, by
        // time, `entriesPerPart` an object.
        var wanted: [String: (key: MonthMapping.Key, entries: [MonthEntry])] = [:]
        let byMonth = Dictionary(grouping: merged.map { MonthEntry(uid: $0.key, entry: $0.value) }) { MonthMapping.Key($0.entry.recordedAt) }
        var home: [String: String] = [:]
        for (month, group) in byMonth {
            let sorted = group.sorted { ($0.entry.recordedAt, $0.uid) < ($1.entry.recordedAt, $1.uid) }
            for start in stride(from: 0, to: sorted.count, by: MonthMapping.entriesPerPart) {
                var key = month
                key.part = start / MonthMapping.entriesPerPart + 1
                let part = Array(sorted[start..<min(sorted.count, start + MonthMapping.entriesPerPart)])
                wanted[key.uid] = (key, part)
                for entry in part { home[entry.uid] = key.uid }
            }
        }
        var months: [MonthWrite] = []
        let frozenMonths = Set(server.filter { frozen.contains($0.value.href) }.map(\.key))
        for uid in Set(wanted.keys).union(server.keys).sorted() where !frozenMonths.contains(uid) {
            let want = wanted[uid]?.entries ?? []
            let have = server[uid]
            let haveEntries = have?.reading.entries.map { MonthEntry(uid: $0.uid, entry: $0.entry) } ?? []
            if Dictionary(want.map { ($0.uid, $0.entry) }, uniquingKeysWith: { a, _ in a })
                == Dictionary(haveEntries.map { ($0.uid, $0.entry) }, uniquingKeysWith: { a, _ in a }), have != nil || want.isEmpty
            {
                continue
            }
            if let have, want.isEmpty {
                months.append(.deleteMonth(uid: uid, href: have.href, etag: have.etag))
            } else if let key = wanted[uid]?.key {
                months.append(.month(key: key, href: have?.href, etag: have?.etag, existing: have?.bytes, entries: want))
            }
        }
        plan.writes = months
        // Then each entry's own object: deleted once its month is there
        // (or right away, when the entry is gone).
        for (uid, object) in objects.sorted(by: { $0.key < $1.key }) where !frozen.contains(object.href) {
            if let month = home[uid], frozenMonths.contains(month) { continue }
            plan.writes.append(.deleteEntryObject(uid: uid, href: object.href, etag: object.etag, after: merged[uid] == nil ? nil : home[uid]))
        }
        // The records of the entries' own objects fetched (their localID
        // kept; the store sets it for a changed entry).
        for uid in fetchedObjects {
            guard let object = objects[uid] else { continue }
            plan.batch.records.append(SyncRecord(uid: uid, href: object.href, etag: object.etag, agreed: object.bytes, localID: byUID[uid]?.localID))
        }
        // An entry's own object gone: its record stays bound to the entry
        // here (it lives in its month now), bound to no object.
        for uid in goneUIDs where agreed[uid] == nil && objects[uid] == nil {
            guard let record = byUID[uid], record.href != nil else { continue }
            if merged[uid] == nil {
                if !plan.batch.droppedRecords.contains(uid) { plan.batch.droppedRecords.append(uid) }
            } else {
                plan.batch.records.append(SyncRecord(uid: uid, localID: record.localID))
            }
        }
        return plan
    }
}
