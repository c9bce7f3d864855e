import Foundation
import GrocerCore
import Testing

@testable import GrocerExchange

/// grocer's own formats: the CSV `grocer weight export` writes and the JSON of `grocer weight list --json`.
@Suite struct GrocerImportTests {
    let fixture = ImportFixture()

    @Test func readsGrocerCSVRowsAndListsBadOnesByLine() throws {
        let (format, items) = try fixture.read(
            """
            recorded_at,value,unit
            2026-01-05T07:30:00Z,72.50,kg
            2026-01-06T07:30:00+01:00,180.125,lbs
            yesterday,72.5,kg
            2026-01-07T07:30:00Z,72.5,st
            2026-01-08T07:30:00Z,-4,kg
            2026-01-09T07:30:00Z,72.5

            2026-01-10T07:30:00Z,681,kg
            2026-02-30T07:30:00Z,70,kg
            """)
        #expect(format == .grocer)
        #expect(
            ImportFixture.summary(items) == [
                "2 2026-01-05T07:30:00Z 72.50 kg",
                "3 2026-01-06T06:30:00Z 180.13 lbs rounded",
                "4 ! 'yesterday' is not a date and time grocer reads",
                "5 ! unit 'st' is not lbs or kg",
                "6 ! '-4' is not a weight (a decimal with '.', e.g. 72.5)",
                "7 ! 2 fields where the header has 3",
                "9 ! over the largest weight grocer takes (680 kg)",
                "10 ! '2026-02-30T07:30:00Z' is not a date and time grocer reads",
            ])
    }

    /// Readings of a value are remembered; each row still says it was rounded.
    @Test func aRepeatedValueIsReadTheSameEveryTimeInEitherUnit() throws {
        let (_, items) = try fixture.read(
            """
            recorded_at,value,unit
            2026-01-05T07:30:00Z,72.505,kg
            2026-01-06T07:30:00Z,72.505,kg
            2026-01-07T07:30:00Z,72.505,lbs
            2026-01-08T07:30:00Z,x,kg
            2026-01-09T07:30:00Z,x,kg
            """)
        #expect(
            ImportFixture.summary(items) == [
                "2 2026-01-05T07:30:00Z 72.51 kg rounded", "3 2026-01-06T07:30:00Z 72.51 kg rounded",
                "4 2026-01-07T07:30:00Z 72.51 lbs rounded",
                "5 ! 'x' is not a weight (a decimal with '.', e.g. 72.5)", "6 ! 'x' is not a weight (a decimal with '.', e.g. 72.5)",
            ])
    }

    @Test func aThreeLineCSVFromAStreamLikeStandardInput() throws {
        let stream = InputStream(data: Data("recorded_at,value,unit\n2026-01-05T07:30:00Z,72.5,kg\n2026-01-06T07:30:00Z,72.4,kg\n".utf8))
        var items: [ImportItem] = []
        let format = try ImportReader(timeZone: TimeZone(identifier: "UTC")!, defaultUnit: .kg).read(stream) { items.append($0) }
        #expect(format == .grocer)
        #expect(ImportFixture.summary(items) == ["2 2026-01-05T07:30:00Z 72.5 kg", "3 2026-01-06T07:30:00Z 72.4 kg"])
    }

    /// Past the bytes read to detect the format, a file stream on Linux says
    /// it has bytes until a read returns 0: the reader must not take that
    /// for an error.
    @Test func readsAFileLongerThanTheDetectionPrefixToTheEnd() throws {
        let rows = (0..<20_000).map { "2026-01-05T07:30:00Z,\(60 + $0 % 40).5,kg" }
        let (_, items) = try fixture.read("recorded_at,value,unit\n" + rows.joined(separator: "\n") + "\n")
        #expect(ImportFixture.rows(items).count == 20_000)
        #expect(ImportFixture.problems(items).isEmpty)
    }

    @Test func namingTheFormatChecksTheHeader() {
        #expect(throws: ImportError.notThisFormat(.grocer, "the first line is not recorded_at,value,unit")) {
            try fixture.read("when,weight\n2026-01-05,72.5\n", format: .grocer)
        }
        #expect(throws: ImportError.unknownFormat) { try fixture.read("when,how much\n2026-01-05,72.5\n") }
    }

    @Test func readsGrocerJSONAndKeepsTheDigitsAsWritten() throws {
        let (format, items) = try fixture.read(
            """
            [
              {"id": 1, "recordedAt": "2026-01-05T07:30:00Z", "value": 72.50, "unit": "kg"},
              {"id": 2, "recordedAt": "2026-01-06T07:30:00Z", "value": 180.555, "unit": "lb"},
              {"id": 3, "recordedAt": "2026-01-07T07:30:00Z", "value": "oops", "unit": "kg"},
              {"id": 4, "recordedAt": "2026-01-08T07:30:00Z", "value": 72.5},
              {"id": 5, "recordedAt": "2026-01-09 08:30", "value": 71, "unit": "kg"}
            ]
            """, zone: "Europe/Berlin")
        #expect(format == .grocer)
        #expect(
            ImportFixture.summary(items) == [
                "2 2026-01-05T07:30:00Z 72.50 kg",
                "3 2026-01-06T07:30:00Z 180.56 lbs rounded",
                "4 ! 'oops' is not a weight (a decimal with '.', e.g. 72.5)",
                "5 ! an entry needs recordedAt, value and unit",
                "6 2026-01-09T07:30:00Z 71 kg",
            ])
    }

    @Test func brokenJSONStopsWithTheLine() throws {
        var seen = 0
        let url = fixture.write("broken.json", "[\n{\"recordedAt\": \"2026-01-05T07:30:00Z\", \"value\": 72.5, \"unit\": \"kg\"}\n{\"value\": 1}\n]")
        #expect(throws: ImportError.malformed(line: 3, "expected ',' or ']' after an entry")) {
            try ImportReader(timeZone: .gmt, defaultUnit: .kg).read(fileAt: url) { _ in seen += 1 }
        }
        #expect(seen == 1)
        #expect(try fixture.read("[]").1.isEmpty)
    }

    @Test(arguments: [
        ("2026-01-05T07:30:00Z", "UTC", "2026-01-05T07:30:00Z"),
        ("2026-01-05T07:30:00.978691Z", "UTC", "2026-01-05T07:30:00Z"),
        ("2026-01-05T07:30:00-05:00", "UTC", "2026-01-05T12:30:00Z"),
        ("2026-01-05 07:30:00 +0100", "UTC", "2026-01-05T06:30:00Z"),
        ("2026-01-05 07:30", "America/New_York", "2026-01-05T12:30:00Z"),
        ("2026-07-05 07:30:00", "America/New_York", "2026-07-05T11:30:00Z"),
        ("2026-01-05", "America/New_York", "2026-01-05T17:00:00Z"),
        ("2026-11-01", "America/New_York", "2026-11-01T17:00:00Z"),
        ("2026-03-08 23:30", "America/New_York", "2026-03-09T03:30:00Z"),
        ("05.01.2026 07:30", "Europe/Berlin", "2026-01-05T06:30:00Z"),
    ])
    func timesWithoutAZoneAreLocalAndADateAloneIsNoon(text: String, zone: String, utc: String) {
        let time = ImportTime(timeZone: TimeZone(identifier: zone)!)
        #expect(time.parse(text) == ImportFixture.date(utc))
    }

    @Test(arguments: ["", "2026", "2026-13-01", "2026-01-32", "2026-01-05T25:00", "2026-01-05T07:30:00X", "2026-01-05T07:30:00+5", "2026/01/05"])
    func refusesWhatIsNotATime(text: String) {
        #expect(ImportTime(timeZone: .gmt).parse(text) == nil)
    }
}
