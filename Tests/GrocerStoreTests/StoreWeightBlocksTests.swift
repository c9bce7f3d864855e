import Foundation
import GRDB
import GrocerCore
import TestSupport
import Testing

@testable import GrocerStore

/// The `all` graph's blocks of days (`weight_block`, issue 35) as the store
/// keeps them equal the blocks made from every day from scratch
/// (`WeightBlock.blocks(everyDay:)`), through random adds, edits, deletes,
/// imports and moves of zone: each write forgets the blocks from its day
/// on, and a read makes them again from the latest checkpoint before.
@Suite struct StoreWeightBlocksTests {
    static let zones = ["America/New_York", "Asia/Tokyo", "UTC", "Australia/Lord_Howe"].map { TimeZone(identifier: $0)! }

    /// Graph widths that ask for blocks of 4 up to 256 days over the
    /// tests' span of about 3,000 days.
    static let widths = [2, 12, 40, 150]

    func expectSame(_ store: Store, _ note: String) throws {
        for unit in WeightUnit.allCases {
            let days = try store.weights.days(unit: unit)
            guard let first = days.first?.day.number, let last = days.last?.day.number else { continue }
            for dots in Self.widths {
                let kept = try store.weights.graphBlocks(unit: unit, dots: dots)
                guard let size = WeightBlock.size(span: last - first, dots: dots) else {
                    #expect(kept == nil, "\(note) \(unit) \(dots)")
                    continue
                }
                let fresh = WeightBlock.blocks(everyDay: days, unit: unit, size: size)
                #expect(kept == fresh, "\(note) \(unit) \(dots) size \(size)")
            }
        }
    }

    @Test(arguments: [UInt64(1), 2, 3])
    func theKeptBlocksEqualBlocksFromEveryDayThroughEveryWrite(seed: UInt64) throws {
        var random = SplitMix(state: seed)
        let dir = TempDir()
        let path = dir.path("grocer.sqlite")
        var store = try Store.open(at: path, mode: .create, zone: Self.zones[0], stop: StopFlag())
        // About eight years: long enough for the trend's checkpoints, which
        // the blocks are folded on from.
        let base: Int64 = 1_550_000_000
        let span: Int64 = 3_000 * 86_400
        func randomWeight() -> Weight {
            let unit: WeightUnit = Bool.random(using: &random) ? .kg : .lbs
            let whole = Int.random(in: unit == .kg ? 60...90 : 130...200, using: &random)
            return Weight(digits: "\(whole)\(["", ".5", ".25", ".1"].randomElement(using: &random)!)", unit: unit)!
        }
        func randomSeconds() -> Int64 { base + Int64.random(in: 0..<span, using: &random) }
        func randomDate() -> Date { Date(timeIntervalSince1970: TimeInterval(randomSeconds())) }
        // A first history, imported.
        try store.weights.bulkImport { importer in
            for _ in 0..<600 { try importer.add(randomWeight(), at: randomSeconds()) }
            return true
        }
        var live = try store.weights.newestFirst(before: nil, limit: 10_000).entries.map(\.id)
        try expectSame(store, "seed \(seed) import")
        for step in 0..<120 {
            let roll = Int.random(in: 0..<20, using: &random)
            if roll < 8 || live.isEmpty {
                // Mostly the newest days, as a person saves.
                let at = Bool.random(using: &random) ? randomDate() : Date(timeIntervalSince1970: TimeInterval(base + span))
                live.append(try store.weights.add(randomWeight(), at: at).id)
            } else if roll < 12 {
                try store.weights.edit(id: live.randomElement(using: &random)!, weight: randomWeight(), at: randomDate())
            } else if roll < 16 {
                let ids = Array(live.shuffled(using: &random).prefix(Int.random(in: 1...3, using: &random)))
                _ = try store.weights.delete(ids: ids)
                live.removeAll { ids.contains($0) }
            } else if roll < 18 {
                try store.weights.bulkImport { importer in
                    for _ in 0..<Int.random(in: 1...20, using: &random) { try importer.add(randomWeight(), at: randomSeconds()) }
                    return true
                }
                live = try store.weights.newestFirst(before: nil, limit: 10_000).entries.map(\.id)
            } else {
                // A move: the table rebuilt in the new zone's days.
                try store.close()
                store = try Store.open(at: path, mode: .create, zone: Self.zones.randomElement(using: &random)!, stop: StopFlag())
            }
            // F3 now and then: the checkpoints kept, as the history does.
            if Int.random(in: 0..<3, using: &random) == 0 { _ = try store.weights.recentDays(unit: .kg) }
            if step % 6 == 5 { try expectSame(store, "seed \(seed) step \(step)") }
        }
        try expectSame(store, "seed \(seed)")
        try store.close()
    }

    /// A save today forgets only the blocks that reach today (the last of
    /// each size): every older one stays as kept, not made again.
    @Test func aSaveTodayForgetsOnlyTheBlocksThatReachIt() throws {
        let store = try Store.open(at: ":memory:", mode: .memory, zone: Self.zones[2], stop: StopFlag())
        let day0: Int64 = 1_500_000_000
        try store.weights.bulkImport { importer in
            for day in 0..<2_000 { try importer.add(Weight(digits: "\(70 + day % 13)", unit: .kg)!, at: day0 + Int64(day) * 86_400) }
            return true
        }
        _ = try store.weights.recentDays(unit: .kg)
        // 2,000 days, 80 dots: blocks of 4 and 16 days.
        #expect(try store.weights.graphBlocks(unit: .kg, dots: 40)?.first?.size == 16)
        let today = Int(day0 / 86_400) + 2_000
        // The first F3 folded every day for the checkpoints and kept every
        // size a graph can ask (up to 256 days) with them: counted here,
        // the two this graph reads.
        func count(_ condition: String) throws -> Int {
            try store.writer.read { db in
                try Int.fetchOne(db, sql: "SELECT count(*) FROM weight_block WHERE size <= 16 AND " + condition, arguments: [today]) ?? 0
            }
        }
        let kept = try count("? IS NOT NULL")
        let reaching = try count("start + size > ?")
        // Days 17,361 to 19,360: 501 blocks of 4 days and 126 of 16 (each
        // from 17,360), the last of each starting on 19,360.
        #expect(kept == 501 + 126 && reaching == 2)
        try store.weights.add(Weight(digits: "71", unit: .kg)!, at: Date(timeIntervalSince1970: TimeInterval(day0 + 2_000 * 86_400)))
        #expect(try count("? IS NOT NULL") == kept - reaching)
        let after = try #require(try store.weights.graphBlocks(unit: .kg, dots: 40))
        #expect(after == WeightBlock.blocks(everyDay: try store.weights.days(unit: .kg), unit: .kg, size: 16))
        #expect(try count("? IS NOT NULL") == kept)
    }

    /// The read that makes the blocks keeps the trend at the end of the
    /// day before the last block (the tail) among the checkpoints, exact;
    /// a save today is then made up for from the tail, not from the moving
    /// checkpoint about 400 days back (here made wrong on purpose: it must
    /// not reach the blocks). The tail replaces the one before; the moving
    /// checkpoint made again keeps it; a change on its day forgets it.
    @Test func aSaveTodayGoesOnFromTheTail() throws {
        let store = try Store.open(at: ":memory:", mode: .memory, zone: Self.zones[2], stop: StopFlag())
        let day0: Int64 = 1_500_000_000
        try store.weights.bulkImport { importer in
            for day in 0..<2_000 { try importer.add(Weight(digits: "\(70 + day % 13).\(day % 7)", unit: .kg)!, at: day0 + Int64(day) * 86_400) }
            return true
        }
        // The first read folds every day, the blocks with the checkpoints;
        // a first save today is made up for from the moving checkpoint, and
        // keeps the tail.
        _ = try store.weights.recentDays(unit: .kg)
        let first = Int(day0 / 86_400) + 2_000
        try store.weights.add(Weight(digits: "70", unit: .kg)!, at: Date(timeIntervalSince1970: TimeInterval(Int64(first) * 86_400 + 3_600)))
        _ = try #require(try store.weights.graphBlocks(unit: .kg, dots: 40))
        func lines() throws -> [WeightDayTable.Series.Line] {
            try store.writer.read { db in try WeightDayTable.checkpointLines(db) } ?? []
        }
        func setLines(_ lines: [WeightDayTable.Series.Line]) throws {
            try store.writer.write { db in try SettingRecord.set(.weightDayTrend, to: WeightDayTable.Series.text(lines: lines), db) }
        }
        let last = first
        let tailDay = WeightBlock.start(of: last, size: 4) - 1
        let tail = try #require(try lines().last)
        #expect(tail.day == tailDay)
        let days = try store.weights.days(unit: .kg)
        let upToTail = try #require(WeightTrend(days: days.filter { $0.day.number <= tailDay }, unit: .kg).latest)
        let lbsUpToTail = try #require(
            WeightTrend(days: try store.weights.days(unit: .lbs).filter { $0.day.number <= tailDay }, unit: .lbs).latest)
        #expect(
            WeightDayTable.Checkpoint(line: tail.text)
                == WeightDayTable.Checkpoint(day: tailDay, entries: tailDay - Int(day0 / 86_400) + 1, kg: upToTail.trend, lbs: lbsUpToTail.trend))
        // The moving checkpoint made wrong (still well formed), so wrong
        // that 400 days of smoothing (0.9^400) would not hide it.
        var wrong = try lines()
        let moving = try #require(wrong.lastIndex { TrendStart.leads.contains(last - $0.day) })
        let kept = try #require(WeightDayTable.Checkpoint(line: wrong[moving].text))
        let huge = Decimal(sign: .plus, exponent: 30, significand: 1)
        let made = WeightDayTable.Checkpoint(day: kept.day, entries: kept.entries, kg: huge, lbs: huge)
        #expect(WeightDayTable.Checkpoint(line: Substring(made.text)) == made)
        wrong[moving] = .init(day: kept.day, text: Substring(made.text))
        try setLines(wrong)
        // Saved today, the next block.
        let today = last + 1
        try store.weights.add(Weight(digits: "71", unit: .kg)!, at: Date(timeIntervalSince1970: TimeInterval(Int64(today) * 86_400 + 3_600)))
        let after = try #require(try store.weights.graphBlocks(unit: .kg, dots: 40))
        #expect(after == WeightBlock.blocks(everyDay: try store.weights.days(unit: .kg), unit: .kg, size: 16))
        let newTail = WeightBlock.start(of: today, size: 4) - 1
        #expect(try lines().filter { $0.day > kept.day }.map(\.day) == [newTail])
        // The moving checkpoint made again (as when the last day moves on):
        // the tail stays.
        try setLines(try lines().filter { $0.day != kept.day })
        _ = try store.weights.recentDays(unit: .kg)
        #expect(try lines().last?.day == newTail)
        #expect(try lines().contains { TrendStart.leads.contains(today - $0.day) })
        // A change on the tail's day forgets it.
        try store.weights.add(Weight(digits: "72", unit: .kg)!, at: Date(timeIntervalSince1970: TimeInterval(Int64(newTail) * 86_400 + 3_600)))
        #expect(try lines().allSatisfy { $0.day < newTail })
    }
}
