import Foundation
import GRDB
import GrocerCore

/// A row of `weight_entry` as stored: the value as typed, its unit, Unix
/// seconds, its note ('' for none), its body fat (NULL for none; version
/// 10). Maps to `WeightEntry` at the store's boundary.
struct WeightRecord: Equatable {
    var id: Int64?
    var value: String
    var unit: String
    var recordedAt: Int64
    var note: String
    var bodyFat: String?

    /// The table's columns, each name spelled here only: the fields
    /// (`encode`, `init(row:)`), `databaseSelection` and `shape` use them,
    /// in this order.
    enum Columns: String, ColumnExpression, CaseIterable {
        case id, value, unit
        case recordedAt = "recorded_at"
        case note
        case bodyFat = "body_fat"
    }

    static let shape = TableShape(name: databaseTableName, columns: Columns.allCases.map(\.name))

    /// Times grocer can show: the years 1 to 9999, as the migration keeps.
    static let times: ClosedRange<Int64> = -62_135_596_800...253_402_300_799

    init(id: Int64? = nil, value: String, unit: String, recordedAt: Int64, note: String = "", bodyFat: String? = nil) {
        self.id = id
        self.value = value
        self.unit = unit
        self.recordedAt = recordedAt
        self.note = note
        self.bodyFat = bodyFat
    }

    init(_ weight: Weight, at date: Date, note: String = "", bodyFat: BodyFat? = nil) {
        self.init(
            value: weight.digits, unit: weight.unit.rawValue,
            recordedAt: Int64(date.timeIntervalSince1970.rounded(.down)), note: WeightNote.trimmed(note), bodyFat: bodyFat?.digits)
    }

    /// The row for `entry`, id, note and body fat included.
    init(_ entry: WeightEntry) {
        self.init(entry.weight, at: entry.recordedAt, note: entry.note, bodyFat: entry.bodyFat)
        id = entry.id
    }

    /// The body fat in hundredths of a percent, or nil (none, or text
    /// `BodyFat` would not take): what `weight_day` sums.
    var fatHundredths: Int? { bodyFat.flatMap(BodyFat.init(digits:))?.hundredths }

    /// The entry this row holds, or why it holds none.
    func entry() throws(FieldProblem) -> WeightEntry {
        guard let weightUnit = WeightUnit(rawValue: unit) else {
            throw FieldProblem(reason: "\(Columns.unit.name) \(FieldText.quoted(unit)) is neither lbs nor kg")
        }
        guard let weight = Weight(digits: value, unit: weightUnit) else {
            throw FieldProblem(
                reason:
                    "\(Columns.value.name) \(FieldText.quoted(value)) is not a weight grocer can read (a positive decimal with at most 2 decimals)")
        }
        guard Self.times.contains(recordedAt) else {
            throw FieldProblem(reason: "\(Columns.recordedAt.name) \(recordedAt) is outside the years 1 to 9999")
        }
        return WeightEntry(
            id: id ?? 0, weight: weight, recordedAt: Date(timeIntervalSince1970: TimeInterval(recordedAt)),
            note: WeightNote.readable(note), bodyFat: bodyFat.flatMap(BodyFat.init(digits:)))
    }
}

extension WeightRecord: TableRecord {
    static let databaseTableName = "weight_entry"
    static var databaseSelection: [any SQLSelectable] { Columns.allCases }

    /// What a day's figures need of each row, by index: value, unit,
    /// recorded_at, body_fat.
    static let figures = select(Columns.value, Columns.unit, Columns.recordedAt, Columns.bodyFat)

    /// "INSERT INTO weight_entry (value, ...) VALUES (?, ...)": the
    /// `columns` in their order, each bound by position.
    static func insertSQL(_ columns: [Columns]) -> String {
        let names = columns.map(\.name).joined(separator: ", ")
        let marks = Array(repeating: "?", count: columns.count).joined(separator: ", ")
        return "INSERT INTO \(databaseTableName) (\(names)) VALUES (\(marks))"
    }

    /// Oldest first: time, then id (the `weight_entry_by_time` index).
    static let oldestFirst = all().order(Columns.recordedAt, Columns.id)
    /// Newest first.
    static let newestFirst = all().order(Columns.recordedAt.desc, Columns.id.desc)
}

extension WeightRecord: FetchableRecord {
    /// Throws a `FieldProblem` for a field of the wrong type, never traps.
    init(row: Row) throws {
        id = try row.integer(Columns.id)
        value = try row.text(Columns.value)
        unit = try row.text(Columns.unit)
        recordedAt = try row.integer(Columns.recordedAt)
        // A note grocer cannot read as text (a file changed outside grocer)
        // is no reason to lose the weight: it reads as none.
        note = (try? row.text(Columns.note)) ?? ""
        // Likewise a body fat that is not text (or not there) reads as none.
        bodyFat = try? row.text(Columns.bodyFat)
    }
}

extension WeightRecord: MutablePersistableRecord {
    func encode(to container: inout PersistenceContainer) {
        container[Columns.id] = id
        container[Columns.value] = value
        container[Columns.unit] = unit
        container[Columns.recordedAt] = recordedAt
        container[Columns.note] = note
        container[Columns.bodyFat] = bodyFat
    }

    mutating func didInsert(_ inserted: InsertionSuccess) {
        id = inserted.rowID
    }
}
