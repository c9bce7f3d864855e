import Foundation
import GrocerCore

/// Google Fit's Takeout "Daily Summaries.csv" (later "Daily activity
/// metrics.csv"): one row a day, `Date` (2024-01-05) and, among some thirty
/// activity columns, `Average weight (kg)`, empty on days without a
/// weigh-in. The day's average is kept, at 12:00 local (a date alone).
struct GoogleFitReader: CSVFormatReader {
    var rows: RowReader
    var dateColumn: Int? = nil
    var weightColumn: Int? = nil
    var reading = ImportReading(title: "Google Fit's Daily Summaries (one average a day)", unit: .kg, unitFrom: "")

    static let weightName = "average weight (kg)"

    static func isHeader(_ names: [String]) -> Bool {
        names.contains { $0.lowercased() == weightName }
    }

    mutating func read(_ fields: [String], line: Int) -> CSVLineResult {
        guard let dateColumn, let weightColumn else {
            let names = fields.map { $0.trimmingCharacters(in: .whitespaces) }
            guard let w = names.firstIndex(where: { $0.lowercased() == Self.weightName }) else {
                return .fail(.notThisFormat(.googlefit, "no \"Average weight (kg)\" column"))
            }
            guard let d = names.firstIndex(where: { $0.lowercased() == "date" }) else {
                return .fail(.notThisFormat(.googlefit, "no Date column; import Daily Summaries.csv, not one day's file"))
            }
            (self.dateColumn, self.weightColumn) = (d, w)
            reading.take(.kg, from: "the column \"\(names[w])\"")
            reading.drop(names, keeping: d, w)
            return .skip
        }
        let value = field(fields, weightColumn)
        if value.isEmpty { return .skip }
        return .item(rows.item(line: line, timeText: field(fields, dateColumn), value: value, unit: .kg, unitText: "kg"))
    }
}

/// The Hacker's Diet's legacy Excel CSV: a WEIGHTyy.XLS log saved as CSV
/// (HDiet Online imports these too). A row says the unit ("Kilograms",
/// "Pounds" or "Stones"); each day's row has its weekday and date side by
/// side ("Thu,2/1/07") with the weight right after them, empty on a day
/// without one; any other row (titles, the column names, totals) is
/// skipped. Without a unit row the unit named with --unit is used, and
/// without one the file is refused. A log kept in stones is refused: its
/// cells hold stones and pounds in ways a CSV does not keep apart.
///
/// The date is month first (US) or day first, as the spreadsheet's locale
/// wrote it: the rows' weekdays say which ("Thu,1/2/07" is 1 February), the
/// report names the reading taken, and a file whose weekdays agree with
/// neither reading, or with one on some rows and the other on others, is
/// refused. Rows that fit both (a weekday shared by chance) wait for a row
/// that tells; a file with none is refused too: grocer never guesses.
struct HackersDietExcelReader: CSVFormatReader {
    var rows: RowReader
    var unit: WeightUnit?
    var reading: ImportReading
    /// Whether dates are day first, once a row's weekday has told.
    var dayFirst: Bool?
    /// Days whose weekday fits both readings, read before any row told.
    private var waiting: [Waiting] = []

    struct Waiting {
        var line: Int
        var value: String
        /// The ISO date month first, and day first.
        var dates: (monthFirst: String, dayFirst: String)
    }

    init(rows: RowReader, unit: WeightUnit?) {
        self.rows = rows
        self.unit = unit
        reading = ImportReading(title: "The Hacker's Diet's legacy Excel CSV", unit: unit)
    }

    static let weekdays: Set<String> = [
        "mon", "tue", "wed", "thu", "fri", "sat", "sun", "tues", "thur", "thurs", "monday", "tuesday", "wednesday", "thursday",
        "friday", "saturday", "sunday",
    ]

    static func isWeekday(_ text: String) -> Bool {
        let word = text.trimmingCharacters(in: .whitespaces).lowercased()
        return word.count <= 9 && weekdays.contains(word.hasSuffix(".") ? String(word.dropLast()) : word)
    }

    /// Sunday 0 to Saturday 6, for a word `isWeekday` takes.
    static func weekdayNumber(_ text: String) -> Int? {
        let word = text.trimmingCharacters(in: .whitespaces).lowercased()
        return ["sun", "mon", "tue", "wed", "thu", "fri", "sat"].firstIndex(of: String(word.prefix(3)))
    }

    /// Where a day's weekday, date and weight are: a weekday and a date
    /// side by side among the first fields, the weight right after the pair.
    static func dayColumns(_ fields: [String]) -> (weekday: Int, date: Int, weight: Int)? {
        for i in 0..<min(fields.count - 1, 4) where i >= 0 {
            if isWeekday(fields[i]), ImportTime.isUSDate(fields[i + 1]) { return (i, i + 1, i + 2) }
            if ImportTime.isUSDate(fields[i]), isWeekday(fields[i + 1]) { return (i + 1, i, i + 2) }
        }
        return nil
    }

    mutating func read(_ fields: [String], line: Int) -> CSVLineResult {
        // A day's row is never the unit row: only other rows are searched.
        if let columns = Self.dayColumns(fields) {
            return day(fields, line: line, columns: columns)
        }
        if let word = fields.lazy.map({ $0.trimmingCharacters(in: .whitespaces) }).first(where: {
            ["kilograms", "pounds", "stones"].contains($0.lowercased())
        }) {
            switch word.lowercased() {
            case "kilograms": unit = .kg
            case "pounds": unit = .lbs
            default:
                return .fail(.unreadable("its weights are in stones, which grocer does not read; save the log in pounds or kilograms"))
            }
            reading.take(unit!, from: "its unit row, \"\(word)\"")
            return .skip
        }
        if let w = fields.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces).lowercased() == "weight" }) {
            reading.drop(fields[(w + 1)...])
        }
        return .skip
    }

    private mutating func day(_ fields: [String], line: Int, columns: (weekday: Int, date: Int, weight: Int)) -> CSVLineResult {
        let dateText = field(fields, columns.date)
        let weekdayText = field(fields, columns.weekday)
        let weekday = Self.weekdayNumber(weekdayText)
        let monthFirst = rows.usDay(dateText, dayFirst: false)
        let dayFirst = rows.usDay(dateText, dayFirst: true)
        let fits = (monthFirst: monthFirst?.weekday == weekday, dayFirst: dayFirst?.weekday == weekday)
        let said = "line \(line), \"\(weekdayText) \(dateText)\","
        switch fits {
        case (false, false):
            return .fail(
                .unreadable(
                    "\(said) names a weekday its date has neither month first nor day first; fix the row, or its date"))
        case (true, false), (false, true):
            let told = fits.dayFirst
            if let taken = self.dayFirst, taken != told {
                return .fail(
                    .unreadable(
                        "\(said) is read \(Self.order(told)) by its weekday, earlier rows \(Self.order(taken)); "
                            + "a file's dates are in one order"))
            }
            if self.dayFirst == nil {
                self.dayFirst = told
                reading.dates = "dates read \(Self.order(told)), as their weekdays say"
            }
        case (true, true):
            break
        }
        let value = field(fields, columns.weight)
        if value.isEmpty { return released() }
        guard let unit else { return .fail(.unitNotStated(.hackersdiet)) }
        let dates = (monthFirst: monthFirst.map(Self.iso) ?? dateText, dayFirst: dayFirst.map(Self.iso) ?? dateText)
        if self.dayFirst == nil && dates.monthFirst != dates.dayFirst {
            waiting.append(Waiting(line: line, value: value, dates: dates))
            return .skip
        }
        let date = self.dayFirst == true ? dates.dayFirst : dates.monthFirst
        let item = rows.item(line: line, timeText: date, value: value, unit: unit, unitText: unit.rawValue)
        if case .items(var items) = released() {
            items.append(item)
            return .items(items)
        }
        return .item(item)
    }

    /// The rows held back, read as the order now known.
    private mutating func released() -> CSVLineResult {
        guard let dayFirst, let unit, !waiting.isEmpty else { return .skip }
        let items = waiting.map {
            rows.item(
                line: $0.line, timeText: dayFirst ? $0.dates.dayFirst : $0.dates.monthFirst, value: $0.value, unit: unit, unitText: unit.rawValue)
        }
        waiting = []
        return .items(items)
    }

    mutating func finish() -> CSVLineResult {
        guard waiting.isEmpty else {
            return .fail(
                .unreadable(
                    "its dates can be read month first or day first and every weekday fits both, so which is not known; "
                        + "add a row whose day is after the 12th"))
        }
        return .skip
    }

    static func order(_ dayFirst: Bool) -> String {
        dayFirst ? "day first (1/2/07 is 1 February 2007)" : "month first (1/2/07 is January 2, 2007)"
    }

    static func iso(_ day: CivilDay) -> String { day.description }
}

/// A CSV of dates and weights from anywhere (a spreadsheet, a script).
/// With a header: a date column (date, time, datetime, timestamp,
/// recorded_at, day, when) and a weight column (weight, value, mass, body
/// weight, bodyweight, body mass), in any order; "Weight (kg)" or a column
/// named kg or lbs says the unit, a unit column gives each row's, and a
/// note or comment column the note. Without
/// one: the date first, the weight second. Otherwise the unit named with
/// --unit is used, and without one the file is refused. Separated by
/// commas, or by semicolons with a decimal comma (as European spreadsheets
/// save them).
struct PlainCSVReader: CSVFormatReader {
    var rows: RowReader
    let delimiter: UInt8
    var columns: Columns? = nil
    var reading: ImportReading

    struct Columns: Equatable {
        var date: Int
        var weight: Int
        /// Each row's unit.
        var unit: Int?
        /// The unit the weight column's name says.
        var named: WeightUnit?
        var note: Int? = nil
    }

    init(rows: RowReader, unit: WeightUnit?, delimiter: UInt8) {
        self.rows = rows
        self.delimiter = delimiter
        reading = ImportReading(title: "a CSV of dates and weights", unit: unit)
    }

    static let dateNames: Set<String> = ["date", "time", "datetime", "date time", "timestamp", "recorded_at", "day", "when"]
    static let weightNames: Set<String> = ["weight", "value", "mass", "body weight", "bodyweight", "body mass"]
    static let noteNames: Set<String> = ["note", "notes", "comment", "comments"]

    /// The columns a header names, or nil when it is not such a header.
    static func columns(_ header: [String]) -> Columns? {
        var date: Int?
        var weight: Int?
        var unit: Int?
        var named: WeightUnit?
        for (index, raw) in header.enumerated() {
            var name = raw.trimmingCharacters(in: .whitespaces).lowercased()
            if date == nil, dateNames.contains(name) {
                date = index
                continue
            }
            if unit == nil, name == "unit" || name == "units" {
                unit = index
                continue
            }
            var nameUnit: WeightUnit?
            for (suffix, u) in [("(kg)", WeightUnit.kg), ("(lbs)", .lbs), ("(lb)", .lbs)] where name.hasSuffix(suffix) {
                name = String(name.dropLast(suffix.count)).trimmingCharacters(in: .whitespaces)
                nameUnit = u
            }
            if let u = WeightUnit.imported(name) {
                (name, nameUnit) = ("weight", u)
            }
            if weight == nil, weightNames.contains(name) { (weight, named) = (index, nameUnit) }
        }
        guard let date, let weight else { return nil }
        return Columns(date: date, weight: weight, unit: unit, named: named, note: column(header, named: noteNames))
    }

    /// A first line that is already a row: a date, then a number.
    static func isHeaderless(_ fields: [String]) -> Bool {
        guard fields.count >= 2, let first = fields[0].trimmingCharacters(in: .whitespaces).utf8.first, (48...57).contains(first)
        else { return false }
        let second = fields[1].trimmingCharacters(in: .whitespaces)
        return !second.isEmpty && second.utf8.allSatisfy { (48...57).contains($0) || $0 == 46 || $0 == 44 }
            && ImportTime.looksLikeDate(fields[0])
    }

    mutating func read(_ fields: [String], line: Int) -> CSVLineResult {
        guard let columns else {
            if let named = Self.columns(fields) {
                columns = named
                let names = fields.map { $0.trimmingCharacters(in: .whitespaces) }
                if let unit = named.named {
                    reading.take(unit, from: "the column \"\(names[named.weight])\"")
                } else if named.unit != nil {
                    reading.unit = nil
                    reading.unitFrom = "each row's unit column"
                } else if reading.unit == nil {
                    return .fail(.unitNotStated(.csv))
                }
                reading.drop(names, keeping: named.date, named.weight, named.unit, named.note)
                return .skip
            }
            guard Self.isHeaderless(fields) else {
                return .fail(.notThisFormat(.csv, "its first line names no date and weight columns, and is not a date and a weight"))
            }
            guard reading.unit != nil else { return .fail(.unitNotStated(.csv)) }
            columns = Columns(date: 0, weight: 1)
            return read(fields, line: line)
        }
        var value = field(fields, columns.weight)
        if value.isEmpty { return .item(.problem(ImportProblem(line: line, reason: "no weight on this line"))) }
        if delimiter == UInt8(ascii: ";") { value = value.replacingOccurrences(of: ",", with: ".") }
        let unitText = columns.unit.map { field(fields, $0) } ?? reading.unit?.rawValue ?? ""
        let unit = columns.unit == nil ? reading.unit : WeightUnit.imported(unitText)
        return .item(
            rows.item(
                line: line, timeText: field(fields, columns.date), value: value, unit: unit, unitText: unitText,
                note: field(fields, columns.note)))
    }
}
