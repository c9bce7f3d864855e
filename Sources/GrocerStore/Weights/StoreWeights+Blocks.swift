import Foundation
import GRDB
import GrocerCore

extension StoreWeights {
    /// What the history graph's `all` range draws over a long history
    /// (issue 35): the blocks of days (`WeightBlock`) of the size a graph
    /// `dots` dot columns wide reads (`WeightBlock.size(span:dots:)`), in
    /// `unit`, oldest first; the missing ones made and kept first, in the
    /// same transaction (`WeightBlockTable`). Nil when the history spans
    /// too few days for blocks: the graph is then made from every day
    /// (`days(unit:)`), as it is when `weight_day` is not built for this
    /// zone and the store cannot be written. A store that cannot be
    /// written otherwise makes every block from the days without keeping
    /// them.
    public func graphBlocks(unit: WeightUnit, dots: Int) throws -> [WeightBlock]? {
        do {
            try rebuildDaysIfNeeded()
        } catch let error as StoreError where cannotKeep(error) {
            return nil
        }
        let read = { (db: Database) throws -> [WeightBlock]?? in
            guard let size = try Self.blockSize(db, dots: dots) else { return .some(nil) }
            guard try WeightBlockTable.isComplete(db, through: size) else { return nil }
            return try WeightBlockTable.blocks(db, size: size, unit: unit)
        }
        if let kept = try checkedRead(WeightDayTable.shape, WeightBlockTable.shape, SettingRecord.shape, body: read) { return kept }
        do {
            return try checkedWrite(WeightDayTable.shape, WeightBlockTable.shape, SettingRecord.shape) { db in
                // Another grocer may have made them, or written, meanwhile.
                if let kept = try read(db) { return kept }
                guard let size = try Self.blockSize(db, dots: dots) else { return nil }
                try WeightBlockTable.keep(db, through: size)
                return try WeightBlockTable.blocks(db, size: size, unit: unit)
            }
        } catch let error as StoreError where cannotKeep(error) {
            return try checkedRead(WeightDayTable.shape, WeightBlockTable.shape, SettingRecord.shape) { db in
                guard let size = try Self.blockSize(db, dots: dots) else { return nil }
                return try WeightBlockTable.made(db, size: size).map { $0.block(unit) }
            }
        }
    }

    /// The block size for a graph `dots` dot columns wide over the days
    /// of `weight_day`; nil when it needs none.
    static func blockSize(_ db: Database, dots: Int) throws -> Int? {
        guard let last = try Int.fetchOne(db, sql: "SELECT max(day) FROM weight_day"),
            let first = try Int.fetchOne(db, sql: "SELECT min(day) FROM weight_day")
        else { return nil }
        return WeightBlock.size(span: last - first, dots: dots)
    }
}
