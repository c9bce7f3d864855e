import Foundation
import GRDB
import GrocerCore

/// The graph's blocks of a whole history made in the fold that makes the
/// trend's checkpoints from its first day (issue 35): a rebuild of
/// `weight_day` (a zone change, a migration) folds every day in both units
/// once for the checkpoints, and the first `all` after it folded every day
/// again for the blocks (5.7 s at 2,000,000 entries). Now the checkpoints'
/// fold runs through `add` a stretch at a time (`WeightBlock.fold`, whose
/// final trends are the checkpoint's), the days after the moving
/// checkpoint too, and `finish` makes every larger size from its
/// children, so a rebuild keeps every block a graph can ask with the
/// checkpoints, in the same transaction.
extension WeightBlockTable {
    struct Fold {
        /// Where the blocks are written: `weight_block`, or a rebuild's
        /// copy of it (`StoreWeights.rebuiltBlocks`).
        let table: String
        /// The trend after the days folded so far (nil: none yet).
        private(set) var kg: Decimal?
        private(set) var lbs: Decimal?
        /// The last smallest block made: the next stretch may go on in it.
        /// Every other one is written at once, so memory stays bounded by
        /// a stretch.
        private var open: Pair?

        /// Starts at the history's first day, `table` emptied.
        init(_ db: Database, into table: String) throws {
            self.table = table
            try db.execute(sql: "DELETE FROM \(table)")
        }

        /// Folds `days` (oldest first, after every day folded so far) into
        /// the smallest blocks and writes those the next days cannot reach.
        mutating func add(_ days: [WeightDayTable.Day], _ db: Database) throws {
            guard !days.isEmpty else { return }
            let size = WeightBlock.smallest
            let kgFold = WeightBlock.fold(days.map { $0.figure(.kg) }, unit: .kg, trend: kg, size: size)
            let lbsFold = WeightBlock.fold(days.map { $0.figure(.lbs) }, unit: .lbs, trend: lbs, size: size)
            kg = kgFold.trend
            lbs = lbsFold.trend
            var made = open.map { [$0] } ?? []
            append(zip(kgFold.blocks, lbsFold.blocks).map { Pair(kg: $0, lbs: $1) }, to: &made, size: size)
            open = made.popLast()
            try insert(db, made, into: table)
        }

        /// Writes the last smallest block, then each larger size from its
        /// children, up to the largest a graph can ask of a history of
        /// `span` days (one dot column: `WeightBlock.size(span:dots:)`).
        mutating func finish(_ db: Database, span: Int) throws {
            if let open { try insert(db, [open], into: table) }
            open = nil
            guard let largest = WeightBlock.size(span: span, dots: 1) else { return }
            var current = WeightBlock.smallest
            while current < largest {
                current *= 4
                try insert(db, merged(try read(db, size: current / 4, from: .min, table: table), size: current), into: table)
            }
        }
    }
}
