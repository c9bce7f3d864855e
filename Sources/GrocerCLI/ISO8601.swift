import Foundation
import GrocerCore

/// Dates as scripts read them.
public enum ISO8601 {
    /// "2026-11-21T12:00:00Z": always UTC, whatever the time zone, in the
    /// proleptic Gregorian calendar that ISO 8601 and the exports use
    /// (Foundation's formatter switches to the Julian calendar before
    /// 1582, so `weight list` and `weight export` disagreed about a row
    /// from then). Whole seconds.
    public static func string(_ date: Date) -> String {
        let (day, time) = dayAndTime(Int(date.timeIntervalSince1970.rounded(.down)))
        return "\(day)T\(time)Z"
    }

    /// The day and "HH:MM:SS" of a count of seconds since 1970-01-01 00:00
    /// on the clock wanted (UTC, or local with the offset added).
    private static func dayAndTime(_ seconds: Int) -> (CivilDay, String) {
        let day = CivilDay(number: CivilDay.floorDiv(seconds, 86_400))
        let rest = seconds - day.number * 86_400
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return (day, "\(two(rest / 3600)):\(two(rest / 60 % 60)):\(two(rest % 60))")
    }
}
