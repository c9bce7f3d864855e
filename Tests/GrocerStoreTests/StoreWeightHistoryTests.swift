import Foundation
import GRDB
import GrocerCore
import Testing

@testable import GrocerStore

/// Paging, editing, deleting and undoing weights on real files.
@Suite struct StoreWeightHistoryTests {
    static let t0: Int64 = 1_795_262_400

    func weight(_ digits: String, _ unit: WeightUnit = .kg) -> Weight { Weight(digits: digits, unit: unit)! }

    /// 30 entries, three at each of ten times, added out of time order.
    func storeWithTies(_ dir: TempDir) throws -> (Store, [WeightEntry]) {
        let store = try Store.open(at: dir.path("grocer.sqlite"), mode: .create, zone: TimeZone(identifier: "UTC")!, stop: StopFlag())
        var added: [WeightEntry] = []
        for round in 0..<3 {
            for slot in [4, 1, 7, 0, 9, 2, 5, 8, 3, 6] {
                added.append(
                    try store.weights.add(
                        weight("\(70 + slot).\(round)"), at: Date(timeIntervalSince1970: TimeInterval(Self.t0 + Int64(slot) * 3_600)))
                )
            }
        }
        return (store, added.sorted { $0.position < $1.position })
    }

    @Test(arguments: [1, 4, 7, 30, 31])
    func newestFirstPagesVisitEveryEntryOnceAcrossEqualTimes(limit: Int) throws {
        let dir = TempDir()
        let (store, all) = try storeWithTies(dir)
        var seen: [WeightEntry] = []
        var cursor: WeightPosition? = nil
        var pages = 0
        while true {
            let page = try store.weights.newestFirst(before: cursor, limit: limit)
            seen += page.entries
            pages += 1
            if page.reachedEnd || pages > 31 { break }
            cursor = page.last
        }
        #expect(pages <= 31)
        #expect(seen == all.reversed())
    }

    @Test(arguments: [1, 4, 30])
    func oldestFirstFromNothingStartsAtTheVeryOldestAndWalksForward(limit: Int) throws {
        let dir = TempDir()
        let (store, all) = try storeWithTies(dir)
        var seen: [WeightEntry] = []
        var cursor: WeightPosition? = nil
        for _ in 0...31 {
            let page = try store.weights.oldestFirst(after: cursor, limit: limit)
            seen += page.entries
            if page.reachedEnd { break }
            cursor = page.last
        }
        #expect(seen == all)
    }

    @Test func endThenPageUpMeetsTheNewestPagesWithoutGapOrOverlap() throws {
        let dir = TempDir()
        let (store, all) = try storeWithTies(dir)
        let end = try store.weights.oldestFirst(after: nil, limit: 4)
        #expect(end.entries == Array(all.prefix(4)))
        #expect(end.first == all[0].position)
        let up = try store.weights.oldestFirst(after: end.last, limit: 4)
        #expect(up.entries == Array(all[4..<8]))
        let down = try store.weights.newestFirst(before: up.first, limit: 10)
        #expect(down.entries == Array(all.prefix(4).reversed()))
        #expect(down.reachedEnd)
        #expect(try store.weightCount() == 30)
    }

    @Test(arguments: ["newest", "oldest"])
    func keysetPagesSeekOnTheTimeIndexWithoutSortingOrOffset(direction: String) throws {
        let store = try Store.open(at: ":memory:", mode: .memory, zone: .current, stop: StopFlag())
        try store.writer.read { db in
            let position = WeightPosition(recordedAt: 5, id: 3)
            let request = direction == "newest" ? WeightRecord.newestFirst(before: position) : WeightRecord.oldestFirst(after: position)
            let statement = try request.limit(50).makePreparedRequest(db, forSingleResult: false).statement
            #expect(!statement.sql.uppercased().contains("OFFSET"))
            let plan = try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + statement.sql, arguments: statement.arguments)
                .map { $0["detail"] as String }.joined(separator: "; ")
            #expect(plan.contains("SEARCH weight_entry USING INDEX weight_entry_by_time"), "\(plan)")
            #expect(!plan.contains("TEMP B-TREE"), "\(plan)")
        }
    }

    @Test func pagesReportUnreadableRowsAndStillMoveOnPastThem() throws {
        let dir = TempDir()
        let (store, all) = try storeWithTies(dir)
        try store.close()
        try dir.sqlite(
            "grocer.sqlite", "PRAGMA ignore_check_constraints = ON; UPDATE weight_entry SET unit = 'st' WHERE id IN (\(all[29].id), \(all[28].id));")
        let reopened = try Store.open(at: dir.path("grocer.sqlite"), mode: .create, zone: .current, stop: StopFlag())
        let first = try reopened.weights.newestFirst(before: nil, limit: 2)
        #expect(first.entries.isEmpty)
        #expect(first.report.ids.sorted() == [all[28].id, all[29].id].sorted())
        #expect(first.last == all[28].position)
        let next = try reopened.weights.newestFirst(before: first.last, limit: 2)
        #expect(next.entries == [all[27], all[26]])
    }

    @Test func editChangesValueUnitAndTimeAndReturnsBothSides() throws {
        let dir = TempDir()
        let (store, all) = try storeWithTies(dir)
        let target = all[5]
        let moved = Date(timeIntervalSince1970: TimeInterval(Self.t0 - 86_400))
        let (before, after) = try store.weights.edit(id: target.id, weight: weight("180.5", .lbs), at: moved)
        #expect(before == target)
        #expect(after == WeightEntry(id: target.id, weight: weight("180.5", .lbs), recordedAt: moved))
        #expect(try store.weights.oldestFirst(after: nil, limit: 1).entries == [after])
        #expect(try store.weightCount() == 30)
    }

    @Test func editOrDeleteOfAMissingIDNamesItAndChangesNothing() throws {
        let dir = TempDir()
        let (store, all) = try storeWithTies(dir)
        let error = #expect(throws: StoreError.self) { try store.weights.delete(ids: [all[0].id, 999, 1000]) }
        #expect(error == .noSuchWeight(path: store.path, ids: [999, 1000]))
        #expect(error?.errorDescription?.contains("999, 1000") == true)
        #expect(try store.weightCount() == 30)
        #expect(throws: StoreError.noSuchWeight(path: store.path, ids: [77])) {
            try store.weights.edit(id: 77, weight: weight("70"), at: Date(timeIntervalSince1970: 0))
        }
    }

    @Test func deleteThenRestorePutsBackTheSameEntriesWithTheirIDs() throws {
        let dir = TempDir()
        let (store, all) = try storeWithTies(dir)
        let days = try store.weights.days(unit: .kg)
        let gone = try store.weights.delete(ids: [all[3].id, all[20].id, all[3].id])
        #expect(gone == [all[3], all[20]])
        #expect(try store.weightCount() == 28)
        try store.weights.restore(gone)
        #expect(try store.weights.oldestFirst(after: nil, limit: 100).entries == all)
        #expect(try store.weights.days(unit: .kg) == days)
        // Its id taken again (by the entry itself, here): it comes back
        // under a new id, and the entry holding the id is not touched.
        let again = try store.weights.restore([all[3]])
        #expect(again.count == 1 && again[0].id != all[3].id && again[0].weight == all[3].weight)
        #expect(try store.weights.entry(id: all[3].id) == all[3])
        #expect(try store.weightCount() == 31)
    }

    @Test func undoingAnEditLeavesAnEntryAnotherGrocerChangedSince() throws {
        let dir = TempDir()
        let (store, all) = try storeWithTies(dir)
        let other = try Store.open(at: store.path, mode: .create, zone: TimeZone(identifier: "UTC")!, stop: StopFlag())
        let entry = all[5]
        let (before, after) = try store.weights.edit(id: entry.id, weight: weight("99"), at: entry.recordedAt)
        // Another grocer edits it again: the undo is refused and its value kept.
        let theirs = try other.weights.edit(id: entry.id, weight: weight("88"), at: entry.recordedAt).after
        #expect(throws: StoreError.changedElsewhere(path: store.path)) { try store.weights.undoEdit(now: after, back: before) }
        #expect(try store.weights.entry(id: entry.id) == theirs)
        // Deleted elsewhere: refused too, and nothing comes back.
        try other.weights.delete(ids: [entry.id])
        #expect(throws: StoreError.changedElsewhere(path: store.path)) { try store.weights.undoEdit(now: theirs, back: before) }
        #expect(throws: StoreError.noSuchWeight(path: store.path, ids: [entry.id])) { try store.weights.entry(id: entry.id) }
        // Untouched since: undone.
        let (_, mine) = try store.weights.edit(id: all[6].id, weight: weight("77"), at: all[6].recordedAt)
        #expect(try store.weights.undoEdit(now: mine, back: all[6]).after == all[6])
    }

    /// Undo of a save (issue 34): deleted with its day, only while it is
    /// as saved; changed by another grocer since, it stays as they left it.
    @Test func undoingASaveDeletesItOnlyWhileItIsAsSaved() throws {
        let dir = TempDir()
        let (store, _) = try storeWithTies(dir)
        let other = try Store.open(at: store.path, mode: .create, zone: TimeZone(identifier: "UTC")!, stop: StopFlag())
        let saved = try store.weights.add(weight("78.7"), at: Date(timeIntervalSince1970: TimeInterval(Self.t0 + 86_400)))
        #expect(try store.weights.days(unit: .kg).count == 2)
        try store.weights.undoAdd(saved)
        #expect(throws: StoreError.noSuchWeight(path: store.path, ids: [saved.id])) { try store.weights.entry(id: saved.id) }
        #expect(try store.weights.days(unit: .kg).count == 1)
        #expect(try store.weightCount() == 30)
        let again = try store.weights.add(weight("78.7"), at: Date(timeIntervalSince1970: TimeInterval(Self.t0 + 86_400)))
        let theirs = try other.weights.edit(id: again.id, weight: weight("78.9"), at: again.recordedAt).after
        #expect(throws: StoreError.changedElsewhere(path: store.path)) { try store.weights.undoAdd(again) }
        #expect(try store.weights.entry(id: again.id) == theirs)
    }

    @Test func goalIsKeptAsTypedAndCanBeCleared() throws {
        let dir = TempDir()
        let store = try Store.open(at: dir.path("grocer.sqlite"), mode: .create, zone: .current, stop: StopFlag())
        #expect(try store.settings.read(.goal).value == nil)
        try store.settings.set(.goal, to: weight("165.50", .lbs))
        #expect(try store.settings.read(.goal).value == weight("165.50", .lbs))
        try store.settings.set(.goal, to: nil)
        #expect(try store.settings.read(.goal).value == nil)
    }

    @Test func heightIsKeptAsGivenAndCanBeCleared() throws {
        let store = try Store.open(at: ":memory:", mode: .memory, zone: .current, stop: StopFlag())
        #expect(try store.settings.read(.height).value == nil)
        let height = try #require(Height(value: 70.5, unit: .inches))
        try store.settings.set(.height, to: height)
        #expect(try store.settings.read(.height).value == height)
        try store.settings.set(.height, to: Height(value: 180, unit: .cm))
        #expect(try store.settings.read(.height).value == Height(value: 180, unit: .cm))
        try store.settings.set(.height, to: nil)
        #expect(try store.settings.read(.height).value == nil)
    }

    @Test func aTimeRangeHoldsItsStartButNotItsEnd() throws {
        let dir = TempDir()
        let (store, all) = try storeWithTies(dir)
        var seen: [Int64] = []
        let start = Date(timeIntervalSince1970: TimeInterval(Self.t0 + 3_600))
        try store.weights.export(from: start, before: start.addingTimeInterval(2 * 3_600)) { id, _, _, _, _, _ in seen.append(id) }
        #expect(seen == all[3..<9].map(\.id))
        #expect(try store.weights.entry(id: all[4].id) == all[4])
        #expect(throws: StoreError.noSuchWeight(path: store.path, ids: [500])) { try store.weights.entry(id: 500) }
    }
}

/// A weigh-in's note (format version 6): kept by every write, and by undo.
@Suite struct StoreWeightNoteTests {
    func weight(_ digits: String) -> Weight { Weight(digits: digits, unit: .kg)! }

    @Test func aNoteIsKeptByEditsDeletesImportsAndUndo() throws {
        let dir = TempDir()
        let store = try Store.open(at: dir.path("grocer.sqlite"), mode: .create, zone: .current, stop: StopFlag())
        defer { try? store.close() }
        let t = Date(timeIntervalSince1970: 1_795_262_400)
        let saved = try store.weights.add(weight("72.5"), at: t, note: "  after a long run ")
        #expect(saved.note == "after a long run")
        #expect(try store.weights.entry(id: saved.id).note == "after a long run")
        // An edit without a note keeps it; an empty one removes it.
        let (_, kept) = try store.weights.edit(id: saved.id, weight: weight("72.4"), at: t)
        #expect(kept.note == "after a long run")
        let (before, cleared) = try store.weights.edit(id: saved.id, weight: weight("72.4"), at: t, note: "")
        #expect(cleared.note == "" && before.note == "after a long run")
        // Undo of that edit brings the note back.
        let (_, back) = try store.weights.undoEdit(now: cleared, back: before)
        #expect(back.note == "after a long run")
        // Undo of a delete too.
        let deleted = try store.weights.delete(ids: [saved.id])
        let restored = try store.weights.restore(deleted)
        #expect(restored.map(\.note) == ["after a long run"])
        #expect(try store.weights.entry(id: saved.id).note == "after a long run")
        // An import carries its notes.
        try store.weights.bulkImport { importer in
            try importer.add(weight("71"), at: 1_795_300_000, note: "holiday")
            return true
        }
        var notes: [String] = []
        try store.weights.forEachEntry { notes.append($0.note) }
        #expect(notes == ["after a long run", "holiday"])
        var exported: [String] = []
        try store.weights.export { _, _, _, _, note, _ in exported.append(note) }
        #expect(exported == notes)
    }
}
