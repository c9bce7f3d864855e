import Foundation
import GrocerCore

/// What a command refuses or cannot do, apart from the store's own
/// refusals (`StoreError`, `MigrationError`): worded in one place.
public enum CommandError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A weight argument that is not a decimal grocer takes.
    /// The text, and the locale's decimal separator (`.` is taken too).
    case notAWeight(String, separator: Character = ".")
    /// A weight argument over the unit's maximum.
    case overMaximum(String, maximum: Decimal, unit: WeightUnit)
    /// Reading the store failed after it opened (the file went away, a
    /// disk error).
    case couldNotRead(path: String)
    /// Saving to the store failed (a read-only file or folder, a full disk,
    /// the file deleted under grocer).
    case couldNotWrite(path: String)
    /// A time that is not one of the forms `--at` takes.
    case notATime(String)
    /// A date that is not YYYY-MM-DD.
    case notADate(String)
    /// A weigh-in time that cannot be (before 1900, in the future).
    case impossibleTime(String, WeighInTime.Problem)
    /// `weight edit` with nothing to change.
    case nothingToEdit
    /// A `--note` that cannot be a note (`WeightNote.problem`).
    case badNote(WeightNote.Problem)
    /// A weight in stones that is not whole stones and pounds below 14.
    case notStones(String)
    /// A weight far from the person's trend (`FarFromTrend`), given
    /// without `--force`: most likely a typo.
    case farFromTrend(FarFromTrend)
    /// A `--fat` that is not a body fat grocer takes.
    case notABodyFat(String)
    /// `weight edit` given both `--fat` and `--no-fat`.
    case fatAndNoFat

    public var description: String {
        switch self {
        case .notAWeight(let text, let separator):
            return DecimalInputFilter(decimalSeparator: separator).notAWeight(text)
        case .overMaximum(let text, let maximum, let unit):
            return "'\(text)' is over the largest weight grocer takes (\(maximum) \(unit.rawValue))."
        case .couldNotRead(let path):
            return "Could not read the store \(path). Check that the file is still there and readable "
                + "(grocer store status --store \(path)), then try again; nothing was changed."
        case .couldNotWrite(let path):
            return "Could not save to \(path): the file or its folder cannot be written (read-only, full, or removed). "
                + "Free some space or fix its permissions, then try again; nothing was lost."
        case .notATime(let text):
            return
                "'\(text)' is not a time: give 2026-01-05T07:30:00Z (UTC), '2026-01-05 07:30' (local), 2026-01-05 (12:00 local), "
                + "today, yesterday or -3d (3 days ago, at most -36500d), each optionally followed by a time ('yesterday 7:25'), "
                + "or a time alone (7:25, today)."
        case .notADate(let text):
            return "'\(text)' is not a date: give YYYY-MM-DD, e.g. 2026-01-05."
        case .impossibleTime(let text, let problem):
            return "'\(text)' is \(problem.reason); nothing was saved."
        case .nothingToEdit:
            return "Nothing to change: give --value, --unit, --at, --note, --fat or --no-fat (see grocer weight edit --help)."
        case .notStones(let text):
            return
                "'\(text)' is not a weight in stones: give whole stones, then the pounds below 14, e.g. '11 4.5' or '11 st 4.5 lb' (at most 1500 lbs)."
        case .badNote(let problem):
            return "That --note cannot be kept: \(problem). Nothing was saved."
        case .farFromTrend(let far):
            let typed = "\(far.weight.digits) \(far.weight.unit.rawValue)"
            let trend = "\(far.trendWeight.digits) \(far.unit.rawValue)"
            let meant = far.suggestion.map { " (\($0.digits) \($0.unit.rawValue)?)" } ?? ""
            return "\(typed) is far from your trend, \(trend): a typo\(meant)? Nothing was saved; give --force to keep \(typed)."
        case .notABodyFat(let text):
            return "'\(text)' is not a body fat: give a percentage above 0 and below 100 with at most 2 decimals, e.g. 18.4; nothing was saved."
        case .fatAndNoFat:
            return "Give --fat or --no-fat, not both; nothing was changed."
        }
    }
}

/// Runs store work and names a failure that is not already a store
/// refusal for what was being done, so no raw SQLite text reaches the
/// person.
public enum StoreAccess {
    public static func reading<T>(_ path: String, _ body: () throws -> T) throws -> T {
        try run(body, else: .couldNotRead(path: path))
    }

    public static func writing<T>(_ path: String, _ body: () throws -> T) throws -> T {
        try run(body, else: .couldNotWrite(path: path))
    }

    static func run<T>(_ body: () throws -> T, else failure: CommandError) throws -> T {
        do {
            return try body()
        } catch let error where ErrorReport.isWorded(error) {
            throw error
        } catch {
            throw failure
        }
    }
}
