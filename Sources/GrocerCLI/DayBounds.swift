import Foundation
import GrocerCore

/// `--since DATE` and `--until DATE`: whole local days, both inclusive, as
/// the instants `[from, before)` a store reads between.
public enum DayBounds {
    /// The day `text` ("2026-11-20") names, or a one-line `Failure`.
    public static func day(_ text: String, option: String) throws -> CivilDay {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            parts.allSatisfy({ $0.allSatisfy(\.isASCIIDigit) }),
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]), year >= 1
        else { throw Failure("\(option) '\(text)' is not a date: give YYYY-MM-DD, e.g. 2026-11-20.") }
        let civil = CivilDay(year: year, month: month, day: day)
        guard civil.month == month, civil.day == day else {
            throw Failure("\(option) '\(text)' is not a date: give YYYY-MM-DD, e.g. 2026-11-20.")
        }
        return civil
    }

    /// The instant `day` starts in `zone` (the first instant of it, when a
    /// daylight-saving change skips midnight).
    public static func start(of day: CivilDay, in zone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let noon = calendar.date(from: DateComponents(year: day.year, month: day.month, day: day.day, hour: 12))!
        return calendar.startOfDay(for: noon)
    }

    /// `[from, before)` for `--since` and `--until` (either may be nil).
    public static func range(since: String?, until: String?, in zone: TimeZone) throws -> (from: Date?, before: Date?) {
        let first = try since.map { try day($0, option: "--since") }
        let last = try until.map { try day($0, option: "--until") }
        if let first, let last, last < first {
            throw Failure("--until \(last) is before --since \(first): give the earlier day to --since.")
        }
        return (first.map { start(of: $0, in: zone) }, last.map { start(of: $0.adding(days: 1), in: zone) })
    }
}
