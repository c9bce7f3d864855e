import Foundation
import GRDB
import GrocerCore

extension StoreWeights {
    /// Every entry recorded in `[from, before)` (either bound open), oldest
    /// first (time, then id), handed to `body` as stored: the id, Unix
    /// seconds, the value's digits as typed, the unit, the note and the body
    /// fat's digits (nil for none, or one `BodyFat` would not take). No `Weight`,
    /// `Decimal` or `Date` is made per row, so an export of millions of
    /// entries costs little more than SQLite's own reading; memory stays
    /// flat (one row at a time). A row that cannot be read is skipped and
    /// counted in the report, never dropped in silence.
    @discardableResult
    public func export(
        from: Date? = nil, before: Date? = nil,
        _ body: (_ id: Int64, _ seconds: Int64, _ digits: String, _ unit: WeightUnit, _ note: String, _ bodyFat: String?) throws -> Void
    ) throws -> ReadReport {
        try checkedRead(WeightRecord.shape) { db in
            var request = WeightRecord.oldestFirst
            if let from { request = request.filter(WeightRecord.Columns.recordedAt >= Self.seconds(from)) }
            if let before { request = request.filter(WeightRecord.Columns.recordedAt < Self.seconds(before)) }
            var report = ReadReport()
            // The columns are id, value, unit, recorded_at, note, body_fat
            // (the record's order); read through SQLite's C API.
            let rows = FastStatement(try request.makePreparedRequest(db).statement, in: db)
            while try rows.step() {
                // The id is the rowid: always an integer.
                let id = rows.int64(0) ?? 0
                if let digits = rows.text(1), let unitText = rows.text(2), let seconds = rows.int64(3),
                    let unit = WeightRecord.unit(unitText), WeightRecord.times.contains(seconds),
                    WeightRecord.isCanonical(digits)
                {
                    try body(id, seconds, digits, unit, rows.text(4).map(WeightNote.readable) ?? "", rows.text(5).flatMap(Self.fatDigits))
                    continue
                }
                // Not in the shape grocer writes: read it the slow, careful
                // way (a value such as "072.5" is still a weight).
                do {
                    guard let row = try Row.fetchOne(db, WeightRecord.filter(key: id)) else { continue }
                    let entry = try WeightRecord(row: row).entry()
                    try body(
                        entry.id, Int64(entry.recordedAt.timeIntervalSince1970), entry.weight.digits, entry.weight.unit, entry.note,
                        entry.bodyFat?.digits)
                } catch let problem as FieldProblem {
                    report.add(UnreadableRow(table: WeightRecord.databaseTableName, id: id, reason: problem.reason))
                }
            }
            return report
        }
    }
}

extension StoreWeights {
    /// A stored body fat's digits when `BodyFat` keeps them as they are
    /// (the usual case: no value made), else its canonical digits, or nil.
    static func fatDigits(_ text: String) -> String? {
        guard let fat = BodyFat(digits: text) else { return nil }
        return fat.digits == text ? text : fat.digits
    }
}

extension StoreView {
    /// The first whole Unix second at or after `date`: entries are kept to
    /// the whole second, so a bound of 07:30:00.5 neither takes in an entry
    /// of 07:30:00 (from) nor leaves it out (before).
    static func seconds(_ date: Date) -> Int64 {
        Int64(max(-9.2e18, min(9.2e18, date.timeIntervalSince1970.rounded(.up))))
    }
}

extension WeightRecord {
    /// "kg" or "lbs" exactly.
    static func unit(_ text: String) -> WeightUnit? {
        switch text {
        case "kg": return .kg
        case "lbs": return .lbs
        default: return nil
        }
    }

    /// Whether `digits` is a weight exactly as `Weight` keeps one: "0" or
    /// digits without a leading zero, optionally "." and 1-2 digits, above
    /// 0. Checked on the bytes (no Decimal, no Locale).
    static func isCanonical(_ digits: String) -> Bool {
        var bytes = digits.utf8.makeIterator()
        var whole = 0
        var fraction = 0
        var nonZero = false
        var afterDot = false
        var first: UInt8? = nil
        while let b = bytes.next() {
            if b == UInt8(ascii: ".") {
                if afterDot || whole == 0 { return false }
                afterDot = true
                continue
            }
            guard b >= 48, b <= 57 else { return false }
            if b != 48 { nonZero = true }
            if afterDot {
                fraction += 1
                if fraction > 2 { return false }
            } else {
                if whole == 1, first == 48 { return false }
                if whole == 0 { first = b }
                whole += 1
            }
        }
        return whole > 0 && (!afterDot || fraction > 0) && nonZero
    }
}
