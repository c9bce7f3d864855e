import Foundation
import GrocerCore

/// Dates as the history shows them, in the user's locale: "Nov 21" on the
/// graph's axis, "Mar 12, 2027" for a forecast, "Nov 21, 2026, 7:30 AM"
/// for an entry. Each pattern is taken once from an ICU formatter when the
/// screen is made and then formatted without one (`LongDatePattern`), so
/// no formatter is built per row or per frame. A pattern with fields it
/// cannot format falls back to `Date.FormatStyle`.
public struct DayFormats: Sendable {
    let timeZone: TimeZone
    let locale: Locale
    let short: LongDatePattern?
    let withYear: LongDatePattern?
    let entry: LongDatePattern?
    let month: LongDatePattern?

    public init(locales: Locales) {
        timeZone = locales.timeZone
        locale = locales.time
        short = Self.pattern(locale: locales.time, template: "MMMd")
        withYear = Self.pattern(locale: locales.time, template: "yMMMd")
        entry = Self.pattern(locale: locales.time, dateStyle: .medium, timeStyle: .short)
        month = Self.pattern(locale: locales.time, template: "yMMM")
    }

    static let utc = TimeZone(identifier: "UTC")!

    static func formatter(locale: Locale) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.timeZone = utc
        return formatter
    }

    static func pattern(locale: Locale, template: String) -> LongDatePattern? {
        let formatter = formatter(locale: locale)
        formatter.setLocalizedDateFormatFromTemplate(template)
        return capture(formatter)
    }

    static func pattern(locale: Locale, dateStyle: DateFormatter.Style, timeStyle: DateFormatter.Style) -> LongDatePattern? {
        let formatter = formatter(locale: locale)
        formatter.dateStyle = dateStyle
        formatter.timeStyle = timeStyle
        return capture(formatter)
    }

    static func capture(_ formatter: DateFormatter) -> LongDatePattern? {
        guard let pattern = formatter.dateFormat, !pattern.isEmpty else { return nil }
        let captured = LongDatePattern(
            localeIdentifier: formatter.locale.identifier, pattern: pattern, months: formatter.monthSymbols,
            shortMonths: formatter.shortMonthSymbols, standaloneMonths: formatter.standaloneMonthSymbols,
            weekdays: formatter.weekdaySymbols, shortWeekdays: formatter.shortWeekdaySymbols,
            am: formatter.amSymbol, pm: formatter.pmSymbol)
        // Kept only when it formats a sample exactly as the formatter does.
        let sample = Date(timeIntervalSince1970: 1_795_262_400 + 7 * 3_600 + 5 * 60)
        return captured.format(sample, in: utc) == formatter.string(from: sample) ? captured : nil
    }

    static func noon(_ day: CivilDay) -> Date {
        Date(timeIntervalSince1970: Double(day.number) * 86_400 + 43_200)
    }

    /// "Nov 21"
    public func day(_ day: CivilDay) -> String {
        short?.format(Self.noon(day), in: Self.utc)
            ?? Self.noon(day).formatted(Date.FormatStyle(locale: locale, timeZone: Self.utc).month(.abbreviated).day())
    }

    /// "Mar 12, 2027"
    public func dayWithYear(_ day: CivilDay) -> String {
        withYear?.format(Self.noon(day), in: Self.utc)
            ?? Self.noon(day).formatted(Date.FormatStyle(locale: locale, timeZone: Self.utc).year().month(.abbreviated).day())
    }

    /// "Nov 2026"
    public func monthWithYear(_ day: CivilDay) -> String {
        month?.format(Self.noon(day), in: Self.utc)
            ?? Self.noon(day).formatted(Date.FormatStyle(locale: locale, timeZone: Self.utc).year().month(.abbreviated))
    }

    /// "Nov 21, 2026, 7:30 AM", in the person's time zone.
    public func entry(_ date: Date) -> String {
        if let text = entry?.format(date, in: timeZone) { return text }
        var style = Date.FormatStyle(date: .abbreviated, time: .shortened, locale: locale, timeZone: timeZone)
        style.calendar = Calendar(identifier: .gregorian)
        return date.formatted(style)
    }
}
