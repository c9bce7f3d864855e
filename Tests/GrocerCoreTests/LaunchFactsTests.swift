import Foundation
import Testing

@testable import GrocerCore

/// The locales build their ICU values on first use; until then the facts a
/// previous launch kept answer for them, and `settle` holds them to ICU.
@Suite struct LaunchFactsTests {
    static let noon = Date(timeIntervalSince1970: 1_795_262_400)  // 2026-11-21 12:00 UTC
    static let utc = TimeZone(identifier: "UTC")!

    static func zone(_ offset: Int, around date: Date = noon, key: String = "k") -> LaunchFacts.ZoneOffset {
        let at = Int(date.timeIntervalSince1970)
        return LaunchFacts.ZoneOffset(key: key, secondsFromGMT: offset, since: at - 3600, until: at + 3600)
    }

    @Test func theKeptSeparatorAnswersForItsLocaleUntilSettled() {
        // A separator en_US does not have, to tell the kept one from ICU's.
        let facts = LaunchFacts(numericIdentifier: "en_US", decimalSeparator: ",", zone: nil)
        let locales = Locales(environment: ["LANG": "en_US.UTF-8"], timeZone: Self.utc, facts: facts)
        #expect(locales.decimalSeparator == ",")
        #expect(locales.settle(now: Self.noon) == false)
        #expect(locales.decimalSeparator == ".")
    }

    @Test func aSeparatorKeptForAnotherLocaleIsNotUsed() {
        let facts = LaunchFacts(numericIdentifier: "de_DE", decimalSeparator: ".", zone: nil)
        let locales = Locales(environment: ["LANG": "de_DE.UTF-8", "LC_NUMERIC": "fr_FR.UTF-8"], timeZone: Self.utc, facts: facts)
        #expect(locales.decimalSeparator == ",")
    }

    @Test func theKeptOffsetAnswersOnlyInsideItsWindow() {
        let facts = LaunchFacts(numericIdentifier: "en_US", decimalSeparator: ".", zone: Self.zone(3600))
        let locales = Locales(environment: [:], timeZone: Self.utc, facts: facts)
        #expect(locales.secondsFromGMT(for: Self.noon) == 3600)
        #expect(locales.secondsFromGMT(for: Self.noon.addingTimeInterval(7200)) == 0)
        #expect(locales.secondsFromGMT(for: Self.noon.addingTimeInterval(-7200)) == 0)
    }

    @Test func aWrongOffsetIsDroppedWhenSettled() {
        let facts = LaunchFacts(numericIdentifier: "en_US", decimalSeparator: ".", zone: Self.zone(3600))
        let locales = Locales(environment: [:], timeZone: Self.utc, facts: facts)
        #expect(locales.settle(now: Self.noon) == false)
        #expect(locales.secondsFromGMT(for: Self.noon) == 0)
    }

    @Test func rightFactsAreKeptWhenSettled() {
        let newYork = TimeZone(identifier: "America/New_York")!
        let facts = LaunchFacts(numericIdentifier: "de_DE", decimalSeparator: ",", zone: Self.zone(-5 * 3600))
        let locales = Locales(environment: ["LANG": "de_DE.UTF-8"], timeZone: newYork, facts: facts)
        #expect(locales.settle(now: Self.noon))
        #expect(locales.decimalSeparator == ",")
        #expect(locales.secondsFromGMT(for: Self.noon) == -5 * 3600)
    }

    /// The window ends at the zone's next transition, where the offset
    /// changes: New York's clocks go forward on 2027-03-14 at 07:00 UTC.
    @Test func aCapturedWindowEndsAtTheNextTransition() {
        let newYork = TimeZone(identifier: "America/New_York")!
        let zone = LaunchFacts.ZoneOffset.capture(key: "k", timeZone: newYork, now: Self.noon)
        #expect(zone.secondsFromGMT == -5 * 3600)
        #expect(zone.since == 1_795_262_400)
        #expect(zone.until == 1_805_007_600)
        #expect(zone.offset(at: Date(timeIntervalSince1970: 1_805_007_599)) == -5 * 3600)
        #expect(zone.offset(at: Date(timeIntervalSince1970: 1_805_007_600)) == nil)
    }

    @Test func aZoneWithoutTransitionsIsCheckedAgainWithinAYear() {
        let zone = LaunchFacts.ZoneOffset.capture(key: "k", timeZone: Self.utc, now: Self.noon)
        #expect(zone.until == zone.since + 366 * 86_400)
    }

    @Test func refreshingKeepsAWindowThatStillHolds() {
        let newYork = TimeZone(identifier: "America/New_York")!
        let locales = Locales(environment: [:], timeZone: newYork)
        let kept = LaunchFacts(numericIdentifier: "en_US", decimalSeparator: ".", zone: Self.zone(-5 * 3600, key: "same"))
        #expect(locales.refreshedFacts(kept, now: Self.noon, zoneKey: "same") == kept)
        let moved = locales.refreshedFacts(kept, now: Self.noon, zoneKey: "other")
        #expect(moved.zone?.key == "other")
        #expect(moved.zone?.until == 1_805_007_600)
        #expect(locales.refreshedFacts(kept, now: Self.noon, zoneKey: nil).zone == nil)
    }

    @Test func theDateUsesTheKeptOffset() throws {
        let pattern = try #require(LongDatePattern.capture(locale: Locale(identifier: "en_US"), timeZone: Self.utc))
        let text = pattern.format(Self.noon, secondsFromGMT: 3600)?.replacingOccurrences(of: "\u{202F}", with: " ")
        #expect(text == "November 21, 2026 at 1:00 PM")
    }
}
