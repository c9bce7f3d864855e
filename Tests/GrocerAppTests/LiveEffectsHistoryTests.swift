import Foundation
import GRDB
import GrocerCore
import GrocerStore
import Testing

@testable import GrocerApp
@testable import GrocerUI

/// The history's effects on a real store file.
@Suite struct LiveEffectsHistoryTests {
    struct Fixture {
        let directory: URL
        let effects: LiveEffects
        let store: Store

        init() throws {
            directory = FileManager.default.temporaryDirectory.appendingPathComponent("grocer-history-\(UUID().uuidString)")
            let url = directory.appendingPathComponent("grocer.sqlite")
            store = try Store.open(at: url.path, mode: .create, zone: TimeZone(identifier: "UTC")!, stop: StopFlag())
            effects = LiveEffects(path: url.path, environment: [:], zone: { .current }, store: store, post: { _ in })
        }

        func remove() { try? FileManager.default.removeItem(at: directory) }
    }

    static let noon = Date(timeIntervalSince1970: 1_795_262_400)

    /// A store whose per-day table was built in another zone (a move, a
    /// file from another machine) gets it built in the person's zone in the
    /// background once it opens, so no key press pays for it.
    @Test func aTableBuiltForAnotherZoneIsRebuiltInTheBackgroundAtOpen() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("grocer-days-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("grocer.sqlite")
        let tokyo = try Store.open(at: url.path, mode: .create, zone: TimeZone(identifier: "Asia/Tokyo")!, stop: StopFlag())
        try tokyo.weights.add(Weight(digits: "80", unit: .kg)!, at: Self.noon)
        try tokyo.close()
        let effects = LiveEffects(path: url.path, environment: [:], zone: { .current }, post: { _ in })
        _ = try effects.openStore()
        effects.daysRebuild.wait()
        let here = try Store.open(at: url.path, mode: .create, zone: .current, stop: StopFlag())
        defer { try? here.close() }
        #expect(try here.weights.rebuildDaysIfNeeded() == false)
        #expect(here.timeZone.identifier != "Asia/Tokyo")
    }

    /// The store opens in the zone the screen shows (the one `zone` gives,
    /// not the process's): its per-day table is rebuilt in that zone's
    /// days, so the dates shown and the days grouped are one zone.
    @Test func theStoreGroupsDaysInTheZoneTheScreenShows() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("grocer-days-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("grocer.sqlite")
        let tokyo = try Store.open(at: url.path, mode: .create, zone: TimeZone(identifier: "Asia/Tokyo")!, stop: StopFlag())
        try tokyo.weights.add(Weight(digits: "80", unit: .kg)!, at: Self.noon)
        try tokyo.close()
        let shown = TimeZone(identifier: "Pacific/Auckland")!
        let effects = LiveEffects(path: url.path, environment: [:], zone: { shown }, post: { _ in })
        _ = try effects.openStore()
        effects.daysRebuild.wait()
        #expect(effects.store?.timeZone == shown)
        let auckland = try Store.open(at: url.path, mode: .existing, zone: shown, stop: StopFlag())
        defer { try? auckland.close() }
        #expect(try auckland.weights.daysBuiltForAnotherZone() == false)
    }

    /// The same background work makes the trend's checkpoints the rebuild
    /// forgot, so the first F3 finds them (a history longer than
    /// `TrendStart.lead` days).
    static func trendCheckpoint(_ url: URL) throws -> String? {
        let queue = try DatabaseQueue(path: url.path)
        defer { try? queue.close() }
        return try queue.read { db in try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = 'weight_day.trend'") }
    }

    /// A store of 600 daily weights, the last at `lastAt`, its table and
    /// the trend's checkpoints made in Tokyo.
    static func tokyoStore(_ url: URL, lastAt: Int64) throws {
        let tokyo = try Store.open(at: url.path, mode: .create, zone: TimeZone(identifier: "Asia/Tokyo")!, stop: StopFlag())
        try tokyo.weights.bulkImport { importer in
            for day in 0..<600 { try importer.add(Weight(digits: "8\(day % 10)", unit: .kg)!, at: lastAt - Int64(day) * 86_400) }
            return true
        }
        _ = try tokyo.weights.recentDays(unit: .kg)
        #expect(try trendCheckpoint(url) != nil)
        try tokyo.close()
    }

    @Test func theBackgroundRebuildAtOpenMakesTheTrendsCheckpoints() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("grocer-days-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("grocer.sqlite")
        try Self.tokyoStore(url, lastAt: Int64(Self.noon.timeIntervalSince1970))
        let effects = LiveEffects(path: url.path, environment: [:], zone: { .current }, post: { _ in })
        _ = try effects.openStore()
        effects.daysRebuild.wait()
        let here = try Store.open(at: url.path, mode: .create, zone: .current, stop: StopFlag())
        defer { try? here.close() }
        #expect(here.timeZone.identifier != "Asia/Tokyo")
        #expect(try here.weights.rebuildDaysIfNeeded() == false)
        #expect(try Self.trendCheckpoint(url) != nil)
    }

    /// While the table is rebuilt for the new zone (on a connection of its
    /// own), F3 reads it as it was built, in the old zone's days, instead
    /// of rebuilding or waiting; once the rebuild is in, in the new zone's.
    @Test func theHistoryReadsTheTableAsBuiltWhileItIsRebuiltForANewZone() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("grocer-days-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("grocer.sqlite")
        // 20:00 UTC: the next day in Tokyo.
        let evening = Int64(Self.noon.timeIntervalSince1970) + 8 * 3600
        try Self.tokyoStore(url, lastAt: evening)
        let here = TimeZone(identifier: "UTC")!
        let lastHere = CivilDay(Date(timeIntervalSince1970: TimeInterval(evening)), in: here)
        let lastInTokyo = CivilDay(Date(timeIntervalSince1970: TimeInterval(evening)), in: TimeZone(identifier: "Asia/Tokyo")!)
        #expect(lastInTokyo != lastHere)

        let effects = LiveEffects(
            path: url.path, environment: [:], zone: { here }, store: try Store.open(at: url.path, mode: .create, zone: here, stop: StopFlag()),
            post: { _ in })
        let hold = DispatchSemaphore(value: 0)
        effects.beforeZoneRebuild = { hold.wait() }
        effects.startDaysRebuild()
        defer {
            hold.signal()
            effects.daysRebuild.wait()
        }
        func lastDayAndCount() -> (CivilDay?, Int)? {
            guard case .historyOpened(let opening)? = effects.answer(.history(.openHistory(unit: .kg, limit: 3))) else { return nil }
            return (opening.days.last?.day, opening.count)
        }
        let during = try #require(lastDayAndCount())
        #expect(during.0 == lastInTokyo)
        #expect(during.1 == 600)
        hold.signal()
        effects.daysRebuild.wait()
        let after = try #require(lastDayAndCount())
        #expect(after.0 == lastHere)
        #expect(after.1 == 600)
        #expect(try Self.trendCheckpoint(url) != nil)
    }

    @Test func openingReadsTheCountTheNewestPageTheDaysAndTheGoal() throws {
        let f = try Fixture()
        defer { f.remove() }
        for i in 0..<5 {
            try f.store.weights.add(Weight(digits: "8\(i)", unit: .kg)!, at: Self.noon.addingTimeInterval(Double(i) * 86_400))
        }
        try f.store.settings.set(.goal, to: Weight(digits: "75", unit: .kg))
        guard case .historyOpened(let opening)? = f.effects.answer(.history(.openHistory(unit: .kg, limit: 3))) else {
            Issue.record("not opened")
            return
        }
        #expect(opening.count == 5)
        #expect(opening.newest.map(\.weight.digits) == ["84", "83", "82"])
        #expect(opening.days.count == 5)
        #expect(opening.goal == Weight(digits: "75", unit: .kg))
    }

    /// The weeks' lowest and highest weigh-ins come from the store, for the days asked.
    @Test func extremesOfTheWeeksAskedComeFromTheStore() throws {
        let f = try Fixture()
        defer { f.remove() }
        // Saturday Nov 21, 2026 and the days before it: weeks of Nov 16 and Nov 9.
        for (i, digits) in ["80", "81.5", "79", "82"].enumerated() {
            try f.store.weights.add(Weight(digits: digits, unit: .kg)!, at: Self.noon.addingTimeInterval(Double(-i * 2) * 86_400))
        }
        let request = WeightExtremesRequest(
            period: .week, first: CivilDay(year: 2026, month: 11, day: 16), last: CivilDay(year: 2026, month: 11, day: 22), unit: .kg)
        #expect(
            f.effects.answer(.history(.loadWeightExtremes(request)))
                == .weightExtremes([request.first: WeightAverages.Extremes(lowest: 79, highest: Decimal(string: "81.5")!)], for: request))
    }

    /// The weeks come a page at a time from the store, newest first (issue 35).
    @Test func theWeeksComeByPages() throws {
        let f = try Fixture()
        defer { f.remove() }
        // Saturday Nov 21, 2026, then every fourth day back: Nov 21 and 17
        // (the week of Nov 16), Nov 13 and 9 (of Nov 9), Nov 5 (of Nov 2).
        for (i, digits) in ["80", "81.5", "79", "82", "83"].enumerated() {
            try f.store.weights.add(Weight(digits: digits, unit: .kg)!, at: Self.noon.addingTimeInterval(Double(-i * 4) * 86_400))
        }
        let request = WeightPeriodsRequest(period: .week, before: nil, limit: 2, unit: .kg)
        guard case .weightPeriods(let page, for: request)? = f.effects.answer(.history(.loadWeightPeriods(request))) else {
            Issue.record("no page")
            return
        }
        #expect(page.rows.map(\.firstDay) == [CivilDay(year: 2026, month: 11, day: 16), CivilDay(year: 2026, month: 11, day: 9)])
        #expect(page.rows.map(\.count) == [2, 2])
        #expect(page.rows.map(\.mean) == [Decimal(string: "80.75")!, Decimal(string: "80.5")!])
        // The change of the oldest shown is from the week before it, read for it.
        #expect(page.rows.map(\.change) == [Decimal(string: "0.25")!, Decimal(string: "-2.5")!])
        #expect(!page.reachesOldest)
    }

    @Test func pagesComeNewestFirstFromEitherEnd() throws {
        let f = try Fixture()
        defer { f.remove() }
        var added: [WeightEntry] = []
        for i in 0..<6 {
            added.append(try f.store.weights.add(Weight(digits: "8\(i)", unit: .kg)!, at: Self.noon.addingTimeInterval(Double(i) * 60)))
        }
        let oldest = f.effects.answer(.history(.loadWeightPage(.oldest(limit: 2))))
        #expect(oldest == .weightPage([added[1], added[0]], for: .oldest(limit: 2)))
        let newer = f.effects.answer(.history(.loadWeightPage(.newerThan(added[1], limit: 2))))
        #expect(newer == .weightPage([added[3], added[2]], for: .newerThan(added[1], limit: 2)))
        let older = f.effects.answer(.history(.loadWeightPage(.olderThan(added[3], limit: 10))))
        #expect(older == .weightPage([added[2], added[1], added[0]], for: .olderThan(added[3], limit: 10)))
    }

    @Test func deleteRestoreEditAndGoalChangeTheStore() throws {
        let f = try Fixture()
        defer { f.remove() }
        let entry = try f.store.weights.add(Weight(digits: "80", unit: .kg)!, at: Self.noon)
        #expect(f.effects.answer(.history(.deleteWeights([entry.id]))) == .weightsDeleted([entry]))
        #expect(try f.store.weights.newestFirst(before: nil, limit: 5).entries.count == 0)
        #expect(f.effects.answer(.history(.restoreWeights([entry]))) == .weightsRestored([entry]))
        #expect(try f.store.weights.newestFirst(before: nil, limit: 5).entries.count == 1)
        let changed = WeightEntry(id: entry.id, weight: Weight(digits: "180", unit: .lbs)!, recordedAt: Self.noon)
        #expect(
            f.effects.answer(.history(.editWeight(id: entry.id, weight: changed.weight, at: Self.noon, note: "")))
                == .weightEdited(before: entry, after: changed))
        #expect(f.effects.answer(.history(.setGoal(Weight(digits: "75", unit: .kg)))) == .goalSet(Weight(digits: "75", unit: .kg)))
        #expect(try f.store.settings.read(.goal).value == Weight(digits: "75", unit: .kg))
        let day = CivilDay(Self.noon, in: TimeZone(identifier: "UTC")!)
        #expect(f.effects.answer(.history(.loadWeightDays(unit: .lbs))) == .weightDays([DayFigure(day: day, sum: 180, count: 1)]))
    }

    @Test func deletingAnEntryThatIsGoneSaysSoInOneLine() throws {
        let f = try Fixture()
        defer { f.remove() }
        guard case .failed(_, let message)? = f.effects.answer(.history(.deleteWeights([42]))) else {
            Issue.record("no failure")
            return
        }
        #expect(message.contains(f.store.path))
        #expect(!message.contains("\n"))
    }
}
