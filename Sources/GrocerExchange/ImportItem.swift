import Foundation
import GrocerCore

/// One readable row of an import: when, and the value as typed after
/// rounding to 2 decimals (`rounded` says whether that changed it).
public struct ImportRow: Equatable, Sendable {
    public let line: Int
    public let recordedAt: Date
    public let value: Weight
    public let rounded: Bool
    /// The id grocer's JSON gives the entry (kept by an empty store, so
    /// export -> import -> export gives the same bytes).
    public var id: Int64? = nil
    /// The row's comment as a note (`WeightNote.cleaned`), or "".
    public var note: String = ""
    /// The row's body fat, when the file has one (issue 34).
    public var bodyFat: BodyFat? = nil

    /// Whole Unix seconds (times are read to the second).
    public var seconds: Int64 { Int64(recordedAt.timeIntervalSince1970.rounded(.down)) }
}

/// A row that cannot be read, by line number, with the reason.
public struct ImportProblem: Equatable, Sendable {
    public let line: Int
    public let reason: String
}

public enum ImportItem: Equatable, Sendable {
    case row(ImportRow)
    case problem(ImportProblem)
}

/// The formats `grocer weight import --format` names (`auto` is nil).
public enum ImportFormat: String, CaseIterable, Sendable {
    /// grocer's own CSV or JSON (told apart by the first byte).
    case grocer
    case withings
    case openscale
    case libra
    case hackersdiet
    case applehealth
    /// Fitbit's weight-YYYY-MM-DD.json (Google Takeout).
    case fitbit
    /// Google Fit's Daily Summaries.csv (Takeout).
    case googlefit
    /// A CSV of dates and weights (a header naming them, or none).
    case csv

    /// As people name the program: "Fitbit", "The Hacker's Diet".
    public var title: String {
        switch self {
        case .grocer: return "grocer"
        case .withings: return "Withings"
        case .openscale: return "openScale"
        case .libra: return "Libra"
        case .hackersdiet: return "Hacker's Diet"
        case .applehealth: return "Apple Health"
        case .fitbit: return "Fitbit"
        case .googlefit: return "Google Fit"
        case .csv: return "CSV"
        }
    }
}

/// Why a whole file cannot be imported (as opposed to one row).
public enum ImportError: Error, Equatable, Sendable {
    case unknownFormat
    case notThisFormat(ImportFormat, String)
    case unreadable(String)
    case malformed(line: Int, String)
    /// A file that does not say its weights' unit, read without --unit.
    case unitNotStated(ImportFormat)

    /// What happened and what to do; the command adds the file's name.
    public var message: String {
        switch self {
        case .unknownFormat:
            return
                "its format is not one grocer reads; name it with --format (\(ImportFormat.allCases.map(\.rawValue).joined(separator: ", ")))"
        case .notThisFormat(let format, let why):
            return "it is not a \(format.rawValue) export (\(why)); check --format, or leave it out to detect the format"
        case .unreadable(let why):
            return "it cannot be read (\(why))"
        case .malformed(let line, let why):
            return "line \(line) breaks the file's structure (\(why)); nothing after it can be read"
        case .unitNotStated(let format):
            return
                "this \(format.title) file does not say whether its weights are lbs or kg, and grocer never guesses; name the unit with --unit lbs or --unit kg"
        }
    }
}

extension WeightUnit {
    /// "kg", "lbs", and Apple's and Withings' "lb", in any case.
    static func imported(_ text: String) -> WeightUnit? {
        if text == "kg" { return .kg }
        if text == "lbs" { return .lbs }
        switch text.trimmingCharacters(in: .whitespaces).lowercased() {
        case "kg": return .kg
        case "lbs", "lb": return .lbs
        default: return nil
        }
    }
}

/// Turns a row's time, value and unit into an `ImportRow` or a problem.
/// Remembers the readings of values already seen (a weight log repeats
/// the same few thousand values), because making a `Weight` is most of a
/// row's time (docs/MEASURED.md); the memory is capped.
struct RowReader {
    let time: ImportTime
    /// Import time: later rows are in the future (`WeighInTime`).
    let now: Date
    /// `now`'s year, where it is: two-digit years are read up to it.
    let latestYear: Int
    private var seen: [WeightUnit: [String: ImportedWeight.Reading]] = [:]
    private var remembered = 0
    static let cap = 50_000
    init(timeZone: TimeZone, now: Date) {
        time = ImportTime(timeZone: timeZone)
        self.now = now
        latestYear = time.calendar.component(.year, from: now)
    }

    /// The row, its comment (if any) made a note.
    mutating func item(
        line: Int, timeText: String, value: String, unit: WeightUnit?, unitText: String, note: String, bodyFat: BodyFat? = nil
    ) -> ImportItem {
        let item = item(line: line, timeText: timeText, value: value, unit: unit, unitText: unitText)
        guard case .row(var row) = item, !note.isEmpty || bodyFat != nil else { return item }
        if !note.isEmpty { row.note = WeightNote.cleaned(note) }
        row.bodyFat = bodyFat
        return .row(row)
    }

    mutating func item(line: Int, timeText: String, value: String, unit: WeightUnit?, unitText: String) -> ImportItem {
        guard let date = time.parse(timeText) else {
            return .problem(ImportProblem(line: line, reason: "'\(timeText)' is not a date and time grocer reads"))
        }
        if let problem = WeighInTime.problem(date, now: now) {
            return .problem(ImportProblem(line: line, reason: "'\(timeText)' is \(problem.reason)"))
        }
        guard let unit else { return .problem(ImportProblem(line: line, reason: "unit '\(unitText)' is not lbs or kg")) }
        if let reading = seen[unit]?[value] {
            return .row(ImportRow(line: line, recordedAt: date, value: reading.weight, rounded: reading.rounded))
        }
        switch ImportedWeight.read(value, unit: unit) {
        case .success(let reading):
            if remembered >= RowReader.cap {
                seen = [:]
                remembered = 0
            }
            seen[unit, default: [:]][value] = reading
            remembered += 1
            return .row(ImportRow(line: line, recordedAt: date, value: reading.weight, rounded: reading.rounded))
        case .failure(let rejection):
            return .problem(ImportProblem(line: line, reason: rejection.reason))
        }
    }
}
