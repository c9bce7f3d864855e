import Foundation
import GRDB
import GrocerCore
import Testing

@testable import GrocerStore

/// The trend's checkpoints as a series (`WeightDayTable.Series`): a change
/// on an old day forgets only the checkpoints on or after it, and the next
/// read goes on from the one before it; what it makes is what every day
/// gives. Grocers from before the series read its text as no checkpoint.
@Suite struct StoreTrendSeriesTests {
    let fixture = StoreTrendStartTests()

    func series(_ store: Store) throws -> WeightDayTable.Series? {
        try fixture.checkpoint(store).flatMap(WeightDayTable.Series.init(text:))
    }

    func setSeries(_ store: Store, _ text: String?) throws {
        try store.writer.write { db in try SettingRecord.set(.weightDayTrend, to: text, db) }
    }

    /// 3,001 days ending on day 20,000: the grid's days from 17,155 to
    /// 19,345, then the moving one on 19,600.
    static let gridDays = Array(stride(from: 17_155, through: 19_345, by: 365))

    @Test func aLongHistoryKeepsTheGridsCheckpointsAndTheMovingOne() throws {
        let dir = TempDir()
        let store = try fixture.store(dir, days: 3_001)
        try fixture.expectSameAsEveryDay(store)
        #expect(try fixture.checkpointDays(store) == Self.gridDays + [20_000 - TrendStart.lead])
    }

    /// The fold from the first day tells how far it is, stretch by
    /// stretch, in days of those to fold: a migration's longest phase
    /// moves its bar by it. Made from no checkpoint: 3,001 days (the
    /// day before the first to the last), one count per checkpoint made,
    /// then the whole once the days after the moving one are folded.
    @Test func theFoldFromTheFirstDayCountsTheDaysFolded() throws {
        let dir = TempDir()
        let store = try fixture.store(dir, days: 3_001)
        try store.weights.rebuildDaysIfNeeded()
        try setSeries(store, nil)
        var counts: [(done: Int, total: Int)] = []
        try store.writer.write { db in try WeightDayTable.keepCheckpoint(db) { counts.append(($0, $1)) } }
        let made = Self.gridDays + [20_000 - TrendStart.lead]
        #expect(try fixture.checkpointDays(store) == made)
        #expect(counts.map(\.total) == Array(repeating: 3_001, count: made.count + 1))
        #expect(counts.map(\.done) == made.map { $0 - (20_000 - 3_001) } + [3_001])
    }

    /// An edit between two of the grid's days forgets those after it; the
    /// series made again on the next read is the one made from every day,
    /// to the last digit, and so is what the history shows.
    @Test func anOldEditForgetsTheCheckpointsAfterItAndTheSeriesMadeAgainIsTheOneEveryDayGives() throws {
        let dir = TempDir()
        let store = try fixture.store(dir, days: 3_001)
        try fixture.expectSameAsEveryDay(store)
        let id = try #require(
            try store.writer.read { db in
                try Int64.fetchOne(db, sql: "SELECT id FROM weight_entry WHERE recorded_at >= ? ORDER BY recorded_at", arguments: [18_700 * 86_400])
            })
        let entry = try store.weights.entry(id: id)
        _ = try store.weights.edit(id: id, weight: Weight(digits: "99.99", unit: .kg)!, at: entry.recordedAt)
        #expect(try fixture.checkpointDays(store) == Self.gridDays.filter { $0 < 18_700 })
        try fixture.expectSameAsEveryDay(store)
        let remade = try #require(try fixture.checkpoint(store))
        // From every day: the same text.
        try setSeries(store, nil)
        try fixture.expectSameAsEveryDay(store)
        #expect(try fixture.checkpoint(store) == remade)
        #expect(try fixture.checkpointDays(store) == Self.gridDays + [20_000 - TrendStart.lead])
    }

    /// The remake goes on from the checkpoint before the change and folds
    /// only the days after it: a value changed there (kg only) carries into
    /// the moving checkpoint, where a remake from every day would not. (The
    /// change is 100 days before the moving checkpoint: the trend forgets a
    /// day's effect below Decimal's 38 digits after some 850 days.)
    @Test func theRemakeGoesOnFromTheCheckpointBeforeTheChange() throws {
        let dir = TempDir()
        let store = try fixture.store(dir, days: 3_001)
        try fixture.expectSameAsEveryDay(store)
        _ = try store.weights.add(Weight(digits: "80", unit: .kg)!, at: Date(timeIntervalSince1970: 19_500 * 86_400 + 50_000))
        var kept = try #require(try series(store))
        #expect(kept.checkpoints.last?.day == 19_345)
        let last = kept.checkpoints.removeLast()
        kept.checkpoints.append(WeightDayTable.Checkpoint(day: last.day, entries: last.entries, kg: last.kg + 1, lbs: last.lbs))
        try setSeries(store, kept.text)
        _ = try store.weights.recentDays(unit: .kg)
        let moving = try #require(try series(store)?.checkpoints.last)
        #expect(moving.day == 20_000 - TrendStart.lead)
        // Made again from every day: the same lbs trend, not the same kg.
        try setSeries(store, nil)
        _ = try store.weights.recentDays(unit: .kg)
        let every = try #require(try series(store)?.checkpoints.last)
        #expect(moving.lbs == every.lbs)
        #expect(moving.kg != every.kg)
    }

    /// A read takes the lines' days and reads only the checkpoint it goes
    /// on from (reading every Decimal cost F3 12% more at 30,000 days): an
    /// older line that is not a checkpoint is not read, and is passed over
    /// when the series is made again from before it.
    @Test func aReadReadsOnlyTheCheckpointItGoesOn() throws {
        let dir = TempDir()
        let store = try fixture.store(dir, days: 3_001)
        try fixture.expectSameAsEveryDay(store)
        let text = try #require(try fixture.checkpoint(store))
        let broken = text.replacingOccurrences(of: "checkpoints 8\n", with: "checkpoints 9\n")
            .replacingOccurrences(of: "\n18980 ", with: "\n18980 0 x y\n18981 ")
        try #require(broken != text && WeightDayTable.Series(text: broken) == nil)
        try setSeries(store, broken)
        try fixture.expectSameAsEveryDay(store)
        #expect(try fixture.checkpoint(store) == broken)
        // A change after it: the series is gone on from 18,615, the line before.
        _ = try store.weights.add(Weight(digits: "80", unit: .kg)!, at: Date(timeIntervalSince1970: 18_981 * 86_400))
        try fixture.expectSameAsEveryDay(store)
        #expect(try fixture.checkpointDays(store) == Self.gridDays + [20_000 - TrendStart.lead])
    }

    /// A grocer from before the series reads the setting as one checkpoint,
    /// "DAY ENTRIES KG LBS" (`Checkpoint(text:)`, unchanged since it was
    /// released): the series' text is never one, so it reads none, and its
    /// write forgets the setting whatever day it changes (its rule, below).
    @Test func aGrocerFromBeforeTheSeriesReadsNoCheckpointAndForgetsItOnAnyWrite() throws {
        let dir = TempDir()
        let store = try fixture.store(dir, days: 3_001)
        try fixture.expectSameAsEveryDay(store)
        let text = try #require(try fixture.checkpoint(store))
        let series = try #require(WeightDayTable.Series(text: text))
        #expect(WeightDayTable.Checkpoint(text: text) == nil)
        for count in 1...3 {
            let some = WeightDayTable.Series(Array(series.checkpoints.suffix(count)))
            #expect(WeightDayTable.Checkpoint(text: some.text) == nil)
            #expect(some.text.split(separator: " ", omittingEmptySubsequences: false).count != 4)
            #expect(WeightDayTable.Series(text: some.text) == some)
        }
        // Its forget rule, as released (0ec6342): kept only when the text
        // is a checkpoint before the day changed. A write after every
        // checkpoint still forgets it.
        func releasedForget(_ db: Database, ifChangedFrom day: Int) throws {
            guard let kept = try SettingRecord.readableValue(of: .weightDayTrend, db) else { return }
            if let checkpoint = WeightDayTable.Checkpoint(text: kept), checkpoint.day < day { return }
            try SettingRecord.set(.weightDayTrend, to: nil, db)
        }
        try store.writer.write { db in try releasedForget(db, ifChangedFrom: 20_000) }
        #expect(try fixture.checkpoint(store) == nil)
    }

    /// A grocer from before the series writes its one checkpoint in the
    /// older text: read here as a series of one, and gone on from.
    @Test func theOlderTextIsASeriesOfOne() throws {
        let dir = TempDir()
        let store = try fixture.store(dir, days: 3_001)
        try fixture.expectSameAsEveryDay(store)
        let moving = try #require(try series(store)?.checkpoints.last)
        try setSeries(store, moving.text)
        #expect(WeightDayTable.Series(text: moving.text)?.checkpoints == [moving])
        try fixture.expectSameAsEveryDay(store)
        #expect(try fixture.checkpoint(store) == moving.text)
        // A save 100 days on moves it on, from it.
        _ = try store.weights.add(Weight(digits: "88.8", unit: .kg)!, at: Date(timeIntervalSince1970: 20_100 * 86_400 + 50_000))
        try fixture.expectSameAsEveryDay(store)
        #expect(try fixture.checkpointDays(store) == [20_100 - TrendStart.lead])
    }

    /// Work in the background at open (`Store.prepareHistory`): a table
    /// built for another zone is rebuilt, which forgets the checkpoints,
    /// and they are made again there, so F3 then makes nothing.
    @Test func preparingTheHistoryRebuildsTheDaysAndMakesTheCheckpoints() throws {
        let dir = TempDir()
        let utc = try fixture.store(dir, days: 3_000)
        try fixture.expectSameAsEveryDay(utc)
        try utc.close()
        let tokyo = try Store.open(at: dir.path("grocer.sqlite"), mode: .create, zone: TimeZone(identifier: "Asia/Tokyo")!, stop: StopFlag())
        defer { try? tokyo.close() }
        #expect(try tokyo.weights.daysBuiltForAnotherZone())
        try tokyo.weights.prepareHistory()
        #expect(try !tokyo.weights.daysBuiltForAnotherZone())
        let made = try #require(try fixture.checkpoint(tokyo))
        #expect(try tokyo.writer.read { db in try WeightDayTable.needsCheckpoint(db) } == false)
        // The history's read finds them: nothing made, nothing written.
        _ = try tokyo.weights.recentDays(unit: .kg)
        #expect(try fixture.checkpoint(tokyo) == made)
        #expect(try fixture.checkpointDays(tokyo).count == Self.gridDays.count + 1)
        // Forgotten by a write to an old day: made again.
        _ = try tokyo.weights.add(Weight(digits: "80", unit: .kg)!, at: Date(timeIntervalSince1970: 18_000 * 86_400))
        #expect(try tokyo.writer.read { db in try WeightDayTable.needsCheckpoint(db) })
        try tokyo.weights.prepareHistory()
        #expect(try tokyo.writer.read { db in try WeightDayTable.needsCheckpoint(db) } == false)
    }

    /// A new store, or a short history: preparing writes nothing.
    @Test func preparingAShortHistoryWritesNothing() throws {
        let dir = TempDir()
        let store = try fixture.store(dir, days: 300)
        try store.weights.prepareHistory()
        #expect(try fixture.checkpoint(store) == nil)
        #expect(try store.writer.read { db in try SettingRecord.readableValue(of: .weightDayZone, db) } == nil)
    }

    @Test(arguments: [
        "checkpoints 1", "checkpoints 2\n19345 5 70 150", "checkpoints 1\n19345 5 70 150\n19600 6 70 150",
        "checkpoints 2\n19600 5 70 150\n19345 5 70 150", "checkpoints 2\n19345 6 70 150\n19600 5 70 150",
        "checkpoints 2\n19345 5 70 150\n19345 5 70 150", "checkpoint 1\n19345 5 70 150", "checkpoints 1\n19345 5 70 x",
    ])
    func aSeriesThatIsNotOneIsNone(text: String) {
        #expect(WeightDayTable.Series(text: text) == nil)
    }

    /// The grid keeps every 365th day near the moving checkpoint, fewer
    /// further back: few over any history, and never far before a change.
    @Test func theGridStaysShortAndNeverFarBeforeAChange() {
        let spacing = WeightDayTable.Series.spacing
        for (span, most) in [(30_000, 53), (730_000, 128), (3_650_000, 164)] {
            let moving = span - TrendStart.lead
            let kept = stride(from: 0, to: moving, by: spacing).filter { WeightDayTable.Series.keeps($0, moving: moving) }
            #expect(kept.count == most, "\(span)")
            // The latest kept day before any day d lies at most about
            // (moving - d) / (perBand - 1) before it, or a spacing.
            for (earlier, later) in zip(kept, kept.dropFirst()) {
                let gap = later - earlier
                #expect(gap <= max(spacing, (moving - later) / (WeightDayTable.Series.perBand - 1)), "\(span) \(later)")
            }
        }
        // Days before 1970 too.
        #expect(WeightDayTable.Series.keeps(-730, moving: 0))
        #expect(!WeightDayTable.Series.keeps(-729, moving: 0))
    }
}
