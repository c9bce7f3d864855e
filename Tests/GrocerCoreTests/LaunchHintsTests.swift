import Foundation
import Testing

@testable import GrocerCore

/// The hints a previous launch kept answer for the locales until the store
/// opens, and only for what they were kept for; `settled` is what ICU says.
@Suite struct LaunchHintsTests {
    static let noon = Date(timeIntervalSince1970: 1_795_262_400)  // 2026-11-21 12:00 UTC
    static let utc = TimeZone(identifier: "UTC")!

    static func zone(_ offset: Int, around date: Date = noon, key: String = "k") -> LaunchHints.ZoneOffset {
        let at = Int(date.timeIntervalSince1970)
        return LaunchHints.ZoneOffset(key: key, secondsFromGMT: offset, since: at - 3600, until: at + 3600)
    }

    @Test func theKeptSeparatorAnswersForItsLocaleAndSettlingGivesICUs() {
        // A separator en_US does not have, to tell the kept one from ICU's.
        let hints = LaunchHints(numeric: .init(identifier: "en_US", separator: ","))
        let locales = Locales(environment: ["LANG": "en_US.UTF-8"], timeZone: Self.utc)
        #expect(hints.decimalSeparator(locales) == ",")
        let settled = LaunchHints.settled(unit: .kg, locales: locales, kept: hints, now: Self.noon, zoneKey: nil)
        #expect(settled.decimalSeparator(locales) == ".")
        #expect(settled.numeric == .init(identifier: "en_US", separator: "."))
        #expect(settled.unit == .kg)
    }

    @Test func aSeparatorKeptForAnotherLocaleIsNotUsed() {
        let hints = LaunchHints(numeric: .init(identifier: "de_DE", separator: "."))
        let locales = Locales(environment: ["LANG": "de_DE.UTF-8", "LC_NUMERIC": "fr_FR.UTF-8"], timeZone: Self.utc)
        #expect(hints.decimalSeparator(locales) == ",")
    }

    @Test func theKeptOffsetAnswersOnlyInsideItsWindow() {
        let hints = LaunchHints(zone: Self.zone(3600))
        let locales = Locales(environment: [:], timeZone: Self.utc)
        #expect(hints.secondsFromGMT(Self.noon, locales) == 3600)
        #expect(hints.secondsFromGMT(Self.noon.addingTimeInterval(7200), locales) == 0)
        #expect(hints.secondsFromGMT(Self.noon.addingTimeInterval(-7200), locales) == 0)
    }

    @Test func aWrongOffsetIsReplacedWhenSettled() {
        let hints = LaunchHints(zone: Self.zone(3600))
        let locales = Locales(environment: [:], timeZone: Self.utc)
        let settled = LaunchHints.settled(unit: .lbs, locales: locales, kept: hints, now: Self.noon, zoneKey: "k")
        #expect(settled.secondsFromGMT(Self.noon, locales) == 0)
        #expect(settled.zone?.secondsFromGMT == 0)
    }

    @Test func settlingKeepsAWindowThatStillHolds() {
        let newYork = TimeZone(identifier: "America/New_York")!
        let locales = Locales(environment: [:], timeZone: newYork)
        let kept = LaunchHints(zone: Self.zone(-5 * 3600, key: "same"))
        #expect(LaunchHints.settled(unit: .lbs, locales: locales, kept: kept, now: Self.noon, zoneKey: "same").zone == kept.zone)
        let moved = LaunchHints.settled(unit: .lbs, locales: locales, kept: kept, now: Self.noon, zoneKey: "other")
        #expect(moved.zone?.key == "other")
        #expect(moved.zone?.until == 1_805_007_600)
        #expect(LaunchHints.settled(unit: .lbs, locales: locales, kept: kept, now: Self.noon, zoneKey: nil).zone == nil)
    }

    /// The window ends at the zone's next transition, where the offset
    /// changes: New York's clocks go forward on 2027-03-14 at 07:00 UTC.
    @Test func aCapturedWindowEndsAtTheNextTransition() {
        let newYork = TimeZone(identifier: "America/New_York")!
        let zone = LaunchHints.ZoneOffset.capture(key: "k", timeZone: newYork, now: Self.noon)
        #expect(zone.secondsFromGMT == -5 * 3600)
        #expect(zone.since == 1_795_262_400)
        #expect(zone.until == 1_805_007_600)
        #expect(zone.offset(at: Date(timeIntervalSince1970: 1_805_007_599)) == -5 * 3600)
        #expect(zone.offset(at: Date(timeIntervalSince1970: 1_805_007_600)) == nil)
    }

    @Test func aZoneWithoutTransitionsIsCheckedAgainWithinAYear() {
        let zone = LaunchHints.ZoneOffset.capture(key: "k", timeZone: Self.utc, now: Self.noon)
        #expect(zone.until == zone.since + 366 * 86_400)
    }

    @Test func theDateUsesTheKeptOffset() throws {
        let pattern = try #require(LongDatePattern.capture(locale: Locale(identifier: "en_US"), timeZone: Self.utc))
        let text = pattern.format(Self.noon, secondsFromGMT: 3600)?.replacingOccurrences(of: "\u{202F}", with: " ")
        #expect(text == "November 21, 2026 at 1:00 PM")
    }
}
