import Foundation

/// A calendar day with no time and no zone, kept as the number of days since
/// 1970-01-01 (proleptic Gregorian). Arithmetic on days is plain integer
/// arithmetic; the conversions are Howard Hinnant's civil-from-days and
/// days-from-civil, so no Calendar is made per value.
public struct CivilDay: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Days since 1970-01-01.
    public let number: Int

    public init(number: Int) { self.number = number }

    public init(year: Int, month: Int, day: Int) {
        self.number = CivilDay.daysFromCivil(year: year, month: month, day: day)
    }

    /// The day `date` falls on in `timeZone` (its offset at that instant, so
    /// a daylight-saving change is honoured).
    public init(_ date: Date, in timeZone: TimeZone) {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down)) + timeZone.secondsFromGMT(for: date)
        self.number = CivilDay.floorDiv(seconds, 86_400)
    }

    public var year: Int { CivilDay.civilFromDays(number).year }
    public var month: Int { CivilDay.civilFromDays(number).month }
    public var day: Int { CivilDay.civilFromDays(number).day }

    public func adding(days: Int) -> CivilDay { CivilDay(number: number + days) }

    /// Sunday 0 to Saturday 6 (1970-01-01 was a Thursday).
    public var weekday: Int { number - CivilDay.floorDiv(number + 4, 7) * 7 + 4 }

    /// The same day of the month `months` earlier or later, clamped to the
    /// month's last day (Mar 31 minus one month is Feb 28 or 29).
    public func adding(months: Int) -> CivilDay {
        let c = CivilDay.civilFromDays(number)
        let total = c.year * 12 + (c.month - 1) + months
        let year = CivilDay.floorDiv(total, 12)
        let month = total - year * 12 + 1
        let last =
            CivilDay.daysFromCivil(year: month == 12 ? year + 1 : year, month: month == 12 ? 1 : month + 1, day: 1)
            - CivilDay.daysFromCivil(year: year, month: month, day: 1)
        return CivilDay(year: year, month: month, day: min(c.day, last))
    }

    /// "2026-11-20"
    public var description: String {
        let c = CivilDay.civilFromDays(number)
        func pad(_ v: Int, _ width: Int) -> String {
            let s = String(v)
            return String(repeating: "0", count: max(0, width - s.count)) + s
        }
        return "\(pad(c.year, 4))-\(pad(c.month, 2))-\(pad(c.day, 2))"
    }

    public static func < (a: CivilDay, b: CivilDay) -> Bool { a.number < b.number }

    // MARK: The algorithms (http://howardhinnant.github.io/date_algorithms.html)

    public static func civilFromDays(_ z0: Int) -> (year: Int, month: Int, day: Int) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    public static func daysFromCivil(year y0: Int, month m: Int, day d: Int) -> Int {
        let y = m <= 2 ? y0 - 1 : y0
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    public static func floorDiv(_ a: Int, _ b: Int) -> Int {
        let q = a / b
        return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q
    }
}
