import Foundation
import GrocerCore
import Testing

@testable import GrocerExchange

/// A file to import is untrusted: huge lines, wrong encodings, hostile XML.
/// Each fixture is made here.
@Suite struct HostileImportTests {
    let fixture = ImportFixture()

    static let record = "<Record type=\"HKQuantityTypeIdentifierBodyMass\" unit=\"kg\" startDate=\"2026-01-05 07:30:00 +0000\" value=\"72.5\"/>"

    /// Entities are never declared nor expanded: a "billion laughs" DTD is
    /// skipped, and `&lol9;` stays text (so the value is not a weight).
    @Test func xmlEntitiesAreNotExpandedAndExternalOnesNotFetched() throws {
        let laughs = (1...9).map { "<!ENTITY lol\($0) \"" + String(repeating: "&lol\($0 - 1);", count: 10) + "\">" }.joined(separator: "\n")
        let (_, items) = try fixture.read(
            """
            <?xml version="1.0"?>
            <!DOCTYPE HealthData [
            <!ENTITY lol0 "lol">
            \(laughs)
            <!ENTITY xxe SYSTEM "file:///etc/passwd">
            ]>
            <HealthData>
            <Record type="HKQuantityTypeIdentifierBodyMass" unit="kg" startDate="2026-01-05 07:30:00 +0000" value="&lol9;"/>
            <Record type="HKQuantityTypeIdentifierBodyMass" unit="kg" startDate="2026-01-06 07:30:00 +0000" value="&xxe;"/>
            <!-- a comment with <Record type="HKQuantityTypeIdentifierBodyMass"> inside --->
            <![CDATA[ <Record type="HKQuantityTypeIdentifierBodyMass" value="1"/> ]]>
            <Record type='HKQuantityTypeIdentifierBodyMass' unit='kg' startDate='2026-01-07 07:30:00 +0000' value='&#55;1.5'/>
            </HealthData>
            """)
        #expect(
            ImportFixture.summary(items) == [
                "16 ! '&lol9;' is not a weight (a decimal with '.', e.g. 72.5)",
                "17 ! '&xxe;' is not a weight (a decimal with '.', e.g. 72.5)",
                "20 2026-01-07T07:30:00Z 71.5 kg",
            ])
    }

    @Test func anEndlessXMLTagStopsAtTheLimitInsteadOfFillingMemory() throws {
        let huge =
            "<HealthData>\n<Record type=\"HKQuantityTypeIdentifierBodyMass\" note=\"" + String(repeating: "a", count: XMLTagScanner.tagLimit + 10)
        #expect(throws: ImportError.malformed(line: 2, "a tag longer than 1024 KiB")) { try fixture.read(huge) }
    }

    @Test func anEndlessCSVLineStopsAtTheLimit() throws {
        let huge = "recorded_at,value,unit\n2026-01-05T07:30:00Z,\"" + String(repeating: "7", count: CSVRecordReader.recordLimit + 10)
        #expect(throws: ImportError.malformed(line: 2, "a record longer than 1024 KiB")) { try fixture.read(huge) }
    }

    @Test func anEndlessJSONStringStopsAtTheLimit() throws {
        let huge = "[{\"recordedAt\": \"" + String(repeating: "2", count: JSONImport.valueLimit + 10)
        #expect(throws: ImportError.malformed(line: 1, "a string longer than 64 KiB")) { try fixture.read(huge) }
    }

    @Test func utf16AndBinaryFilesAreRefusedWithTheReason() throws {
        var utf16 = Data([0xFF, 0xFE])
        utf16.append("recorded_at,value,unit\n".data(using: .utf16LittleEndian)!)
        let url = fixture.folder.appendingPathComponent("utf16.csv")
        try utf16.write(to: url)
        #expect(throws: ImportError.unreadable("it is UTF-16 text; save it as UTF-8 and import that")) {
            try ImportReader(timeZone: .gmt, defaultUnit: .kg).read(fileAt: url) { _ in }
        }
        #expect(throws: ImportError.unreadable("it holds binary data, not text")) { try fixture.read("SQLite format 3\u{0}\u{0}") }
    }

    /// Latin-1 bytes in a comment column do not stop a file; a row's
    /// broken bytes are shown as U+FFFD in its reason.
    @Test func latin1BytesDoNotStopTheRest() throws {
        var bytes = Array("recorded_at,value,unit\n2026-01-05T07:30:00Z,72.5,kg\n2026-01-06T07:30:00Z,7".utf8)
        bytes += [0xE9] + Array(",kg\n".utf8)
        let url = fixture.folder.appendingPathComponent("latin1.csv")
        try Data(bytes).write(to: url)
        var items: [ImportItem] = []
        try ImportReader(timeZone: .gmt, defaultUnit: .kg).read(fileAt: url) { items.append($0) }
        #expect(
            ImportFixture.summary(items) == ["2 2026-01-05T07:30:00Z 72.5 kg", "3 ! '7\u{FFFD}' is not a weight (a decimal with '.', e.g. 72.5)"])
    }

    @Test func timesBefore1900OrInTheFutureAreRejectedAndNamed() throws {
        let now = Date(timeIntervalSince1970: 1_795_262_400)  // 2026-11-21 12:00 UTC
        let text =
            "recorded_at,value,unit\n0000-06-01T00:00:00Z,72.5,kg\n1899-12-31T23:59:59Z,72.5,kg\n1900-01-01T00:00:00Z,72.5,kg\n2026-11-21T12:05:00Z,72.5,kg\n2030-01-05T07:30:00Z,72.5,kg\n"
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("grocer-future-\(UUID().uuidString).csv")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(text.utf8).write(to: url)
        var items: [ImportItem] = []
        try ImportReader(timeZone: .gmt, defaultUnit: .kg, now: now).read(fileAt: url) { items.append($0) }
        #expect(
            ImportFixture.summary(items) == [
                "2 ! '0000-06-01T00:00:00Z' is before 1900: grocer takes weigh-ins from 1900 on",
                "3 ! '1899-12-31T23:59:59Z' is before 1900: grocer takes weigh-ins from 1900 on",
                "4 1900-01-01T00:00:00Z 72.5 kg",
                "5 2026-11-21T12:05:00Z 72.5 kg",
                "6 ! '2030-01-05T07:30:00Z' is in the future: a weigh-in can be at most 5 minutes after now",
            ])
    }

    /// grocer's JSON carries ids, kept by an empty store so a round trip
    /// gives the same bytes; but not one past 2^31 (an id of 2^63-1 made
    /// every later id random), and an id is never "a field not kept".
    @Test func grocerJSONIdsAreReadWhenPositiveAndModest() throws {
        let entry = { (id: String) in "{\"id\": \(id), \"recordedAt\": \"2026-01-05T07:30:00Z\", \"value\": 1, \"unit\": \"kg\"}" }
        let text = "[" + ["42", "-3", "9223372036854775807", "2147483648", "2147483649"].map(entry).joined(separator: ",") + "]"
        let (_, items) = try fixture.read(text)
        #expect(ImportFixture.rows(items).map(\.id) == [42, nil, nil, 2_147_483_648, nil])
        let (_, reading, _) = try fixture.report(text)
        #expect(reading.notKept.isEmpty)
    }
}
