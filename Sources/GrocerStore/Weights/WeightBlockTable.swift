import Foundation
import GRDB
import GrocerCore

/// `weight_block` (format version 15, issue 35): what the history graph's
/// `all` range draws of each block of days (`WeightBlock`), in kg and in
/// lbs (stones are drawn in lbs), one row per block holding entries, for
/// sizes 4, 16, 64, ... as far as a graph has asked.
///
/// Derived data kept like the trend's checkpoints
/// (`WeightDayTable+Checkpoint`): every write that changes a day d forgets
/// the blocks that reach d or later (`forget`, called by
/// `WeightDayTable.forgetCheckpoint`, which every write of a day calls: a
/// change on d changes the trend of every later day), and every rebuild of
/// `weight_day` forgets them all (and, when it folds every day for the
/// checkpoints, keeps them all again in that fold: `Fold`). So each
/// size's kept blocks are every block with entries before its frontier
/// (the end of its last kept block), and a read makes the rest (`keep`):
/// the smallest size from the days, folded with the trend's Decimal steps
/// from the latest checkpoint before the frontier (never from the
/// history's start when a checkpoint serves), a stretch at a time; each
/// larger size from its four children. That read also keeps the trend at
/// the end of the day before the last block, the tail, among the
/// checkpoints (`keepTail`): a save today then costs the few days since
/// it, once, on the next `all` (the first after a rebuild, the days since
/// the moving checkpoint); an edit years back, the days since the
/// checkpoint before it.
enum WeightBlockTable {
    static let shape = TableShape(
        name: "weight_block",
        columns: [
            "size", "start", "first", "last", "kg_low", "kg_high", "kg_trend_low", "kg_trend_high", "kg_trend_last", "lbs_low", "lbs_high",
            "lbs_trend_low", "lbs_trend_high", "lbs_trend_last",
        ])

    /// A block in both units (the same days).
    struct Pair: Equatable {
        let kg: WeightBlock
        let lbs: WeightBlock

        func block(_ unit: WeightUnit) -> WeightBlock { unit == .kg ? kg : lbs }
    }

    /// Days folded at a time when making the smallest blocks: memory stays
    /// bounded however long the history is (a query per stretch costs
    /// little beside its days' Decimal steps). A block cut by a stretch's
    /// end is joined with its rest (`append`).
    static let stretch = 1_000

    /// Forgets the blocks that reach `day` or later: one seek of the
    /// primary key per size (`start + size > day` over the whole table read
    /// every block on every save).
    static func forget(_ db: Database, from day: Int) throws {
        let statement = try db.cachedStatement(sql: "DELETE FROM weight_block WHERE size = ? AND start > ?")
        var size = WeightBlock.smallest
        while size <= largest {
            try statement.execute(arguments: [size, day >= Int.min + size ? day - size : Int.min])
            size *= 4
        }
    }

    /// The largest size a graph can ask for: 4^11 days is longer than the
    /// 3,652,059 days from the year 1 to 9999.
    static let largest = 1 << 22

    /// Forgets every block (a rebuild of `weight_day`); nothing in a
    /// store of a version before the table (a migration's rebuild).
    static func forgetAll(_ db: Database) throws {
        guard try db.tableExists("weight_block") else { return }
        try db.execute(sql: "DELETE FROM weight_block")
    }

    /// The first day not covered by the kept blocks of `size`: the end of
    /// the last one; nil when none is kept.
    static func frontier(_ db: Database, size: Int) throws -> Int? {
        try Int.fetchOne(db, sql: "SELECT max(start) FROM weight_block WHERE size = ?", arguments: [size]).map { $0 + size }
    }

    /// Whether every block of sizes `WeightBlock.smallest` up to `size`
    /// is kept, up to the last day.
    static func isComplete(_ db: Database, through size: Int) throws -> Bool {
        guard let last = try Int.fetchOne(db, sql: "SELECT max(day) FROM weight_day") else { return true }
        var current = WeightBlock.smallest
        while current <= size {
            guard let frontier = try frontier(db, size: current), frontier > last else { return false }
            current *= 4
        }
        return true
    }

    /// Makes and keeps the blocks of sizes `WeightBlock.smallest` up to
    /// `size` that are not kept (see the type's comment).
    static func keep(_ db: Database, through size: Int) throws {
        var current = WeightBlock.smallest
        let from = try frontier(db, size: current)
        let (made, tail) = try smallest(db, from: from)
        try insert(db, made)
        if let tail { try keepTail(db, tail) }
        while current < size {
            current *= 4
            let from = try frontier(db, size: current) ?? Int.min
            try insert(db, merged(try read(db, size: current / 4, from: from), size: current))
        }
    }

    /// Every block of `size` made from every day, kept nowhere (a store
    /// that cannot be written).
    static func made(_ db: Database, size: Int) throws -> [Pair] {
        var blocks = try smallest(db, from: nil).blocks
        var current = WeightBlock.smallest
        while current < size {
            current *= 4
            blocks = merged(blocks, size: current)
        }
        return blocks
    }

    /// The kept blocks of `size` in `unit`, oldest first.
    static func blocks(_ db: Database, size: Int, unit: WeightUnit) throws -> [WeightBlock] {
        try read(db, size: size, from: Int.min).map { $0.block(unit) }
    }

    /// The smallest blocks from day `from` on (nil: every one), folded
    /// from the latest kept checkpoint before it (none: the history's
    /// start), a stretch of days at a time; and the tail checkpoint, the
    /// trend at the end of the day before the last block (nil when the
    /// fold began after it or no entry comes before it).
    static func smallest(_ db: Database, from: Int?) throws -> (blocks: [Pair], tail: WeightDayTable.Checkpoint?) {
        let size = WeightBlock.smallest
        guard let lastDay = try Int.fetchOne(db, sql: "SELECT max(day) FROM weight_day"),
            let firstDay = try Int.fetchOne(db, sql: "SELECT min(day) FROM weight_day")
        else { return ([], nil) }
        let wanted = max(from ?? firstDay, firstDay)
        guard wanted <= lastDay else { return ([], nil) }
        // The latest checkpoint before the wanted day that is one (a line
        // that is not is passed over), on or after the first day: the
        // tail, after a save today.
        let lines = try WeightDayTable.checkpointLines(db) ?? []
        let checkpoint = lines.reversed().lazy.filter { $0.day < wanted && $0.day >= firstDay }
            .compactMap { WeightDayTable.Checkpoint(line: $0.text) }.first
        var kg = checkpoint?.kg
        var lbs = checkpoint?.lbs
        var entries = checkpoint?.entries ?? 0
        var folded = checkpoint?.day ?? (firstDay - 1)
        let tailDay = WeightBlock.start(of: lastDay, size: size) - 1
        var tail: WeightDayTable.Checkpoint?
        var made: [Pair] = []
        while folded < lastDay {
            var end = folded >= Int.max - stretch ? lastDay : min(lastDay, folded + stretch)
            // A stretch ends on the tail's day, so its trend is the fold's.
            if folded < tailDay { end = min(end, tailDay) }
            let days = try WeightDayTable.days(db, where: "WHERE day > ? AND day <= ?", [folded, end])
            folded = end
            let kgFold = WeightBlock.fold(days.map { $0.figure(.kg) }, unit: .kg, trend: kg, size: size, from: wanted)
            let lbsFold = WeightBlock.fold(days.map { $0.figure(.lbs) }, unit: .lbs, trend: lbs, size: size, from: wanted)
            kg = kgFold.trend
            lbs = lbsFold.trend
            entries += days.reduce(0) { $0 + $1.count }
            if folded == tailDay, let kg, let lbs, entries > 0 {
                tail = WeightDayTable.Checkpoint(day: tailDay, entries: entries, kg: kg, lbs: lbs)
            }
            let pairs = zip(kgFold.blocks, lbsFold.blocks).map { Pair(kg: $0, lbs: $1) }
            append(pairs, to: &made, size: size)
        }
        return (made, tail)
    }

    /// Keeps `tail` among the trend's checkpoints (`weight_day.trend`), in
    /// place of an older tail: the next `keep` after a save today folds the
    /// days since it (a few) instead of those since the moving checkpoint
    /// (about 400, in both units: 8 ms at 4 entries a day). Forgotten, as
    /// every checkpoint, by a change on or before its day; a grocer before
    /// it reads it as any checkpoint, and drops it when it next makes the
    /// moving one.
    static func keepTail(_ db: Database, _ tail: WeightDayTable.Checkpoint) throws {
        let lines = (try WeightDayTable.checkpointLines(db) ?? []).filter { !WeightDayTable.Series.isTail($0.day, of: tail.day) }
        let line = WeightDayTable.Series.Line(day: tail.day, text: Substring(tail.text))
        try SettingRecord.set(.weightDayTrend, to: WeightDayTable.Series.text(lines: lines + [line]), db)
    }

    /// `pairs` appended to `made`, a block cut by a stretch's end (the
    /// same start as the last one) joined with its rest.
    static func append(_ pairs: [Pair], to made: inout [Pair], size: Int) {
        guard let last = made.last, let next = pairs.first, last.kg.start == next.kg.start else {
            made.append(contentsOf: pairs)
            return
        }
        made[made.count - 1] = merged([last, next], size: size)[0]
        made.append(contentsOf: pairs.dropFirst())
    }

    /// Blocks of `size` made from smaller ones, in both units.
    static func merged(_ children: [Pair], size: Int) -> [Pair] {
        zip(WeightBlock.merged(children.map(\.kg), size: size), WeightBlock.merged(children.map(\.lbs), size: size))
            .map { Pair(kg: $0, lbs: $1) }
    }

    static func read(_ db: Database, size: Int, from: Int, table: String = "weight_block") throws -> [Pair] {
        var pairs: [Pair] = []
        let rows = try Row.fetchCursor(
            db,
            sql: """
                SELECT start, first, last, kg_low, kg_high, kg_trend_low, kg_trend_high, kg_trend_last,
                  lbs_low, lbs_high, lbs_trend_low, lbs_trend_high, lbs_trend_last
                FROM \(table) WHERE size = ? AND start >= ? ORDER BY start
                """, arguments: [size, from])
        while let row = try rows.next() {
            let start: Int = row[0]
            let first: Int = row[1]
            let last: Int = row[2]
            func block(_ offset: Int) -> WeightBlock {
                WeightBlock(
                    size: size, start: start, first: first, last: last, low: row[offset], high: row[offset + 1], trendLow: row[offset + 2],
                    trendHigh: row[offset + 3], trendLast: row[offset + 4])
            }
            pairs.append(Pair(kg: block(3), lbs: block(8)))
        }
        return pairs
    }

    static func insert(_ db: Database, _ pairs: [Pair], into table: String = "weight_block") throws {
        guard !pairs.isEmpty else { return }
        let statement = try db.cachedStatement(
            sql: """
                INSERT OR REPLACE INTO \(table) (size, start, first, last, kg_low, kg_high, kg_trend_low, kg_trend_high, kg_trend_last,
                  lbs_low, lbs_high, lbs_trend_low, lbs_trend_high, lbs_trend_last) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """)
        for pair in pairs {
            let (kg, lbs) = (pair.kg, pair.lbs)
            try statement.execute(arguments: [
                kg.size, kg.start, kg.first, kg.last, kg.low, kg.high, kg.trendLow, kg.trendHigh, kg.trendLast, lbs.low, lbs.high,
                lbs.trendLow, lbs.trendHigh, lbs.trendLast,
            ])
        }
    }
}
