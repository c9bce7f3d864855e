import Foundation
import GrocerCore

/// DATE-TIME values (RFC 5545, 3.3.5) as grocer writes and reads them.
public enum ICalDate {
    /// "20261125T070000Z": the instant in UTC, whole seconds (down).
    public static func utc(_ date: Date) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down))
        let day = CivilDay(number: CivilDay.floorDiv(seconds, 86_400))
        let time = seconds - day.number * 86_400
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let year = String(day.year)
        return String(repeating: "0", count: max(0, 4 - year.count)) + year + two(day.month) + two(day.day)
            + "T" + two(time / 3600) + two(time / 60 % 60) + two(time % 60) + "Z"
    }

    /// "1800-01-01": the instant's day in UTC, for a person to read
    /// (any year, five digits past 9999).
    public static func day(_ date: Date) -> String {
        let text = utc(date)
        let year = text.dropLast(12)
        let rest = Array(text.suffix(12))
        return String(year) + "-" + String(rest[0..<2]) + "-" + String(rest[2..<4])
    }

    /// A line's DATE-TIME or DATE: UTC ("...Z"), in its TZID when the zone
    /// is known, else (floating, or an unknown zone) read as UTC. A DATE is
    /// its midnight. Nil when it is neither, or out of years 1-9999.
    public static func date(_ line: ContentLine) -> Date? {
        let value = Array(line.value.utf8)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= value.count, value[range].allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
            return value[range].reduce(0) { $0 * 10 + Int($1 - 48) }
        }
        guard value.count == 8 || value.count == 15 || (value.count == 16 && value[15] == UInt8(ascii: "Z")),
            let year = number(0..<4), let month = number(4..<6), let day = number(6..<8),
            year >= 1, (1...12).contains(month), (1...31).contains(day)
        else { return nil }
        var seconds = CivilDay(year: year, month: month, day: day).number * 86_400
        guard value.count > 8 else { return Date(timeIntervalSince1970: TimeInterval(seconds)) }
        guard value[8] == UInt8(ascii: "T"), let hour = number(9..<11), let minute = number(11..<13), let second = number(13..<15),
            hour < 24, minute < 60, second <= 60
        else { return nil }
        seconds += hour * 3600 + minute * 60 + second
        if value.count == 15, let zone = line.parameter("TZID")?.values.first.flatMap(TimeZone.init(identifier:)) {
            let guess = Date(timeIntervalSince1970: TimeInterval(seconds))
            seconds -= zone.secondsFromGMT(for: guess.addingTimeInterval(-TimeInterval(zone.secondsFromGMT(for: guess))))
        }
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }
}
