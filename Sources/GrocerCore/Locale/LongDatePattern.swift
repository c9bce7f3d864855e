import Foundation
import Synchronization

/// The weight screen's date ("November 21, 2026 at 12:00 PM" under en_US)
/// without building an ICU formatter: the locale's long-date, short-time
/// pattern and the names it uses, captured once from a `DateFormatter` and
/// kept (see `GrocerApp.FirstFrameCache`): building the formatter at every
/// launch costs far more than formatting from the kept pattern
/// (docs/MEASURED.md).
///
/// Only patterns made of fields this type knows (era-less Gregorian year,
/// month, day, weekday, 12/24-hour, minute, AM/PM) are captured, and only
/// when they give exactly the formatter's text for a table of dates;
/// anything else (another numbering system, day periods) keeps the
/// formatter.
public struct LongDatePattern: Equatable, Sendable {
    public let localeIdentifier: String
    public let pattern: String
    public let months: [String]
    public let shortMonths: [String]
    public let standaloneMonths: [String]
    public let weekdays: [String]
    public let shortWeekdays: [String]
    public let am: String
    public let pm: String

    public init(
        localeIdentifier: String, pattern: String, months: [String], shortMonths: [String], standaloneMonths: [String],
        weekdays: [String], shortWeekdays: [String], am: String, pm: String
    ) {
        self.localeIdentifier = localeIdentifier
        self.pattern = pattern
        self.months = months
        self.shortMonths = shortMonths
        self.standaloneMonths = standaloneMonths
        self.weekdays = weekdays
        self.shortWeekdays = shortWeekdays
        self.am = am
        self.pm = pm
    }

    /// The pattern as pieces; nil when it holds a field this type does not
    /// format, or the names are not 12 months and 7 weekdays.
    var pieces: [Piece]? {
        guard months.count == 12, shortMonths.count == 12, standaloneMonths.count == 12, weekdays.count == 7,
            shortWeekdays.count == 7
        else { return nil }
        return Piece.parse(pattern)
    }

    enum Piece: Equatable {
        case text(String)
        case field(Character, Int)

        /// The fields `format` writes (a switch, not a `Set`: the pattern
        /// is parsed before the first frame, where making a set's type
        /// costs more than the parse).
        static func isKnown(_ c: Character) -> Bool {
            switch c {
            case "y", "M", "L", "d", "E", "h", "H", "m", "a": return true
            default: return false
            }
        }

        static func parse(_ pattern: String) -> [Piece]? {
            var pieces: [Piece] = []
            var chars = Array(pattern)[...]
            var literal = ""
            while let c = chars.first {
                if c == "'" {
                    chars = chars.dropFirst()
                    if chars.first == "'" {
                        literal.append("'")
                        chars = chars.dropFirst()
                        continue
                    }
                    while let q = chars.first {
                        chars = chars.dropFirst()
                        if q == "'" {
                            if chars.first == "'" {
                                literal.append("'")
                                chars = chars.dropFirst()
                                continue
                            }
                            break
                        }
                        literal.append(q)
                    }
                } else if c.isASCII && c.isLetter {
                    guard isKnown(c) else { return nil }
                    let count = chars.prefix { $0 == c }.count
                    chars = chars.dropFirst(count)
                    if !literal.isEmpty { pieces.append(.text(literal)) }
                    literal = ""
                    pieces.append(.field(c, count))
                } else {
                    literal.append(c)
                    chars = chars.dropFirst()
                }
            }
            if !literal.isEmpty { pieces.append(.text(literal)) }
            return pieces
        }
    }

    /// `date` in `timeZone`, in the Gregorian calendar; nil when the
    /// pattern cannot be formatted here.
    public func format(_ date: Date, in timeZone: TimeZone) -> String? {
        format(date, secondsFromGMT: timeZone.secondsFromGMT(for: date))
    }

    /// `date` at `secondsFromGMT` from UTC, in the Gregorian calendar; nil
    /// when the pattern cannot be formatted here.
    public func format(_ date: Date, secondsFromGMT: Int) -> String? {
        guard let pieces else { return nil }
        let local = Int(date.timeIntervalSince1970.rounded(.down)) + secondsFromGMT
        let days = local >= 0 ? local / 86_400 : -((-local + 86_399) / 86_400)
        let seconds = local - days * 86_400
        let (year, month, day) = CivilDay.civilFromDays(days)
        let weekday = ((days % 7) + 11) % 7  // 0 = Sunday (1970-01-01 was a Thursday)
        let hour = seconds / 3600
        let minute = seconds % 3600 / 60
        var out = ""
        for piece in pieces {
            switch piece {
            case .text(let text): out += text
            case .field("y", 2): out += Self.padded(year % 100, 2)
            case .field("y", let n): out += Self.padded(year, n)
            case .field("M", let n) where n >= 4: out += months[month - 1]
            case .field("M", 3): out += shortMonths[month - 1]
            case .field("L", let n) where n >= 4: out += standaloneMonths[month - 1]
            case .field("M", let n), .field("L", let n): out += Self.padded(month, n)
            case .field("d", let n): out += Self.padded(day, n)
            case .field("E", let n) where n >= 4: out += weekdays[weekday]
            case .field("E", _): out += shortWeekdays[weekday]
            case .field("h", let n): out += Self.padded(hour % 12 == 0 ? 12 : hour % 12, n)
            case .field("H", let n): out += Self.padded(hour, n)
            case .field("m", let n): out += Self.padded(minute, n)
            case .field("a", _): out += hour < 12 ? am : pm
            case .field: return nil
            }
        }
        return out
    }

    static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }

}

extension LongDatePattern {
    /// The formatter the weight screen's date comes from: the locale's own
    /// long date and short time, Gregorian.
    public static func formatter(locale: Locale, timeZone: TimeZone) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.timeZone = timeZone
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.dateStyle = .long
        formatter.timeStyle = .short
        return formatter
    }

    /// The formatter's pattern and names for `locale`; nil unless they give
    /// exactly the formatter's text for every date in `samples` (every
    /// month and weekday, both halves of the day, one- and two-digit days,
    /// hours and minutes).
    public static func capture(locale: Locale, timeZone: TimeZone) -> LongDatePattern? {
        let formatter = formatter(locale: locale, timeZone: timeZone)
        guard let pattern = formatter.dateFormat, !pattern.isEmpty else { return nil }
        let captured = LongDatePattern(
            localeIdentifier: locale.identifier, pattern: pattern, months: formatter.monthSymbols,
            shortMonths: formatter.shortMonthSymbols, standaloneMonths: formatter.standaloneMonthSymbols,
            weekdays: formatter.weekdaySymbols, shortWeekdays: formatter.shortWeekdaySymbols,
            am: formatter.amSymbol, pm: formatter.pmSymbol)
        for date in samples where captured.format(date, in: timeZone) != formatter.string(from: date) { return nil }
        return captured
    }

    /// Dates from 1999 to 2038 covering each month, weekday and hour.
    static let samples: [Date] = (0..<60).map { i in
        let base = 946_684_800.0  // 2000-01-01 00:00 UTC
        return Date(timeIntervalSince1970: base + Double(i) * (86_400 * 241 + 3_600 * 5 + 60 * 7) - 86_400 * 2)
    }
}
