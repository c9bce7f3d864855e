import Foundation
import GRDB
import GrocerCore

/// `weight_day` rebuilt for a new zone without holding the store's write
/// lock while it tallies (issue 35): a save typed meanwhile, on another
/// connection, lands at once and the rebuild takes it in.
///
/// The tally and the trend's checkpoints are made in a read transaction
/// into a TEMP table of this connection (its writes lock no file), then a
/// short write transaction swaps the rows in, the zone and the checkpoints
/// with them, if no other connection committed since the tally read
/// (`PRAGMA data_version`); otherwise the tally is made again from the
/// store as it is now. After `attempts` such tries (a store written
/// without pause) it rebuilds under the lock as before, so it always ends.
/// Either way the graph's blocks are made in the checkpoints' fold
/// (`WeightBlockTable.Fold`) and kept with them: beside, into a TEMP table
/// the swap copies in; under the lock, straight into `weight_block`.
extension StoreWeights {
    static let rebuiltDays = "temp.weight_day_rebuilt"
    static let rebuiltBlocks = "temp.weight_block_rebuilt"

    /// Rebuilds the table for `timeZone` as above. `afterTally` runs
    /// between the tally and the swap (tests write there).
    func rebuildDaysBeside(attempts: Int = 3, afterTally: () throws -> Void = {}) throws {
        for _ in 0..<attempts {
            defer {
                try? writer.base.writeWithoutTransaction { db in
                    try db.execute(sql: "DROP TABLE IF EXISTS \(Self.rebuiltDays); DROP TABLE IF EXISTS \(Self.rebuiltBlocks)")
                }
            }
            let (version, lines, blocks) = try tallyBeside()
            try afterTally()
            let swapped = try checkedWrite(WeightRecord.shape, WeightDayTable.shape, WeightBlockTable.shape, SettingRecord.shape) { db in
                guard try Int64.fetchOne(db, sql: "PRAGMA data_version") == version else { return false }
                try db.execute(sql: "DELETE FROM weight_day")
                try db.execute(sql: "INSERT INTO weight_day SELECT * FROM \(Self.rebuiltDays)")
                try WeightBlockTable.forgetAll(db)
                if blocks { try db.execute(sql: "INSERT INTO weight_block SELECT * FROM \(Self.rebuiltBlocks)") }
                try SettingRecord.set(.weightDayTrend, to: lines.map(WeightDayTable.Series.text(lines:)), db)
                try SettingRecord.set(.weightDayZone, to: timeZone.identifier, db)
                return true
            }
            if swapped { return }
        }
        try checkedWrite(WeightRecord.shape, WeightDayTable.shape, SettingRecord.shape) { db in
            try WeightDayTable.rebuild(db, zone: timeZone)
            if try WeightDayTable.needsCheckpoint(db) { try WeightDayTable.keepCheckpoint(db) }
        }
    }

    /// The tally into `rebuiltDays` and the checkpoints made from it (nil:
    /// the history is too short to need one), with the graph's blocks into
    /// `rebuiltBlocks` (`blocks`: made), read in one transaction, and the
    /// store's `data_version` they were read at.
    private func tallyBeside() throws -> (version: Int64?, lines: [WeightDayTable.Series.Line]?, blocks: Bool) {
        try writer.readWritingTemp { db in
            for table in [WeightRecord.shape, WeightDayTable.shape, SettingRecord.shape] { try table.check(db, path: path) }
            try db.execute(sql: "DROP TABLE IF EXISTS \(Self.rebuiltDays)")
            // weight_day as the store defines it, whatever a later step
            // added (columns, defaults, key): the swap copies every column.
            let table = "CREATE TABLE weight_day"
            guard let schema = try String.fetchOne(db, sql: "SELECT sql FROM main.sqlite_master WHERE type = 'table' AND name = 'weight_day'"),
                schema.hasPrefix(table)
            else { throw StoreError.unexpectedSchema(path: path, problems: ["weight_day is not the table grocer made"]) }
            try db.execute(sql: "CREATE TABLE \(Self.rebuiltDays)" + schema.dropFirst(table.count))
            let blocks = try makeRebuiltBlocks(db)
            let version = try Int64.fetchOne(db, sql: "PRAGMA data_version")
            try WeightDayTable.tallyEntries(db, zone: timeZone, into: Self.rebuiltDays)
            // As `prepareHistory` after a rebuild (which forgets every
            // checkpoint): made when the history needs one.
            guard let last = try Int.fetchOne(db, sql: "SELECT max(day) FROM \(Self.rebuiltDays)"),
                let first = try Int.fetchOne(db, sql: "SELECT min(day) FROM \(Self.rebuiltDays)"), last - first > TrendStart.lead
            else { return (version, nil, false) }
            let lines = try WeightDayTable.checkpoints(db, table: Self.rebuiltDays, kept: [], blocks: blocks ? Self.rebuiltBlocks : nil)
            return (version, lines, blocks)
        }
    }

    /// `rebuiltBlocks`, made as the store defines `weight_block`, the swap
    /// copying every column; none (false) when the store has no such table
    /// whole: the blocks are derived, and the graph names what is missing.
    private func makeRebuiltBlocks(_ db: Database) throws -> Bool {
        try db.execute(sql: "DROP TABLE IF EXISTS \(Self.rebuiltBlocks)")
        let table = "CREATE TABLE weight_block"
        guard try WeightBlockTable.shape.isWhole(db),
            let schema = try String.fetchOne(db, sql: "SELECT sql FROM main.sqlite_master WHERE type = 'table' AND name = 'weight_block'"),
            schema.hasPrefix(table)
        else { return false }
        try db.execute(sql: "CREATE TABLE \(Self.rebuiltBlocks)" + schema.dropFirst(table.count))
        return true
    }
}
