import Foundation
import Synchronization

/// The three locales a screen needs and the time zone dates are shown in.
///
/// Built from the environment, the `Locale` and `TimeZone` values are made
/// on first use, not at launch: building them (ICU's locale data, the
/// system time zone's rules) is a large part of the time to the first
/// frame (docs/MEASURED.md). What the first frame needs from them comes
/// from `LaunchHints` an earlier launch kept, not from here.
public struct Locales: Sendable {
    private let source: Source
    /// The language grocery names are looked up in (LC_MESSAGES: the
    /// catalogue's, issue 33).
    public let language: CatalogueLanguage

    public var numeric: Locale { source.locale(.numeric) }
    public var time: Locale { source.locale(.time) }
    public var monetary: Locale { source.locale(.monetary) }
    public var timeZone: TimeZone { source.timeZone }

    /// The identifiers, known without building a `Locale`.
    public var numericIdentifier: String { source.identifiers.numeric }
    public var timeIdentifier: String { source.identifiers.time }

    public init(numeric: Locale, time: Locale, monetary: Locale, timeZone: TimeZone, language: CatalogueLanguage = .english) {
        self.language = language
        source = Source(
            identifiers: Identifiers(numeric: numeric.identifier, time: time.identifier, monetary: monetary.identifier),
            made: Made(numeric: numeric, time: time, monetary: monetary, timeZone: timeZone))
    }

    /// The person's locales from the environment (`UserLocale`), in
    /// `timeZone`.
    public init(environment: Environment, timeZone: TimeZone) {
        self.init(environment: environment, zone: { timeZone })
    }

    /// The same with the time zone made on first use by `zone` (the edge
    /// passes the system's: asking for it costs before the first frame).
    public init(environment: Environment, zone: @escaping @Sendable () -> TimeZone) {
        let identifiers = Identifiers(
            numeric: UserLocale.identifier(for: .numeric, environment: environment),
            time: UserLocale.identifier(for: .time, environment: environment),
            monetary: UserLocale.identifier(for: .monetary, environment: environment))
        source = Source(identifiers: identifiers, made: Made(), zone: zone)
        language = CatalogueLanguage(environment: environment)
    }

    /// "November 21, 2026 at 12:00 PM" under en_US, from ICU. A
    /// DateFormatter with fixed styles reads its pattern straight from the
    /// locale's data; `Date.FormatStyle` builds one through ICU's pattern
    /// generator, which is slower still (docs/MEASURED.md). The weight
    /// screen formats from a kept pattern when it can
    /// (`LaunchHints.longDateShortTime`).
    public func longDateShortTime(_ date: Date) -> String {
        LongDatePattern.formatter(locale: time, timeZone: timeZone).string(from: date)
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
        private let zone: @Sendable () -> TimeZone

        init(identifiers: Identifiers, made: Made, zone: @escaping @Sendable () -> TimeZone = { .gmt }) {
            self.identifiers = identifiers
            self.made = Mutex(made)
            self.zone = zone
        }

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
