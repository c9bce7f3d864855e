import Foundation
import GRDB
import GrocerCore

/// Where the history's trend goes on from, kept in the setting
/// `weight_day.trend`: a series of checkpoints, each the trend in kg and in
/// lbs at the end of a day, made from every day up to it, and the number of
/// entries up to it. The newest is the moving one, some `TrendStart.lead`
/// days before the last day; the history reads only the days after it (a
/// year and some), however long the history is. The others lie on a grid
/// of `Series.spacing` days (`Series.keeps`: every grid day of the last
/// `Series.perBand` x 2 spacings, then every second, fourth, ... one
/// further back, so the series stays short however long the history is).
/// After the moving one the series may hold the graph's tail, the trend
/// at the end of the day before its last block (`WeightBlockTable.keepTail`).
/// A trend made from a checkpoint and the days after it is the one made
/// from every day, exactly (the same Decimal steps from the same value: the
/// text keeps every digit).
///
/// Every grocer write that changes a day forgets the checkpoints on or
/// after it (`forgetCheckpoint`), and a rebuild of the table forgets them
/// all. The next read makes the moving one again from the latest
/// checkpoint before the change, folding only the days between (and the
/// grid's checkpoints among them), so an edit costs the days since it,
/// not every day.
extension WeightDayTable {
    struct Checkpoint: Equatable {
        /// The last day folded in (`CivilDay.number`).
        let day: Int
        /// Entries on the days up to `day`.
        let entries: Int
        let kg: Decimal
        let lbs: Decimal

        func trend(_ unit: WeightUnit) -> Decimal { unit == .kg ? kg : lbs }

        /// "20000 12345 72.5 159.8" (day, entries, kg, lbs).
        var text: String { "\(day) \(entries) \(kg) \(lbs)" }

        init(day: Int, entries: Int, kg: Decimal, lbs: Decimal) {
            self.day = day
            self.entries = entries
            self.kg = kg
            self.lbs = lbs
        }

        init?(text: String) { self.init(line: text[...]) }

        init?(line: Substring) {
            let parts = line.split(separator: " ", omittingEmptySubsequences: false)
            guard parts.count == 4, let day = Int(parts[0]), let entries = Int(parts[1]), entries > 0,
                let kg = Self.decimal(parts[2]), let lbs = Self.decimal(parts[3])
            else { return nil }
            self.init(day: day, entries: entries, kg: kg, lbs: lbs)
        }

        /// Plain decimal text ("72.125"), positive; nothing else.
        static func decimal(_ text: Substring) -> Decimal? {
            guard !text.isEmpty, text.utf8.allSatisfy({ ($0 >= 48 && $0 <= 57) || $0 == UInt8(ascii: ".") }),
                let value = Decimal(string: String(text)), value > 0,
                value.description == text
            else { return nil }
            return value
        }
    }

    /// The checkpoints kept, oldest first, as the setting's text:
    ///
    ///     checkpoints 2
    ///     19345 17020 72.123... 159.004...
    ///     19600 17240 71.9... 158.5...
    ///
    /// a first line "checkpoints N", then N lines, each a checkpoint's text
    /// (day, entries, kg, lbs), days rising. A grocer from before the
    /// series reads the setting as exactly four fields split at spaces, the
    /// first a day number: this text never is one ("checkpoints" is not a
    /// number, and the first line adds a fifth field), so such a grocer
    /// reads no checkpoint, forgets the setting on its next weight write and
    /// makes its own one-checkpoint text on its next read. That older text
    /// ("DAY ENTRIES KG LBS") is read here as a series of one.
    ///
    /// Reads take the lines' days only (`lines`) and read the checkpoint
    /// they go on from, no other: reading a Decimal from text is slow, and
    /// reading every checkpoint's for each F3 was a visible part of
    /// `grocer weight trend` (docs/MEASURED.md).
    struct Series: Equatable {
        var checkpoints: [Checkpoint]

        /// A line of the text, its day read.
        struct Line {
            let day: Int
            let text: Substring
        }

        static let header = "checkpoints"

        /// The grid's spacing in days.
        static let spacing = 365
        /// How many grid checkpoints each band back in time keeps: the
        /// nearest band (up to 2 x `perBand` spacings before the moving
        /// checkpoint) keeps every grid day, the next (up to 4 x) every
        /// second, the next (up to 8 x) every fourth, and so on.
        static let perBand = 16

        var text: String {
            ([Self.header + " \(checkpoints.count)"] + checkpoints.map(\.text)).joined(separator: "\n")
        }

        init(_ checkpoints: [Checkpoint]) { self.checkpoints = checkpoints }

        /// The series a text holds; nil when it is not one (every checkpoint
        /// well formed, days rising, entries never falling).
        init?(text: String) {
            guard let lines = Self.lines(text) else { return nil }
            var checkpoints: [Checkpoint] = []
            for line in lines {
                guard let checkpoint = Checkpoint(line: line.text),
                    checkpoints.last.map({ $0.day < checkpoint.day && $0.entries <= checkpoint.entries }) ?? true
                else { return nil }
                checkpoints.append(checkpoint)
            }
            self.init(checkpoints)
        }

        /// The text's lines and each line's day, read no further; nil when
        /// the text has no such shape (its days rising).
        static func lines(_ text: String) -> [Line]? {
            // Split as bytes: splitting the text into Characters cost each
            // F3 more than the rest of the read (docs/MEASURED.md).
            var lines = text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Substring.init)
            if lines.count > 1 {
                guard lines[0] == "\(header) \(lines.count - 1)" else { return nil }
                lines.removeFirst()
            }
            var read: [Line] = []
            read.reserveCapacity(lines.count)
            for line in lines {
                guard let space = line.utf8.firstIndex(of: UInt8(ascii: " ")), let day = Int(line[..<space]),
                    read.last.map({ $0.day < day }) ?? true
                else { return nil }
                read.append(Line(day: day, text: line))
            }
            return read
        }

        static func text(lines: [Line]) -> String {
            ([header + " \(lines.count)"] + lines.map { String($0.text) }).joined(separator: "\n")
        }

        /// Whether the grid keeps a checkpoint on `day`, the moving one
        /// being on `moving`: a grid day (a multiple of `spacing`) whose
        /// band back from `moving` keeps it. About `perBand` x
        /// (2 + log2(span / (spacing x perBand))) grid checkpoints are kept
        /// over a history of `span` days: 53 over 30,000 days, 128 over
        /// 730,000, 164 over the 3,650,000 days from the year 1 to 9999
        /// (the text then about 16 KB). A change on a day d is made up for by
        /// folding the days from the checkpoint before d, which lies at
        /// most about max(`spacing`, (moving - d) / (`perBand` - 1)) days
        /// before it: the cost grows with the days since the change, not
        /// with the history.
        static func keeps(_ day: Int, moving: Int) -> Bool {
            guard day % spacing == 0 else { return false }
            let bands = max(0, moving - day) / (spacing * perBand)
            let band = bands == 0 ? 0 : Int.bitWidth - bands.leadingZeroBitCount - 1
            return (day / spacing) % (1 << min(band, 62)) == 0
        }

        /// Whether a line on `day` is a tail older than one on `tail`
        /// (`WeightBlockTable.keepTail`): it lies after where the moving
        /// checkpoint can be (`TrendStart.leads` before the last day, at
        /// most a block after `tail`).
        static func isTail(_ day: Int, of tail: Int) -> Bool {
            day > tail + WeightBlock.smallest - TrendStart.leads.lowerBound
        }
    }

    /// The kept checkpoints' lines, oldest first; nil when none are kept
    /// or the text is not a series.
    static func checkpointLines(_ db: Database) throws -> [Series.Line]? {
        try SettingRecord.readableValue(of: .weightDayTrend, db).flatMap(Series.lines)
    }

    /// Forgets the checkpoints on or after `day` (a change there changes
    /// the trend they hold), and every one when the text is not a series;
    /// and the graph's blocks that reach `day` or later (`WeightBlockTable`).
    static func forgetCheckpoint(_ db: Database, ifChangedFrom day: Int) throws {
        try WeightBlockTable.forget(db, from: day)
        guard let kept = try SettingRecord.readableValue(of: .weightDayTrend, db) else { return }
        guard let lines = Series.lines(kept) else { return try SettingRecord.set(.weightDayTrend, to: nil, db) }
        let before = lines.filter { $0.day < day }
        if before.count == lines.count { return }
        try SettingRecord.set(.weightDayTrend, to: before.isEmpty ? nil : Series.text(lines: before), db)
    }

    /// The checkpoint the history goes on from: the latest one within
    /// `TrendStart.leads` of `last`, on or after the first day; none when
    /// its line is not one.
    static func serving(_ lines: [Series.Line]?, last: Int, first: Int) -> Checkpoint? {
        guard let line = lines?.last(where: { TrendStart.leads.contains(last - $0.day) && first <= $0.day }) else { return nil }
        return Checkpoint(line: line.text)
    }

    /// Whether the history needs a checkpoint that is not kept: the next
    /// read would make it (`keepCheckpoint`).
    static func needsCheckpoint(_ db: Database) throws -> Bool {
        guard let last = try Int.fetchOne(db, sql: "SELECT max(day) FROM weight_day"),
            let first = try Int.fetchOne(db, sql: "SELECT min(day) FROM weight_day"), last - first > TrendStart.lead
        else { return false }
        return serving(try checkpointLines(db), last: last, first: first) == nil
    }

    /// What the history reads: the days after the checkpoint and where the
    /// trend goes on from; every day when the history is short (no start);
    /// nil when a checkpoint is needed and none serves.
    static func recent(_ db: Database, unit: WeightUnit) throws -> (days: [DayFigure], start: TrendStart?)? {
        guard let last = try Int.fetchOne(db, sql: "SELECT max(day) FROM weight_day") else { return ([], nil) }
        if let first = try days(db, where: "WHERE day = (SELECT min(day) FROM weight_day)", []).first,
            let checkpoint = serving(try checkpointLines(db), last: last, first: first.day)
        {
            let figure = first.figure(unit)
            let start = TrendStart(
                day: CivilDay(number: checkpoint.day), trend: checkpoint.trend(unit),
                first: TrendPoint(day: figure.day, weight: figure.weight, trend: figure.weight), entries: checkpoint.entries)
            return (try days(db, where: "WHERE day > ?", [checkpoint.day]).map { $0.figure(unit) }, start)
        }
        guard let first = try Int.fetchOne(db, sql: "SELECT min(day) FROM weight_day"), last - first > TrendStart.lead else {
            return (try figures(db, unit: unit), nil)
        }
        return nil
    }

    /// Keeps the moving checkpoint `TrendStart.lead` days before the last
    /// day, and the grid's on the way to it: gone on from the latest
    /// checkpoint kept before it, folding only the days since; from every
    /// day when none is. Nothing for a history shorter than that. Each new
    /// checkpoint is made from the one before it and the days between,
    /// read a stretch at a time, so memory stays bounded however many days
    /// are folded.
    ///
    /// Folded from every day, it keeps the graph's blocks too (issue 35):
    /// every block a graph can ask, made in the same fold
    /// (`WeightBlockTable.Fold`), when the store has their table whole.
    /// `progress` is told the days folded so far of those to fold (a
    /// migration's bar: the longest phase counts its own work).
    static func keepCheckpoint(_ db: Database, progress: ((_ done: Int, _ total: Int) -> Void)? = nil) throws {
        let blocks = try WeightBlockTable.shape.isWhole(db) ? WeightBlockTable.shape.name : nil
        guard let lines = try checkpoints(db, table: "weight_day", kept: try checkpointLines(db) ?? [], blocks: blocks, progress: progress)
        else { return }
        try SettingRecord.set(.weightDayTrend, to: Series.text(lines: lines), db)
    }

    /// The series `keepCheckpoint` keeps, made from the days of `table`
    /// (`weight_day`, or a rebuild's copy of it) and the checkpoints `kept`
    /// so far; nil when it makes none. When it folds from the history's
    /// first day (no checkpoint kept before the moving one) and `blocks`
    /// names a table (`weight_block` or a rebuild's copy), the graph's
    /// blocks of the whole history are made in the same fold and written
    /// there, the table emptied first (`WeightBlockTable.Fold`): every day
    /// is folded once, not again by the first `all`. Reads only otherwise.
    static func checkpoints(
        _ db: Database, table: String, kept all: [Series.Line], blocks: String? = nil, progress: ((_ done: Int, _ total: Int) -> Void)? = nil
    ) throws -> [Series.Line]? {
        guard let last = try Int.fetchOne(db, sql: "SELECT max(day) FROM \(table)"),
            let firstDay = try Int.fetchOne(db, sql: "SELECT min(day) FROM \(table)")
        else { return nil }
        let target = last - TrendStart.lead
        // Not gone on from: one before the first day (its days deleted by a
        // writer that did not forget it).
        let kept = all.filter { $0.day >= firstDay }
        // The latest before the target that is one (a line that is not is
        // passed over).
        let from = kept.reversed().lazy.filter { $0.day <= target }.compactMap { Checkpoint(line: $0.text) }.first
        // The new checkpoints' days: the grid's kept ones after `from`, then
        // the moving one.
        let low = from?.day ?? (firstDay - 1)
        var newDays: [Int] = []
        let offset = ((low + 1) % Series.spacing + Series.spacing) % Series.spacing
        var day = offset == 0 ? low + 1 : low + 1 + Series.spacing - offset
        while day < target {
            if Series.keeps(day, moving: target) { newDays.append(day) }
            day += Series.spacing
        }
        if target > low { newDays.append(target) }
        var made: [Checkpoint] = []
        var previous = from
        var folded = low
        var blockFold = try from == nil ? blocks.map { try WeightBlockTable.Fold(db, into: $0) } : nil
        for day in newDays {
            let stretch = try days(db, table: table, where: "WHERE day > ? AND day <= ?", [folded, day])
            folded = day
            defer { progress?(day - low, last - low) }
            guard let next = try fold(stretch, onto: previous, through: day, firstDay: firstDay, blocks: &blockFold, db) else { continue }
            made.append(next)
            previous = next
        }
        if var blockFold {
            // The days after the moving checkpoint, which the history reads.
            try blockFold.add(try days(db, table: table, where: "WHERE day > ?", [folded]), db)
            try blockFold.finish(db, span: last - firstDay)
        }
        progress?(last - low, last - low)
        guard !made.isEmpty else { return nil }
        let older = kept.filter { $0.day <= low && $0.day < target && Series.keeps($0.day, moving: target) }
        // After the target: the grid's, and the newest line (the graph's
        // tail, `WeightBlockTable.keepTail`).
        let newer = kept.filter { $0.day > target && (Series.keeps($0.day, moving: target) || $0.day == kept.last?.day) }
        return older + made.map { Series.Line(day: $0.day, text: Substring($0.text)) } + newer
    }

    /// `fold(_:onto:through:firstDay:)`, or, when `blocks` folds the same
    /// days into the graph's blocks, the checkpoint made from that fold's
    /// trends (the same Decimal steps, run once).
    static func fold(
        _ days: [Day], onto previous: Checkpoint?, through day: Int, firstDay: Int, blocks: inout WeightBlockTable.Fold?, _ db: Database
    ) throws -> Checkpoint? {
        guard var folding = blocks else { return fold(days, onto: previous, through: day, firstDay: firstDay) }
        try folding.add(days, db)
        blocks = folding
        let entries = days.reduce(previous?.entries ?? 0) { $0 + $1.count }
        guard entries > 0, let kg = folding.kg, let lbs = folding.lbs else { return nil }
        return Checkpoint(day: day, entries: entries, kg: kg, lbs: lbs)
    }

    /// The checkpoint at the end of `day`: `previous` (none: the history's
    /// start) and `days`, the days after it up to `day`, folded with
    /// `WeightTrend`'s steps. Nil before any entry.
    static func fold(_ days: [Day], onto previous: Checkpoint?, through day: Int, firstDay: Int) -> Checkpoint? {
        let entries = days.reduce(previous?.entries ?? 0) { $0 + $1.count }
        guard entries > 0 else { return nil }
        func trend(_ unit: WeightUnit) -> Decimal {
            let figures = days.map { $0.figure(unit) }
            guard let previous else { return WeightTrend(days: figures, unit: unit).latest!.trend }
            // The start's first day takes no part in the steps.
            let carried = TrendPoint(day: CivilDay(number: firstDay), weight: previous.trend(unit), trend: previous.trend(unit))
            let start = TrendStart(
                day: CivilDay(number: previous.day), trend: previous.trend(unit), first: carried, entries: previous.entries)
            return WeightTrend(days: figures, unit: unit, start: start).latest?.trend ?? previous.trend(unit)
        }
        return Checkpoint(day: day, entries: entries, kg: trend(.kg), lbs: trend(.lbs))
    }
}
