import Foundation
import GrocerCore

/// A weight typed on the command line, by grocer's one rule for decimals
/// (`DecimalInputFilter`): the locale's separator or '.', whole ASCII
/// digits only, at most two decimals, above 0 and at most the unit's
/// maximum. Kept with '.' ("72,5" in de_DE is 72.5).
public enum WeightParsing {
    /// A `--note` as kept (trimmed), or `CommandError.badNote`.
    /// A body fat typed as a percentage ("18.4", or "18,4" where the
    /// locale writes a comma; a trailing "%" is taken).
    public static func bodyFat(_ text: String, locale: Locale) throws(CommandError) -> BodyFat {
        let separator = DecimalInputFilter(locale: locale).decimalSeparator
        var typed = text.trimmingCharacters(in: .whitespaces)
        if typed.hasSuffix("%") { typed = String(typed.dropLast()).trimmingCharacters(in: .whitespaces) }
        if separator != "." { typed = typed.replacingOccurrences(of: String(separator), with: ".") }
        guard let fat = BodyFat(digits: typed), typed.last != "." else { throw .notABodyFat(text) }
        return fat
    }

    public static func note(_ text: String) throws(CommandError) -> String {
        if let problem = WeightNote.problem(in: text) { throw .badNote(problem) }
        return WeightNote.trimmed(text)
    }

    /// A weight typed in `unit`; in stones ("11 4.5", "11 st 4.5 lb"),
    /// kept in pounds. Text that names stones ("11 st 4") is read in stones
    /// whatever the unit.
    public static func parse(_ text: String, in unit: DisplayUnit, locale: Locale) throws(CommandError) -> Weight {
        guard unit == .st || text.lowercased().contains("st") else { return try parse(text, unit: unit.measure, locale: locale) }
        let separator = DecimalInputFilter(locale: locale).decimalSeparator
        guard let weight = Stones.weight(typed: text.trimmingCharacters(in: .whitespaces), separator: separator) else {
            throw .notStones(text)
        }
        return weight
    }

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
    /// A time typed for `--at`, in `timeZone` unless it ends in `Z` (UTC):
    /// a day, then optionally a time of day after a space (or a `T` after a
    /// date). The day is a date ("2026-01-05"), `today`, `yesterday`, or
    /// `-Nd`, N days before today (at `now`, where the person is). The time
    /// is "7:25" or "07:25", seconds optional. A day alone means 12:00; a
    /// time alone ("7:00") is today's. So "2026-01-05T07:30:00Z",
    /// "2026-01-05 7:30", "yesterday", "today 7:25", "7:25" and
    /// "-2d 21:00" all work.
    public static func time(_ text: String, timeZone: TimeZone, now: Date = Date()) throws(CommandError) -> Date {
        // A time alone: today's (no day has a ':').
        if !text.contains(" "), text.contains(":"), !text.contains("T") {
            do {
                return try time("today " + text, timeZone: timeZone, now: now)
            } catch {
                throw .notATime(text)
            }
        }
        var dayText = Substring(text)
        var clock: Substring?
        if let space = text.firstIndex(of: " ") {
            (dayText, clock) = (text[..<space], text[text.index(after: space)...])
        } else if text.utf8.count > 10, let t = text.utf8.index(text.utf8.startIndex, offsetBy: 10, limitedBy: text.utf8.endIndex),
            text.utf8[t] == UInt8(ascii: "T")
        {
            (dayText, clock) = (text[..<t], text[text.index(after: t)...])
        }
        guard let day = day(named: dayText, timeZone: timeZone, now: now) else { throw .notATime(text) }
        guard var clock else { return local(day, hour: 12, minute: 0, second: 0, timeZone: timeZone) }
        let utc = clock.hasSuffix("Z")
        if utc { clock = clock.dropLast() }
        let parts = clock.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3, (1...2).contains(parts[0].utf8.count),
            parts.dropFirst().allSatisfy({ $0.utf8.count == 2 }),
            let hour = number(parts[0].utf8), let minute = number(parts[1].utf8), hour < 24, minute < 60
        else { throw .notATime(text) }
        var second = 0
        if parts.count == 3 {
            guard let s = number(parts[2].utf8), s < 60 else { throw .notATime(text) }
            second = s
        }
        guard utc else { return local(day, hour: hour, minute: minute, second: second, timeZone: timeZone) }
        let seconds = ((day.number * 24 + hour) * 60 + minute) * 60 + second
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// "2026-01-05", "today", "yesterday" or "-2d" (2 days before today,
    /// up to 100 years back), as a local day.
    static func day(named text: Substring, timeZone: TimeZone, now: Date) -> CivilDay? {
        let today = CivilDay(now, in: timeZone)
        switch text {
        case "today": return today
        case "yesterday": return today.adding(days: -1)
        default: break
        }
        if text.hasPrefix("-"), text.hasSuffix("d"), let n = number(text.dropFirst().dropLast().utf8), n <= 36_500 {
            return today.adding(days: -n)
        }
        return day(Array(text.utf8)[...])
    }

    /// `time`, and a time a weigh-in can have been (`WeighInTime`) at `now`.
    public static func weighInTime(_ text: String, timeZone: TimeZone, now: Date) throws(CommandError) -> Date {
        let date = try time(text, timeZone: timeZone, now: now)
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

    /// ASCII digits as a number; nil for anything else, and for more than
    /// nine digits (no day, hour or count of days back needs more, and the
    /// arithmetic after it can never overflow).
    static func number(_ bytes: some Collection<UInt8>) -> Int? {
        guard !bytes.isEmpty, bytes.count <= 9 else { return nil }
        var value = 0
        for byte in bytes {
            guard byte >= 48 && byte <= 57 else { return nil }
            value = value * 10 + Int(byte - 48)
        }
        return value
    }
}
