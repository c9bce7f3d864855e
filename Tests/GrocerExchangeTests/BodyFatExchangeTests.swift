import Foundation
import GrocerCore
import Testing

@testable import GrocerExchange

/// Body fat in grocer's own files (issue 34): written by the export, read
/// back by the import, exactly.
@Suite struct BodyFatExchangeTests {
    let fixture = ImportFixture()

    func export(_ format: ExportWriter.Format) throws -> String {
        var bytes: [UInt8] = []
        var writer = ExportWriter(format: format) { bytes.append(contentsOf: $0) }
        try writer.append(id: 1, seconds: 1_767_598_200, digits: "72.50", unit: .kg, note: "after a run", bodyFat: "18.40")
        try writer.append(id: 2, seconds: 1_767_684_600, digits: "180", unit: .lbs, note: "")
        try writer.append(id: 3, seconds: 1_767_771_000, digits: "72.4", unit: .kg, note: "", bodyFat: "9.05")
        try writer.finish()
        return String(decoding: bytes, as: UTF8.self)
    }

    static let rows = [
        "2 2026-01-05T07:30:00Z 72.50 kg fat 18.40 | after a run", "3 2026-01-06T07:30:00Z 180 lbs", "4 2026-01-07T07:30:00Z 72.4 kg fat 9.05",
    ]

    @Test func theCSVCarriesItInItsLastColumnAndReadsBack() throws {
        let csv = try export(.csv)
        #expect(
            csv
                == "recorded_at,value,unit,note,body_fat\r\n2026-01-05T07:30:00Z,72.50,kg,after a run,18.40\r\n"
                + "2026-01-06T07:30:00Z,180,lbs,,\r\n2026-01-07T07:30:00Z,72.4,kg,,9.05\r\n")
        let (format, reading, rows) = try fixture.report(csv)
        #expect(format == .grocer && reading.notKept.isEmpty)
        #expect(rows == Self.rows)
    }

    @Test func theJSONCarriesItWhenThereIsOneAndReadsBack() throws {
        let json = try export(.json)
        #expect(
            json.contains(#"{"id": 1, "recordedAt": "2026-01-05T07:30:00Z", "value": 72.50, "unit": "kg", "note": "after a run", "bodyFat": 18.40}"#))
        #expect(json.contains(#"{"id": 2, "recordedAt": "2026-01-06T07:30:00Z", "value": 180, "unit": "lbs", "note": ""}"#))
        let (format, reading, rows) = try fixture.report(json)
        #expect(format == .grocer && reading.notKept.isEmpty)
        // JSON rows are numbered by entry.
        #expect(rows.map { $0.drop { $0 != " " } } == Self.rows.map { $0.drop { $0 != " " } })
        let (_, _, null) = try fixture.report(#"[{"recordedAt": "2026-01-05T07:30:00Z", "value": 72.5, "unit": "kg", "bodyFat": null}]"#)
        #expect(null == ["1 2026-01-05T07:30:00Z 72.5 kg"])
    }

    /// `weight list`'s lines: the body fat after the weight.
    @Test func theListShowsItBesideTheWeight() throws {
        var bytes: [UInt8] = []
        var writer = ExportWriter(lines: nil) { bytes.append(contentsOf: $0) }
        try writer.append(id: 1, seconds: 1_767_598_200, digits: "72.50", unit: .kg, note: "run", bodyFat: "18.4")
        try writer.append(id: 2, seconds: 1_767_684_600, digits: "72.4", unit: .kg)
        try writer.finish()
        #expect(
            String(decoding: bytes, as: UTF8.self)
                == "1\t2026-01-05T07:30:00Z\t72.50 kg\t18.4 % fat\trun\n2\t2026-01-06T07:30:00Z\t72.4 kg\n")
    }
}
