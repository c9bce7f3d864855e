import Foundation

/// Dates as scripts read them.
public enum ISO8601 {
    /// "2026-11-21T12:00:00Z": always UTC, whatever the time zone.
    public static func string(_ date: Date) -> String {
        date.formatted(style)
    }

    private static let style = Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "UTC")!)
}
