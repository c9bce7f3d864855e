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
    ])
    func takesUTCLocalTimesAndLocalDatesAtNoon(text: String, instant: String) throws {
        #expect(try WeightParsing.time(text, timeZone: Self.newYork) == Self.utc(instant))
    }

    @Test(arguments: [
        "", "noon", "2026-1-5", "2026-01-05 7:30", "2026-01-05 24:00", "2026-01-05 07:60", "2026-02-30", "2025-02-29",
        "2026-13-01", "2026-01-05T07:30:00+01:00", "2026-01-05T07:30:00ZZ", "2026-01-05 07:30:61", "２０２６-01-05", "0000-01-01",
    ])
    func refusesAnythingElseNamingTheText(text: String) {
        #expect(throws: CommandError.notATime(text)) { try WeightParsing.time(text, timeZone: Self.newYork) }
    }

    @Test func aDateIsADayAndItsStartIsLocalMidnight() throws {
        let day = try WeightParsing.date("2026-03-08")
        #expect(day == CivilDay(year: 2026, month: 3, day: 8))
        #expect(WeightParsing.start(of: day, timeZone: Self.newYork) == Self.utc("2026-03-08T05:00:00Z"))
        #expect(WeightParsing.start(of: day.adding(days: 1), timeZone: Self.newYork) == Self.utc("2026-03-09T04:00:00Z"))
        #expect(throws: CommandError.notADate("2026-03-08 10:00")) { try WeightParsing.date("2026-03-08 10:00") }
    }
}
