import Foundation
import GrocerCLI
import GrocerCore
import Testing

/// `--at`, `--since` and `--until` as typed on the command line.
@Suite struct WeightTimeParsingTests {
    static let newYork = TimeZone(identifier: "America/New_York")!

    static func utc(_ text: String) -> Date { try! Date(text, strategy: .iso8601) }

    @Test(arguments: [
        ("2026-01-05T07:30:00Z", "2026-01-05T07:30:00Z"),
        ("2026-01-05T07:30Z", "2026-01-05T07:30:00Z"),
        ("2026-01-05 07:30", "2026-01-05T12:30:00Z"),
        ("2026-01-05T07:30", "2026-01-05T12:30:00Z"),
        ("2026-01-05 07:30:15", "2026-01-05T12:30:15Z"),
        ("2026-01-05", "2026-01-05T17:00:00Z"),
        ("2026-07-05", "2026-07-05T16:00:00Z"),
        ("2024-02-29 23:59", "2024-03-01T04:59:00Z"),
        ("2026-01-05 7:30", "2026-01-05T12:30:00Z"),
        ("2026-01-05T7:30Z", "2026-01-05T07:30:00Z"),
    ])
    func takesUTCLocalTimesAndLocalDatesAtNoon(text: String, instant: String) throws {
        #expect(try WeightParsing.time(text, timeZone: Self.newYork) == Self.utc(instant))
    }

    @Test(arguments: [
        "", "noon", "2026-1-5", "2026-01-05 7:3", "2026-01-05 107:30", "2026-01-05 24:00", "tomorrow", "-2", "2d", "-d",
        "today  7:25", "yesterday 7", "-36501d", "2026-01-05 :30", "2026-01-05 07:60", "2026-02-30", "2025-02-29",
        "2026-13-01", "2026-01-05T07:30:00+01:00", "2026-01-05T07:30:00ZZ", "2026-01-05 07:30:61", "２０２６-01-05", "0000-01-01",
        // Numbers past any integer: refused, never a trap (issue 31).
        "-99999999999999999999d", "-9223372036854775808d", "99999999999999999999-01-01", "today 99999999999999999999:00",
        "2026-01-05 07:99999999999999999999",
        // A time alone that is not a time.
        "7:0", "25:00", ":30", "7:00:00:00", "7:00ZZ",
    ])
    func refusesAnythingElseNamingTheText(text: String) {
        #expect(throws: CommandError.notATime(text)) { try WeightParsing.time(text, timeZone: Self.newYork) }
    }

    /// The day as people say it when they backfill: today, yesterday, N
    /// days ago, each at a time or at 12:00, where the person is (at 03:00
    /// UTC on the 6th it is still the 5th in New York).
    @Test(arguments: [
        ("today", "2026-01-05T17:00:00Z"),
        ("today 7:25", "2026-01-05T12:25:00Z"),
        ("yesterday", "2026-01-04T17:00:00Z"),
        ("yesterday 21:10:05", "2026-01-05T02:10:05Z"),
        ("-2d", "2026-01-03T17:00:00Z"),
        ("-2d 07:30", "2026-01-03T12:30:00Z"),
        ("-0d 6:00Z", "2026-01-05T06:00:00Z"),
        // A time alone is today's (issue 34).
        ("7:00", "2026-01-05T12:00:00Z"),
        ("21:10:05", "2026-01-06T02:10:05Z"),
        ("6:00Z", "2026-01-05T06:00:00Z"),
    ])
    func relativeDaysAreLocalDaysBeforeNow(text: String, instant: String) throws {
        let now = Self.utc("2026-01-06T03:00:00Z")
        #expect(try WeightParsing.time(text, timeZone: Self.newYork, now: now) == Self.utc(instant))
    }

    @Test func aDateIsADayAndItsStartIsLocalMidnight() throws {
        let day = try WeightParsing.date("2026-03-08")
        #expect(day == CivilDay(year: 2026, month: 3, day: 8))
        #expect(WeightParsing.start(of: day, timeZone: Self.newYork) == Self.utc("2026-03-08T05:00:00Z"))
        #expect(WeightParsing.start(of: day.adding(days: 1), timeZone: Self.newYork) == Self.utc("2026-03-09T04:00:00Z"))
        #expect(throws: CommandError.notADate("2026-03-08 10:00")) { try WeightParsing.date("2026-03-08 10:00") }
    }
}
