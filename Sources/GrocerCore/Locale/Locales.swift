import Foundation
import Synchronization

/// The three locales a screen needs and the time zone dates are shown in.
///
/// Built from the environment, the `Locale` and `TimeZone` values are made
/// on first use, not at launch: building them (ICU's locale data, the
/// system time zone's rules) is a large part of the time to the first
/// frame (docs/MEASURED.md). What the first frame needs from them, the decimal separator and
/// the time zone's offset now, can come from `LaunchFacts` a previous
/// launch kept; `settle()` then checks those against ICU after the frame.
public struct Locales: Sendable {
    private let source: Source

    public var numeric: Locale { source.locale(.numeric) }
    public var time: Locale { source.locale(.time) }
    public var monetary: Locale { source.locale(.monetary) }
    public var timeZone: TimeZone { source.timeZone }

    /// The identifiers, known without building a `Locale`.
    public var numericIdentifier: String { source.identifiers.numeric }
    public var timeIdentifier: String { source.identifiers.time }

    public init(numeric: Locale, time: Locale, monetary: Locale, timeZone: TimeZone) {
        source = Source(
            identifiers: Identifiers(numeric: numeric.identifier, time: time.identifier, monetary: monetary.identifier),
            made: Made(numeric: numeric, time: time, monetary: monetary, timeZone: timeZone), facts: nil)
    }

    /// The person's locales from the environment (`UserLocale`), in
    /// `timeZone`.
    public init(environment: Environment, timeZone: TimeZone, facts: LaunchFacts? = nil) {
        self.init(environment: environment, zone: { timeZone }, facts: facts)
    }

    /// The same with the time zone made on first use by `zone` (the edge
    /// passes the system's: asking for it costs before the first frame).
    public init(environment: Environment, zone: @escaping @Sendable () -> TimeZone, facts: LaunchFacts? = nil) {
        let identifiers = Identifiers(
            numeric: UserLocale.identifier(for: .numeric, environment: environment),
            time: UserLocale.identifier(for: .time, environment: environment),
            monetary: UserLocale.identifier(for: .monetary, environment: environment))
        source = Source(identifiers: identifiers, made: Made(), facts: facts, zone: zone)
    }

    /// The weight screen's date pattern for the time locale, kept from an
    /// earlier launch or captured now (`LongDatePattern`): used by
    /// `longDateShortTime` instead of a formatter while it is this locale's.
    public var datePattern: LongDatePattern? {
        get { source.datePattern }
        nonmutating set { source.datePattern = newValue }
    }

    /// The numeric locale's decimal separator ("." when it has none).
    public var decimalSeparator: Character {
        if let facts = source.facts, facts.numericIdentifier == numericIdentifier, let kept = facts.decimalSeparator {
            return kept
        }
        return numeric.decimalSeparator?.first ?? "."
    }

    /// The time zone's offset from UTC at `date`, in seconds.
    public func secondsFromGMT(for date: Date) -> Int {
        if let zone = source.facts?.zone, let offset = zone.offset(at: date) { return offset }
        return timeZone.secondsFromGMT(for: date)
    }

    /// The facts a launch keeps for the next one, read from ICU and the
    /// system time zone (this builds them). The kept zone window stays
    /// while it holds `now` with the same offset, so that the file is not
    /// rewritten at every launch.
    public func refreshedFacts(_ kept: LaunchFacts?, now: Date, zoneKey: String?) -> LaunchFacts {
        var zone: LaunchFacts.ZoneOffset?
        if let zoneKey {
            let offset = timeZone.secondsFromGMT(for: now)
            if let old = kept?.zone, old.key == zoneKey, old.offset(at: now) == offset {
                zone = old
            } else {
                zone = .capture(key: zoneKey, timeZone: timeZone, now: now)
            }
        }
        return LaunchFacts(numericIdentifier: numericIdentifier, decimalSeparator: numeric.decimalSeparator?.first ?? ".", zone: zone)
    }

    /// Checks the kept facts against ICU and the time zone (building
    /// them), and stops using any that disagree. True when all agreed.
    @discardableResult
    public func settle(now: Date) -> Bool {
        guard let facts = source.facts else { return true }
        let separatorAgrees =
            facts.numericIdentifier != numericIdentifier || facts.decimalSeparator == nil
            || facts.decimalSeparator == (numeric.decimalSeparator?.first ?? ".")
        let zoneAgrees = facts.zone.map { zone in zone.offset(at: now).map { $0 == timeZone.secondsFromGMT(for: now) } ?? true } ?? true
        if separatorAgrees && zoneAgrees { return true }
        source.dropFacts()
        return false
    }

    /// "November 21, 2026 at 12:00 PM" under en_US. A DateFormatter with
    /// fixed styles reads its pattern straight from the locale's data;
    /// `Date.FormatStyle` builds one through ICU's pattern generator, which
    /// is slower still (docs/MEASURED.md).
    /// Formatting from a kept `LongDatePattern` for this locale (captured
    /// from the same formatter) saves building one at launch.
    public func longDateShortTime(_ date: Date) -> String {
        if let kept = datePattern, kept.localeIdentifier == timeIdentifier,
            let text = kept.format(date, secondsFromGMT: secondsFromGMT(for: date))
        {
            return text
        }
        return LongDatePattern.formatter(locale: time, timeZone: timeZone).string(from: date)
    }

    // MARK: Made on first use

    struct Identifiers: Sendable {
        var numeric: String
        var time: String
        var monetary: String
    }

    enum Kind { case numeric, time, monetary }

    struct Made: Sendable {
        var numeric: Locale?
        var time: Locale?
        var monetary: Locale?
        var timeZone: TimeZone?
    }

    final class Source: Sendable {
        let identifiers: Identifiers
        private let made: Mutex<Made>
        private let kept: Mutex<LaunchFacts?>
        private let pattern = Mutex<LongDatePattern?>(nil)
        private let zone: @Sendable () -> TimeZone

        init(identifiers: Identifiers, made: Made, facts: LaunchFacts?, zone: @escaping @Sendable () -> TimeZone = { .gmt }) {
            self.identifiers = identifiers
            self.made = Mutex(made)
            self.kept = Mutex(facts)
            self.zone = zone
        }

        var datePattern: LongDatePattern? {
            get { pattern.withLock { $0 } }
            set { pattern.withLock { $0 = newValue } }
        }

        var facts: LaunchFacts? { kept.withLock { $0 } }
        func dropFacts() { kept.withLock { $0 = nil } }

        func locale(_ kind: Kind) -> Locale {
            made.withLock { made in
                switch kind {
                case .numeric:
                    if let locale = made.numeric { return locale }
                    made.numeric = Locale(identifier: identifiers.numeric)
                    return made.numeric!
                case .time:
                    if let locale = made.time { return locale }
                    made.time = Locale(identifier: identifiers.time)
                    return made.time!
                case .monetary:
                    if let locale = made.monetary { return locale }
                    made.monetary = Locale(identifier: identifiers.monetary)
                    return made.monetary!
                }
            }
        }

        var timeZone: TimeZone {
            made.withLock { made in
                if let zone = made.timeZone { return zone }
                made.timeZone = zone()
                return made.timeZone!
            }
        }
    }
}

/// What a launch learnt from ICU and the system time zone that the next
/// launch's first frame needs, kept so that it need not ask them again
/// (see `GrocerApp.FirstFrameCache`): the numeric locale's decimal
/// separator, and the time zone's offset until its next transition. Both
/// are only as good as what they were read for: the separator for that
/// locale identifier (in that executable: ICU's data is inside it), the
/// offset for the same time zone settings (`key`) and only within its
/// window.
public struct LaunchFacts: Equatable, Sendable {
    public var numericIdentifier: String
    public var decimalSeparator: Character?
    public var zone: ZoneOffset?

    public init(numericIdentifier: String, decimalSeparator: Character?, zone: ZoneOffset?) {
        self.numericIdentifier = numericIdentifier
        self.decimalSeparator = decimalSeparator
        self.zone = zone
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
