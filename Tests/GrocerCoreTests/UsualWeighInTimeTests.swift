import Foundation
import Testing

@testable import GrocerCore

/// The usual weigh-in time (issue 34): the median local time of the recent
/// weigh-ins, round midnight, in each instant's own offset.
@Suite struct UsualWeighInTimeTests {
    static let utc = TimeZone(identifier: "UTC")!
    static let berlin = TimeZone(identifier: "Europe/Berlin")!
    static let newYork = TimeZone(identifier: "America/New_York")!

    static func date(_ iso: String) -> Date { try! Date(iso, strategy: .iso8601) }

    @Test func noWeighInsHaveNoUsualTime() {
        #expect(UsualWeighInTime.minutes(of: [], timeZone: Self.utc) == nil)
    }

    @Test func theMedianOfTheLocalTimes() {
        let dates = ["2026-11-20T07:00:00Z", "2026-11-21T06:50:00Z", "2026-11-22T13:10:00Z", "2026-11-23T07:05:00Z", "2026-11-24T07:02:00Z"]
        #expect(UsualWeighInTime.minutes(of: dates.map(Self.date), timeZone: Self.utc) == 7 * 60 + 2)
    }

    @Test func anEvenCountTakesTheEarlierMiddleTime() {
        let dates = ["2026-11-20T07:00:00Z", "2026-11-21T07:10:00Z"]
        #expect(UsualWeighInTime.minutes(of: dates.map(Self.date), timeZone: Self.utc) == 7 * 60)
    }

    @Test func timesRoundMidnightStayAroundMidnight() {
        let dates = ["2026-11-20T23:50:00Z", "2026-11-21T00:10:00Z", "2026-11-22T00:20:00Z"]
        #expect(UsualWeighInTime.minutes(of: dates.map(Self.date), timeZone: Self.utc) == 10)
    }

    @Test func eachWeighInIsReadInItsOwnOffsetAcrossDST() {
        // 7:00 in Berlin in summer (UTC+2) and in winter (UTC+1).
        let dates = ["2026-07-01T05:00:00Z", "2026-07-02T05:00:00Z", "2026-12-01T06:00:00Z"]
        #expect(UsualWeighInTime.minutes(of: dates.map(Self.date), timeZone: Self.berlin) == 7 * 60)
        // The same instants in New York are 1:00, 1:00 and 1:00.
        #expect(UsualWeighInTime.minutes(of: dates.map(Self.date), timeZone: Self.newYork) == 60)
    }

    @Test func aDayAtTheUsualTimeIsThatLocalTime() {
        let day = CivilDay(year: 2026, month: 11, day: 3)
        #expect(UsualWeighInTime.date(day, minutes: 7 * 60, timeZone: Self.berlin) == Self.date("2026-11-03T06:00:00Z"))
        let summer = CivilDay(year: 2026, month: 7, day: 3)
        #expect(UsualWeighInTime.date(summer, minutes: 7 * 60, timeZone: Self.berlin) == Self.date("2026-07-03T05:00:00Z"))
    }

    @Test func aTimeTheClocksSkipMovesOnByTheGap() {
        // Berlin skips 2:00-3:00 on 2026-03-29: 2:30 is 3:30 (UTC+2).
        let spring = CivilDay(year: 2026, month: 3, day: 29)
        #expect(UsualWeighInTime.date(spring, minutes: 150, timeZone: Self.berlin) == Self.date("2026-03-29T01:30:00Z"))
        // 2:30 on 2026-10-25 happens twice: the first (UTC+2).
        let autumn = CivilDay(year: 2026, month: 10, day: 25)
        #expect(UsualWeighInTime.date(autumn, minutes: 150, timeZone: Self.berlin) == Self.date("2026-10-25T00:30:00Z"))
    }
}
