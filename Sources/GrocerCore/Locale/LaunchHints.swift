import Foundation

/// What the first frame shows before the store has opened and before ICU
/// has been asked anything, as an earlier launch learnt it: the default
/// unit of the store, the weight screen's date pattern for the time locale
/// (`LongDatePattern`), the numeric locale's decimal separator, and the
/// time zone's offset until its next transition. Each is only as good as
/// what it was read for (the pattern for its locale identifier, the
/// separator for its numeric locale identifier, both in the executable
/// whose ICU data they came from; the offset for the same time zone
/// settings, and only within its window), and each is checked against ICU
/// after the first frame (`settled`), which gives the hints every screen
/// uses from then on.
///
/// The app keeps them between launches (`GrocerApp.FirstFrameCache`) and
/// gives them to the screens through `AppContext.hints`: what the launch's
/// first frame shows (the weight screen's date and decimal separator)
/// comes from them and from nowhere else. Screens first made after the
/// store has opened (the history's separators and day formats) ask
/// `Locales`, whose answers `settled` gave the hints too.
public struct LaunchHints: Equatable, Sendable {
    /// The default unit of the store they were kept for.
    public var unit: DisplayUnit?
    /// The weight screen's long date, short time, for `date.localeIdentifier`.
    public var date: LongDatePattern?
    /// The decimal separator of a numeric locale.
    public var numeric: Numeric?
    /// The time zone's offset in a window, for the settings `zone.key`.
    public var zone: ZoneOffset?

    public init(unit: DisplayUnit? = nil, date: LongDatePattern? = nil, numeric: Numeric? = nil, zone: ZoneOffset? = nil) {
        self.unit = unit
        self.date = date
        self.numeric = numeric
        self.zone = zone
    }

    /// The decimal separator of the numeric locale `identifier`.
    public struct Numeric: Equatable, Sendable {
        public var identifier: String
        public var separator: Character

        public init(identifier: String, separator: Character) {
            self.identifier = identifier
            self.separator = separator
        }
    }

    // MARK: Reading them

    /// The numeric locale's decimal separator: the hint's, when it is for
    /// that locale; else ICU's ("." when it has none).
    public func decimalSeparator(_ locales: Locales) -> Character {
        if let numeric, numeric.identifier == locales.numericIdentifier { return numeric.separator }
        return locales.numeric.decimalSeparator?.first ?? "."
    }

    /// The time zone's offset from UTC at `date`: the hint's, within its
    /// window; else the time zone's.
    public func secondsFromGMT(_ date: Date, _ locales: Locales) -> Int {
        zone?.offset(at: date) ?? locales.timeZone.secondsFromGMT(for: date)
    }

    /// "November 21, 2026 at 12:00 PM" under en_US: from the kept pattern
    /// when it is the time locale's, else from ICU's formatter
    /// (`Locales.longDateShortTime`).
    public func longDateShortTime(_ date: Date, _ locales: Locales) -> String {
        if let pattern = self.date, pattern.localeIdentifier == locales.timeIdentifier,
            let text = pattern.format(date, secondsFromGMT: secondsFromGMT(date, locales))
        {
            return text
        }
        return locales.longDateShortTime(date)
    }

    // MARK: Checked

    /// What ICU and the system time zone say, for a store whose default
    /// unit is `unit` (this builds the locales and the time zone): the
    /// hints every screen uses after the first frame, and the next launch's.
    /// A kept zone window stays while it holds `now` with the same offset,
    /// so that the kept file is not rewritten at every launch; `zoneKey`
    /// nil (settings that cannot be told cheaply) keeps no offset.
    public static func settled(unit: DisplayUnit, locales: Locales, kept: LaunchHints?, now: Date, zoneKey: String?) -> LaunchHints {
        var zone: ZoneOffset?
        if let zoneKey {
            let offset = locales.timeZone.secondsFromGMT(for: now)
            if let old = kept?.zone, old.key == zoneKey, old.offset(at: now) == offset {
                zone = old
            } else {
                zone = .capture(key: zoneKey, timeZone: locales.timeZone, now: now)
            }
        }
        return LaunchHints(
            unit: unit, date: LongDatePattern.capture(locale: locales.time, timeZone: locales.timeZone),
            numeric: Numeric(identifier: locales.numericIdentifier, separator: locales.numeric.decimalSeparator?.first ?? "."),
            zone: zone)
    }

    /// The system time zone's offset from UTC from `since` until just
    /// before `until` (its next transition), for the settings `key`.
    public struct ZoneOffset: Equatable, Sendable {
        public var key: String
        public var secondsFromGMT: Int
        public var since: Int
        public var until: Int

        public init(key: String, secondsFromGMT: Int, since: Int, until: Int) {
            self.key = key
            self.secondsFromGMT = secondsFromGMT
            self.since = since
            self.until = until
        }

        /// The offset at `date`; nil outside the window.
        public func offset(at date: Date) -> Int? {
            let seconds = date.timeIntervalSince1970
            return seconds >= Double(since) && seconds < Double(until) ? secondsFromGMT : nil
        }

        /// A year at most: a zone with no transition ahead is checked again
        /// after that.
        static let longest = 366 * 86_400

        /// The window of `timeZone` that holds `now`.
        public static func capture(key: String, timeZone: TimeZone, now: Date) -> ZoneOffset {
            let since = Int(now.timeIntervalSince1970.rounded(.down))
            var until = since + longest
            if let next = timeZone.nextDaylightSavingTimeTransition(after: now) {
                until = min(until, Int(next.timeIntervalSince1970.rounded(.down)))
            }
            return ZoneOffset(key: key, secondsFromGMT: timeZone.secondsFromGMT(for: now), since: since, until: until)
        }
    }
}
