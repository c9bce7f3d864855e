import Foundation
import GrocerCore
import GrocerStore
import GrocerSync

/// The weights collection, one VJOURNAL per month (issue 35,
/// docs/SYNC-FORMAT.md): the network steps around `MonthPlanner`, and the
/// settings object beside them as before.
extension SyncEngine {
    /// Syncs the weights, trying again (from a fresh read) after a month
    /// refused with a 412 (another machine wrote it meanwhile), at most
    /// `attempts` times.
    func syncWeights() async throws(SyncFailure) -> SyncSummary {
        var summary = SyncSummary()
        for attempt in 1...Self.attempts {
            let entries = try store { try ledger.syncLocalWeights() }
            let settings = try store { try ledger.syncLocalSettings() }
            let (part, again) = try await runWeights(entries, settings: settings)
            summary = summary + part
            if !again || attempt == Self.attempts { break }
        }
        return summary
    }

    /// One try; `again`: a month was refused with a 412.
    private func runWeights(_ entries: [SyncLocalWeight], settings: SyncedSettings) async throws(SyncFailure) -> (SyncSummary, again: Bool) {
        guard let account = try store({ try ledger.syncAccounts() }).first(where: { $0.collection == collection }) else {
            throw .notSetUp(collection)
        }
        // Every entry has its UID before the plan: a month lists entries by UID.
        let before = try store { try ledger.syncRecords(collection) }
        let claimed = Set(before.compactMap(\.localID))
        let unclaimed = entries.map(\.id).filter { !claimed.contains($0) }
        if !unclaimed.isEmpty {
            _ = try store { try ledger.claimSyncUIDs(collection, localIDs: unclaimed, makeUID: { UUID().uuidString.lowercased() }) }
        }
        let split = SettingsRecords.split(try store { try ledger.syncRecords(collection) })
        let locals = Dictionary(entries.map { ($0.id, $0.weight) }, uniquingKeysWith: { a, _ in a })
        let planner = MonthPlanner(records: split.entries, locals: locals, now: now(), normal: href)
        let settingsPlanner = SyncPlanner(
            kind: .settings(SettingsRecords.local(settings, records: split.settings), now: now()), records: split.settings,
            collection: collection, now: now(), normal: href)
        let settingsHrefs = Set(settingsPlanner.records.compactMap { $0.href.map(href) })

        // Pull.
        let (listed, full, pulledToken) = try await pull(account, .journal)
        var token = pulledToken
        let listing = planner.entries.listing(listed.filter { !settingsHrefs.contains($0.href) }, full: full)
        let settingsListing = settingsPlanner.listing(listed.filter { settingsHrefs.contains($0.href) }, full: full)
        var months: [MonthRemote] = []
        var fetched = FetchedPlan<SyncedWeight>()
        var frozen = Set<String>()
        var settingsFetched = FetchedPlan<SyncedSettings>()
        if !listing.fetch.isEmpty || !settingsListing.fetch.isEmpty {
            try checkCancelled()
            let asked = listing.fetch + settingsListing.fetch
            let answer = try await dav { () async throws(DAVFailure) in try await client.fetch(asked) }
            let routed = SettingsRecords.answers(answer, settingsAsked: Set(settingsListing.fetch))
            (months, fetched, frozen) = planner.fetched(
                answer.filter { !routed.contains($0.href) }, asked: listing.fetch.filter { !routed.contains($0) })
            settingsFetched = settingsPlanner.fetched(
                answer.filter { routed.contains($0.href) }, asked: Array(Set(settingsListing.fetch).union(routed)))
            if fetched.unanswered || fetched.readableLater || settingsFetched.unanswered { token = account.token }
        }

        // Merge, then apply the pull in one batch.
        var plan = planner.plan(months: months, entryObjects: fetched.remotes, gone: listing.gone + fetched.gone, frozen: frozen)
        for reason in fetched.reasons { plan.summary.setAside(reason) }
        plan.summary.unreadable += fetched.unreadable - fetched.reasons.count
        var settingsPlan = settingsPlanner.plan(remotes: settingsFetched.remotes, gone: settingsListing.gone + settingsFetched.gone)
        for reason in settingsFetched.reasons { settingsPlan.summary.setAside(reason) }
        settingsPlan.summary.unreadable += settingsFetched.unreadable - settingsFetched.reasons.count
        for remote in settingsFetched.remotes {
            for reason in SyncKind.setAside(remote.bytes) { settingsPlan.summary.setAside(reason) }
        }
        var summary = plan.summary + settingsPlan.summary
        var batch = plan.batch
        let part = SettingsRecords.stored(settingsPlan.batch, read: settings)
        batch.settings = part.settings
        batch.records += part.records
        batch.droppedRecords += part.droppedRecords
        batch.conflicts += part.conflicts
        if token != account.token { (batch.token, batch.setsToken) = (token, true) }
        var wrote = false
        if !isEmpty(batch) {
            if plan.writes.isEmpty && settingsPlan.writes.isEmpty && settingsPlan.new.isEmpty { batch.syncedAt = now() }
            try store { try ledger.applySync(collection, batch, locale: locale) }
            wrote = batch.syncedAt == nil
        }

        // Push: the months, then the entries' own objects whose month is
        // on the server, then the settings.
        let (sent, again) = try await pushMonths(plan.writes)
        summary = summary + sent
        wrote = wrote || !plan.writes.isEmpty
        var settingsWrites = settingsPlan.writes
        if !settingsPlan.new.isEmpty, let value = settingsPlanner.kind.locals[SyncKind.settingsID] {
            settingsWrites.append(.create(uid: SettingsMapping.uid, value: value))
        }
        if !settingsWrites.isEmpty {
            let known = Dictionary(try store { try ledger.syncRecords(collection) }.map { ($0.uid, $0) }, uniquingKeysWith: { a, _ in a })
            for write in settingsWrites {
                summary = summary + (try await push(write, settingsPlanner, known: known, attempt: 1))
                wrote = true
            }
        }
        if wrote {
            var end = SyncBatch()
            end.syncedAt = now()
            try store { try ledger.applySync(collection, end, locale: locale) }
        }
        return (summary, again)
    }

    /// The writes, one at a time, each applied here as soon as the server
    /// took it. An entry's own object goes only once the month holding its
    /// entry is on the server: no write was needed for that month, or its
    /// write was taken in this sync. A 412 leaves that object as it is
    /// (and, for a month, asks for another try); any other failure stops.
    private func pushMonths(_ writes: [MonthWrite]) async throws(SyncFailure) -> (SyncSummary, again: Bool) {
        var summary = SyncSummary()
        var again = false
        let planned = Set(writes.compactMap(\.monthUID))
        var taken = Set<String>()
        var done = 0
        let total = writes.count
        let localIDs = Dictionary(
            try store { try ledger.syncRecords(collection) }.map { ($0.uid, $0.localID) }, uniquingKeysWith: { a, _ in a })
        for write in writes {
            try checkCancelled()
            defer {
                done += 1
                progress?(done, total)
            }
            let ready: SyncPush
            switch write {
            case .month(let key, let href, let etag, let existing, let entries):
                let old = existing.flatMap { try? ICalendar.read($0) }
                let calendar = MonthMapping.write(entries.map { ($0.uid, $0.entry) }, key: key, now: now(), updating: old)
                let bytes = Array(ICalendar.write(calendar).utf8)
                if let href, let member = client.collection.member(href) {
                    // The copy it replaces is the one agreed on before.
                    ready = SyncPush(
                        request: .update(href: member, bytes: bytes, etag: etag),
                        record: SyncRecord(uid: key.uid, href: member, agreed: bytes, previous: existing))
                } else {
                    let name = Self.memberName(key.uid)
                    guard let member = client.collection.member(client.collection.path + name) else { continue }
                    ready = SyncPush(request: .create(name: name, bytes: bytes), record: SyncRecord(uid: key.uid, href: member, agreed: bytes))
                }
            case .deleteMonth(let uid, let href, let etag):
                guard let member = client.collection.member(href) else { continue }
                ready = SyncPush(request: .delete(href: member, etag: etag), dropped: uid)
            case .deleteEntryObject(let uid, let href, let etag, let after):
                if let after, planned.contains(after), !taken.contains(after) { continue }
                guard let member = client.collection.member(href) else { continue }
                if let id = localIDs[uid] ?? nil {
                    ready = SyncPush(request: .delete(href: member, etag: etag), record: SyncRecord(uid: uid, localID: id))
                } else {
                    ready = SyncPush(request: .delete(href: member, etag: etag), dropped: uid)
                }
            }
            switch await ready.send(client) {
            case .success(let etag):
                try store { try ledger.applySync(collection, ready.batch(etag: etag), locale: locale) }
                summary.sent += 1
                if let uid = write.monthUID { taken.insert(uid) }
            case .failure(let error):
                guard case .changedMeanwhile = error else { throw SyncFailure(error) }
                if write.monthUID != nil { again = true }
            }
        }
        return (summary, again)
    }
}
