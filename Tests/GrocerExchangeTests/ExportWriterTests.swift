import Foundation
import GrocerCore
import Testing

@testable import GrocerExchange

@Suite struct ExportWriterTests {
    typealias Row = (Int64, Int64, String, WeightUnit, String)

    static let entries: [Row] = [
        (1, 1_767_598_200, "72.50", .kg, "after a run"),  // 2026-01-05T07:30:00Z
        (2, 1_767_684_659, "180", .lbs, ""),  // 2026-01-06T07:30:59Z
        (7, 951_782_400, "0.5", .kg, #"leap day, "really" so"#),  // 2000-02-29T00:00:00Z
        (12, -1, "99.99", .lbs, "Москва 🏔"),  // 1969-12-31T23:59:59Z
    ]

    func export(_ format: ExportWriter.Format, _ rows: [Row]) throws -> (String, [Int]) {
        var bytes: [UInt8] = []
        var pieces: [Int] = []
        var writer = ExportWriter(format: format) { chunk in
            bytes.append(contentsOf: chunk)
            pieces.append(chunk.count)
        }
        for (id, seconds, digits, unit, note) in rows { try writer.append(id: id, seconds: seconds, digits: digits, unit: unit, note: note) }
        try writer.finish()
        return (String(decoding: bytes, as: UTF8.self), pieces)
    }

    @Test func writesRFC4180CSVWithTheValueAsTyped() throws {
        let (csv, _) = try export(.csv, Self.entries)
        #expect(
            csv == """
                recorded_at,value,unit,note,body_fat\r
                2026-01-05T07:30:00Z,72.50,kg,after a run,\r
                2026-01-06T07:30:59Z,180,lbs,,\r
                2000-02-29T00:00:00Z,0.5,kg,"leap day, ""really"" so",\r
                1969-12-31T23:59:59Z,99.99,lbs,Москва 🏔,\r

                """)
    }

    @Test func writesJSONAsWeightListDoes() throws {
        let (json, _) = try export(.json, Array(Self.entries.prefix(2)))
        #expect(
            json == """
                [
                  {"id": 1, "recordedAt": "2026-01-05T07:30:00Z", "value": 72.50, "unit": "kg", "note": "after a run"},
                  {"id": 2, "recordedAt": "2026-01-06T07:30:59Z", "value": 180, "unit": "lbs", "note": ""}
                ]

                """)
        #expect(try export(.json, []).0 == "[]\n")
        #expect(try export(.csv, []).0 == "recorded_at,value,unit,note,body_fat\r\n")
    }

    @Test func theTimeDigitsAgreeWithFoundationOverFourHundredYears() throws {
        var rows: [Row] = []
        var seconds: Int64 = -2_208_988_800  // 1900-01-01
        while seconds < 10_413_792_000 {  // 2300-01-01
            rows.append((1, seconds, "1", .kg, ""))
            seconds += 7_777_777
        }
        let (csv, _) = try export(.csv, rows)
        let style = Date.ISO8601FormatStyle(timeZone: TimeZone(identifier: "UTC")!)
        let expected = rows.map { Date(timeIntervalSince1970: TimeInterval($0.1)).formatted(style) + ",1,kg,,\r\n" }.joined()
        #expect(csv == "recorded_at,value,unit,note,body_fat\r\n" + expected)
    }

    @Test func handsOverTheBytesIn64KiBPieces() throws {
        let rows = (0..<10_000).map { (Int64($0), Int64(1_767_598_200 + $0), "72.50", WeightUnit.kg, "") }
        let (csv, pieces) = try export(.json, rows)
        #expect(pieces.count > 5)
        #expect(pieces.dropLast().allSatisfy { $0 >= 1 << 16 && $0 < (1 << 16) + 128 })
        #expect(pieces.reduce(0, +) == csv.utf8.count)
    }

    /// export -> import (into what an empty store would hold: ids 1, 2, ...) -> export,
    /// notes (with a comma, quotes, Cyrillic and an emoji) included.
    @Test(arguments: ExportWriter.Format.allCases)
    func exportImportExportIsByteIdentical(format: ExportWriter.Format) throws {
        let original = Self.entries.enumerated().map { (Int64($0.offset + 1), $0.element.1, $0.element.2, $0.element.3, $0.element.4) }
        let (first, _) = try export(format, original)
        let fixture = ImportFixture()
        let (read, items) = try fixture.read(first, zone: "Pacific/Auckland")
        #expect(read == .grocer)
        let rows = ImportFixture.rows(items)
        #expect(rows.count == original.count)
        let again = rows.enumerated().map {
            (
                Int64($0.offset + 1), Int64($0.element.recordedAt.timeIntervalSince1970), $0.element.value.digits, $0.element.value.unit,
                $0.element.note
            )
        }
        let (second, _) = try export(format, again)
        #expect(Array(second.utf8) == Array(first.utf8))
    }
}
