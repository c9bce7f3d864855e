import Foundation
import GrocerCore

/// What one CSV record means to a format's reader.
enum CSVLineResult {
    case skip
    case item(ImportItem)
    /// Rows held back until a later one told how to read them, then this one.
    case items([ImportItem])
    case fail(ImportError)
}

/// A format that rides on CSV: its delimiter, and a reader of one record at
/// a time (records come with their line numbers, header included).
protocol CSVFormatReader {
    var delimiter: UInt8 { get }
    /// What was read, for the report; complete once the records are.
    var reading: ImportReading { get }
    mutating func read(_ fields: [String], line: Int) -> CSVLineResult
    /// After the last record: what is still held back, or why the file
    /// cannot be read after all.
    mutating func finish() -> CSVLineResult
}

extension CSVFormatReader {
    var delimiter: UInt8 { UInt8(ascii: ",") }

    mutating func finish() -> CSVLineResult { .skip }

    /// The first column whose name (trimmed, any case) is one of `names`.
    static func column(_ header: [String], named names: Set<String>) -> Int? {
        header.firstIndex { names.contains($0.trimmingCharacters(in: .whitespaces).lowercased()) }
    }

    func field(_ fields: [String], _ index: Int?) -> String {
        guard let index, index < fields.count else { return "" }
        let text = fields[index]
        guard text.utf8.first == 32 || text.utf8.last == 32 || text.utf8.first == 9 || text.utf8.last == 9 else { return text }
        return text.trimmingCharacters(in: .whitespaces)
    }
}

extension ImportReading {
    /// Starts a reading whose unit is the --unit one until the file says
    /// its own.
    init(title: String, unit: WeightUnit?) {
        self.init(title: title, unit: unit, unitFrom: "--unit")
    }

    /// Every column of `header` but those at `kept`.
    mutating func drop(_ header: [String], keeping kept: Int?...) {
        for (index, name) in header.enumerated() where !kept.contains(index) { drop(name) }
    }
}

/// grocer's own CSV: `recorded_at,value,unit,note,body_fat`, time in ISO
/// 8601 UTC, the value as typed (files from before notes have no `note`,
/// from before body fat no `body_fat`).
struct GrocerCSVReader: CSVFormatReader {
    var rows: RowReader
    var columns: [String: Int]? = nil
    var timeColumn = 0, valueColumn = 0, unitColumn = 0
    var noteColumn: Int? = nil
    var fatColumn: Int? = nil
    var reading = ImportReading(title: "grocer's CSV", unitFrom: "each row names its unit")

    mutating func read(_ fields: [String], line: Int) -> CSVLineResult {
        guard let columns else {
            let names = fields.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard names.contains("recorded_at"), names.contains("value"), names.contains("unit") else {
                return .fail(.notThisFormat(.grocer, "the first line is not recorded_at,value,unit"))
            }
            let columns = Dictionary(names.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
            (self.columns, timeColumn, valueColumn, unitColumn) = (columns, columns["recorded_at"]!, columns["value"]!, columns["unit"]!)
            noteColumn = columns["note"]
            fatColumn = columns["body_fat"]
            reading.drop(fields, keeping: timeColumn, valueColumn, unitColumn, noteColumn, fatColumn)
            return .skip
        }
        guard fields.count == columns.count else {
            return .item(.problem(ImportProblem(line: line, reason: "\(fields.count) fields where the header has \(columns.count)")))
        }
        let timeText = field(fields, timeColumn)
        let unitText = field(fields, unitColumn)
        return .item(
            rows.item(
                line: line, timeText: timeText,
                value: field(fields, valueColumn), unit: WeightUnit.imported(unitText), unitText: unitText,
                note: field(fields, noteColumn), bodyFat: BodyFat.imported(field(fields, fatColumn))))
    }
}

/// Withings' weight.csv: `Date,"Weight (kg)","Fat mass (kg)",...,Comments`;
/// the names follow the account's language ("Poids (kg)", "Gewicht (lb)",
/// "Kommentare"), so the date is the first column and the weight the first
/// one whose name ends in a unit in brackets; the comment becomes the note;
/// the fat mass ("Fat mass (kg)", in the weight's unit) over the weight is
/// the body fat, as a percentage to one decimal.
/// Times are local: "2023-01-05 07:30:00".
struct WithingsReader: CSVFormatReader {
    var rows: RowReader
    var weightColumn: Int? = nil
    var commentColumn: Int? = nil
    var fatColumn: Int? = nil
    /// "Fat mass" as Withings names it in the languages it exports.
    static let fatNames = ["fat mass", "masse grasse", "fettmasse", "masa grasa", "massa grassa", "vetmassa"]
    /// "Comments" as Withings names it in the languages it exports.
    static let commentNames: Set<String> = [
        "comments", "comment", "kommentare", "kommentar", "commentaires", "commentaire", "comentarios", "commenti", "opmerkingen",
    ]
    var unit: WeightUnit? = nil
    var reading = ImportReading(title: "a Withings weight.csv", unitFrom: "")

    static func weightColumn(_ header: [String]) -> (Int, WeightUnit)? {
        for (index, name) in header.enumerated().dropFirst() {
            let lower = name.lowercased()
            if lower.hasSuffix("(kg)") { return (index, .kg) }
            if lower.hasSuffix("(lb)") || lower.hasSuffix("(lbs)") { return (index, .lbs) }
        }
        return nil
    }

    mutating func read(_ fields: [String], line: Int) -> CSVLineResult {
        guard let weightColumn, let unit else {
            let names = fields.map { $0.trimmingCharacters(in: .whitespaces) }
            guard let (column, unit) = WithingsReader.weightColumn(names) else {
                return .fail(.notThisFormat(.withings, "no column named with a unit, such as \"Weight (kg)\""))
            }
            (self.weightColumn, self.unit) = (column, unit)
            commentColumn = Self.column(names, named: Self.commentNames)
            fatColumn = names.firstIndex { name in Self.fatNames.contains { name.lowercased().hasPrefix($0) } }
            reading.take(unit, from: "the column \"\(names[column])\"")
            reading.drop(names, keeping: 0, column, commentColumn, fatColumn)
            return .skip
        }
        let timeText = field(fields, 0)
        let value = field(fields, weightColumn)
        if value.isEmpty { return .item(.problem(ImportProblem(line: line, reason: "no weight on this line"))) }
        return .item(
            rows.item(
                line: line, timeText: timeText, value: value, unit: unit, unitText: unit.rawValue, note: field(fields, commentColumn),
                bodyFat: Self.bodyFat(mass: field(fields, fatColumn), weight: value)))
    }

    /// The fat mass's share of the weight (both in the file's unit).
    static func bodyFat(mass: String, weight: String) -> BodyFat? {
        guard !mass.isEmpty, let mass = BodyFat.decimal(mass), let weight = BodyFat.decimal(weight) else { return nil }
        return BodyFat.share(fatMass: mass, of: weight)
    }
}

/// openScale's CSV export: named columns in any order, among them
/// `dateTime` ("2024-01-05 07:30", local), `weight` (always kg) and
/// `comment` (the note) and `fat` (the body fat, a percentage; "0.0" when
/// not measured).
struct OpenScaleReader: CSVFormatReader {
    var rows: RowReader
    var dateColumn: Int? = nil
    var weightColumn: Int? = nil
    var commentColumn: Int? = nil
    var fatColumn: Int? = nil
    var reading = ImportReading(title: "an openScale CSV export", unit: .kg, unitFrom: "openScale always writes kg")

    mutating func read(_ fields: [String], line: Int) -> CSVLineResult {
        guard let dateColumn, let weightColumn else {
            let names = fields.map { $0.trimmingCharacters(in: .whitespaces) }
            guard let d = names.firstIndex(of: "dateTime"), let w = names.firstIndex(of: "weight") else {
                return .fail(.notThisFormat(.openscale, "no dateTime and weight columns"))
            }
            (dateColumn, weightColumn) = (d, w)
            commentColumn = names.firstIndex(of: "comment")
            fatColumn = names.firstIndex(of: "fat")
            reading.drop(names, keeping: d, w, commentColumn, fatColumn)
            return .skip
        }
        let timeText = field(fields, dateColumn)
        return .item(
            rows.item(
                line: line, timeText: timeText,
                value: field(fields, weightColumn), unit: .kg, unitText: "kg", note: field(fields, commentColumn),
                bodyFat: BodyFat.imported(field(fields, fatColumn))))
    }
}

/// Libra's CSV: `#Version: 6`, `#Units: kg` (or lbs), then
/// `#date;weight;weight trend;...;log` and rows
/// `2023-10-16T05:19:20.000Z;70.0;70.4;...;after a run`: the log is the
/// note, the `body fat` column (a percentage) the body fat.
struct LibraReader: CSVFormatReader {
    var rows: RowReader
    var logColumn: Int? = nil
    var fatColumn: Int? = nil
    /// The file's `#Units:`, else --unit; nil: the rows are refused.
    var unit: WeightUnit? {
        didSet { if let unit { reading.take(unit, from: "its #Units line") } }
    }
    var reading: ImportReading
    var delimiter: UInt8 { UInt8(ascii: ";") }

    init(rows: RowReader, unit: WeightUnit?) {
        self.rows = rows
        self.unit = unit
        reading = ImportReading(title: "a Libra CSV", unit: unit)
    }

    mutating func read(_ fields: [String], line: Int) -> CSVLineResult {
        let first = field(fields, 0)
        if first.hasPrefix("#") {
            let lower = first.lowercased()
            if lower.hasPrefix("#units:") {
                let name = String(first.dropFirst("#units:".count))
                guard let unit = WeightUnit.imported(name) else {
                    return .fail(.notThisFormat(.libra, "its unit '\(name.trimmingCharacters(in: .whitespaces))' is not lbs or kg"))
                }
                self.unit = unit
            } else if lower.hasPrefix("#date") {
                logColumn = Self.column(fields, named: ["log", "comment", "note"])
                fatColumn = Self.column(fields, named: ["body fat"])
                reading.drop(
                    fields.enumerated().dropFirst(2).filter { $0.offset != logColumn && $0.offset != fatColumn }.map(\.element))
            }
            return .skip
        }
        guard let unit else { return .fail(.unitNotStated(.libra)) }
        let value = field(fields, 1)
        return .item(
            rows.item(
                line: line, timeText: first, value: value, unit: unit, unitText: unit.rawValue, note: field(fields, logColumn),
                bodyFat: BodyFat.imported(field(fields, fatColumn))))
    }
}

/// The Hacker's Diet Online CSV export (HDiet's `exportCSV`, fourmilab):
/// `Epoch,...`, `User,...`, `Preferences,1.0,<log unit>,<display unit>,...`,
/// `Diet-Plan,...`, then per month `Date,Weight,Rung,Flag,Comment`,
/// `StartTrend,...` and one line per day starting with its date; days
/// without a weigh-in have an empty weight; the Comment is the note, its
/// non-ASCII characters written as Perl's `\x{41c}` escapes (decoded). The log unit is "kilogram",
/// "pound" or "stone" (a stone log keeps pounds); without a Preferences
/// line the unit named with --unit is used, and without one the file is
/// refused.
struct HackersDietReader: CSVFormatReader {
    var rows: RowReader
    /// The Preferences line's log unit, else --unit; nil: refused.
    var unit: WeightUnit? {
        didSet { if let unit { reading.take(unit, from: "its Preferences line") } }
    }
    var reading: ImportReading

    init(rows: RowReader, unit: WeightUnit?) {
        self.rows = rows
        self.unit = unit
        reading = ImportReading(title: "The Hacker's Diet Online CSV export", unit: unit)
    }

    mutating func read(_ fields: [String], line: Int) -> CSVLineResult {
        let first = field(fields, 0)
        guard let byte = first.utf8.first, byte >= 48, byte <= 57 else {
            if first == "Preferences" {
                switch field(fields, 2).lowercased() {
                case "kilogram": unit = .kg
                case "pound", "stone": unit = .lbs
                case let other: return .fail(.notThisFormat(.hackersdiet, "its log unit '\(other)' is not pound, stone or kilogram"))
                }
            } else if first == "Date", field(fields, 1) == "Weight" {
                reading.drop(fields.dropFirst(2).filter { $0.trimmingCharacters(in: .whitespaces) != "Comment" })
            }
            return .skip
        }
        let value = field(fields, 1)
        if value.isEmpty { return .skip }
        guard let unit else { return .fail(.unitNotStated(.hackersdiet)) }
        return .item(
            rows.item(
                line: line, timeText: first, value: value, unit: unit, unitText: unit.rawValue,
                note: Self.perlUnescaped(field(fields, 4))))
    }

    /// HDiet writes a comment's non-ASCII characters as Perl's `\x{41c}`
    /// escapes: each becomes its character. Anything else, an escape of no
    /// character (a surrogate, past U+10FFFF) included, is kept as written.
    static func perlUnescaped(_ text: String) -> String {
        guard text.contains("\\x{") else { return text }
        var out = String.UnicodeScalarView()
        let scalars = Array(text.unicodeScalars)
        var i = 0
        while i < scalars.count {
            if scalars[i] == "\\", i + 3 < scalars.count, scalars[i + 1] == "x", scalars[i + 2] == "{",
                let close = scalars[(i + 3)...].prefix(7).firstIndex(of: "}"), close > i + 3,
                let value = UInt32(String(String.UnicodeScalarView(scalars[(i + 3)..<close])), radix: 16),
                let scalar = Unicode.Scalar(value)
            {
                out.append(scalar)
                i = close + 1
                continue
            }
            out.append(scalars[i])
            i += 1
        }
        return String(out)
    }
}
