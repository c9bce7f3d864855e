import Foundation
import GrocerCore

/// A weight typed on the command line, by grocer's one rule for decimals
/// (`DecimalInputFilter`): the locale's separator or '.', whole ASCII
/// digits only, at most two decimals, above 0 and at most the unit's
/// maximum. Kept with '.' ("72,5" in de_DE is 72.5).
public enum WeightParsing {
    public static func parse(_ text: String, unit: WeightUnit, locale: Locale) throws(CommandError) -> Weight {
        let filter = DecimalInputFilter(locale: locale)
        let rejection = filter.check(text, unit: unit)
        if case .overMaximum(let maximum, let unit)? = rejection {
            throw .overMaximum(text, maximum: maximum, unit: unit)
        }
        guard rejection == nil, let last = text.last, !filter.isSeparator(last),
            let weight = Weight(digits: filter.canonical(text), unit: unit)
        else {
            throw .notAWeight(text, separator: filter.decimalSeparator)
        }
        return weight
    }
}

extension WeightParsing {
    /// A time typed for `--at`: ISO 8601 in UTC ("2026-01-05T07:30:00Z",
    /// seconds optional), a local "YYYY-MM-DD HH:MM" (also with a 'T'), or
    /// a local date, which means 12:00 that day, all in `timeZone`.
    public static func time(_ text: String, timeZone: TimeZone) throws(CommandError) -> Date {
        let bytes = Array(text.utf8)
        guard let date = day(bytes.prefix(10)) else { throw .notATime(text) }
        if bytes.count == 10 { return local(date, hour: 12, minute: 0, second: 0, timeZone: timeZone) }
        var rest = bytes.dropFirst(10)
        guard let separator = rest.popFirst(), separator == UInt8(ascii: "T") || separator == UInt8(ascii: " "),
            rest.count >= 5, let hour = number(rest.prefix(2)), rest.dropFirst(2).first == UInt8(ascii: ":"),
            let minute = number(rest.dropFirst(3).prefix(2)), hour < 24, minute < 60
        else { throw .notATime(text) }
        rest = rest.dropFirst(5)
        var second = 0
        if rest.first == UInt8(ascii: ":") {
            guard rest.count >= 3, let s = number(rest.dropFirst().prefix(2)), s < 60 else { throw .notATime(text) }
            second = s
            rest = rest.dropFirst(3)
        }
        if rest.isEmpty {
            return local(date, hour: hour, minute: minute, second: second, timeZone: timeZone)
        }
        guard rest.elementsEqual("Z".utf8) else { throw .notATime(text) }
        let seconds = ((date.number * 24 + hour) * 60 + minute) * 60 + second
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// `time`, and a time a weigh-in can have been (`WeighInTime`) at `now`.
    public static func weighInTime(_ text: String, timeZone: TimeZone, now: Date) throws(CommandError) -> Date {
        let date = try time(text, timeZone: timeZone)
        if let problem = WeighInTime.problem(date, now: now) { throw .impossibleTime(text, problem) }
        return date
    }

    /// A local calendar day typed as "YYYY-MM-DD" (`--since`, `--until`).
    public static func date(_ text: String) throws(CommandError) -> CivilDay {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, let day = day(bytes[...]) else { throw .notADate(text) }
        return day
    }

    /// The instant a local day starts in `timeZone` (the first instant of
    /// that day where midnight is skipped by a clock change).
    public static func start(of day: CivilDay, timeZone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let noon = local(day, hour: 12, minute: 0, second: 0, timeZone: timeZone)
        return calendar.startOfDay(for: noon)
    }

    static func local(_ day: CivilDay, hour: Int, minute: Int, second: Int, timeZone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let components = DateComponents(year: day.year, month: day.month, day: day.day, hour: hour, minute: minute, second: second)
        // Every valid Gregorian date and time has an instant.
        return calendar.date(from: components)!
    }

    static func day(_ bytes: ArraySlice<UInt8>) -> CivilDay? {
        guard bytes.count == 10 else { return nil }
        let b = Array(bytes)
        guard b[4] == UInt8(ascii: "-"), b[7] == UInt8(ascii: "-"), let year = number(b[0..<4]), let month = number(b[5..<7]),
            let day = number(b[8..<10]), year >= 1, (1...12).contains(month), day >= 1
        else { return nil }
        let civil = CivilDay(year: year, month: month, day: day)
        guard civil.month == month, civil.day == day else { return nil }
        return civil
    }

    static func number(_ bytes: some Collection<UInt8>) -> Int? {
        guard !bytes.isEmpty else { return nil }
        var value = 0
        for byte in bytes {
            guard byte >= 48 && byte <= 57 else { return nil }
            value = value * 10 + Int(byte - 48)
        }
        return value
    }
}
