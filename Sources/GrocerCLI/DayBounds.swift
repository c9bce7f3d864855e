import Foundation
import GrocerCore

/// `--since DATE` and `--until DATE`: whole local days, both inclusive, as
/// the instants `[from, before)` a store reads between (the days read as
/// `weight list` reads them, `WeightParsing.date`).
public enum DayBounds {
    public static func range(since: String?, until: String?, in zone: TimeZone) throws -> (from: Date?, before: Date?) {
        let first = try since.map { try WeightParsing.date($0) }
        let last = try until.map { try WeightParsing.date($0) }
        if let first, let last, last < first {
            throw Failure("--until \(last) is before --since \(first): give the earlier day to --since.")
        }
        return (
            first.map { WeightParsing.start(of: $0, timeZone: zone) },
            last.map { WeightParsing.start(of: $0.adding(days: 1), timeZone: zone) }
        )
    }
}
