import Foundation
import GrocerCLI
import GrocerCore
import GrocerExchange
import GrocerStore
import Testing

/// Text that came from a file reaches the terminal shown, never obeyed.
@Suite struct TextOutputTests {
    static let hostile = "\u{1B}]0;pwned\u{07}\u{1B}[2Jmilk"

    @Test func anItemLineShowsControlCharacters() {
        let item = GroceryItem(id: 1, name: Self.hostile, quantity: 2, unit: GroceryUnit(id: 1, name: "\u{9B}31m"), listed: true, collected: true)
        #expect(ItemLine.text(item) == "1\t2 \\u{9B}31m\t^[]0;pwned^G^[[2Jmilk\tlisted, collected")
        let plain = GroceryItem(id: 2, name: "eggs", quantity: 12, unit: nil, listed: false, collected: false)
        #expect(ItemLine.text(plain) == "2\t12\teggs\t-")
    }

    static func status(path: String, table: String, detail: String) throws -> StoreStatus {
        let object: [String: Any] = [
            "path": path, "state": "current", "formatVersion": 5, "currentVersion": 5,
            "rows": [table: 3], "detail": detail,
        ]
        return try JSONDecoder().decode(StoreStatus.self, from: JSONSerialization.data(withJSONObject: object))
    }

    @Test func storeStatusTextShowsControlCharactersInPathTablesAndDetail() throws {
        let status = try Self.status(path: "/tmp/\u{1B}[2J.sqlite", table: "t\u{1B}]0;x\u{07}", detail: "bad\nline")
        #expect(
            StatusText.text(status) == """
                path:           /tmp/^[[2J.sqlite
                state:          current
                formatVersion:  5
                currentVersion: 5
                rows t^[]0;x^G: 3
                detail:         bad^Jline
                """)
    }

    @Test func storeStatusJSONEscapesControlCharacters() throws {
        let status = try Self.status(path: "/tmp/\u{1B}x", table: "t\u{07}", detail: "d\u{9B}2J\u{7F}")
        let json = try StatusText.json(status)
        #expect(!json.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(json.contains(#""path" : "\/tmp\/\u001bx""#) || json.contains(#""path" : "/tmp/\u001bx""#))
        #expect(json.contains(#""t\u0007" : 3"#))
        #expect(json.contains(#""detail" : "d\u009b2J\u007f""#))
        #expect(!json.unicodeScalars.contains { (0x7F...0x9F).contains($0.value) })
    }

    @Test func isoDatesAreUTC() {
        #expect(ISO8601.string(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00Z")
        #expect(ISO8601.string(Date(timeIntervalSince1970: 1_764_072_291.9)) == "2025-11-25T12:04:51Z")
        #expect(ISO8601.string(Date(timeIntervalSince1970: -1)) == "1969-12-31T23:59:59Z")
    }

    /// `weight list` shows local times to the minute, by the zone's offset
    /// at that instant (summer and winter, and the week a transition falls
    /// in), in the same calendar; UTC to the second with --utc.
    @Test func localTimesFollowTheZonesOffsetThen() throws {
        func lines(_ zone: String?, _ rows: [Int64]) throws -> [String] {
            var out: [UInt8] = []
            var writer = ExportWriter(lines: zone.map { LocalOffsets(zone: TimeZone(identifier: $0)!) }) { out += $0 }
            for (i, seconds) in rows.enumerated() { try writer.append(id: Int64(i + 1), seconds: seconds, digits: "72.5", unit: .kg) }
            try writer.finish()
            return String(decoding: out, as: UTF8.self).split(separator: "\n").map { String($0.split(separator: "\t")[1]) }
        }
        // Berlin: winter, summer, and either side of 2026-03-29 01:00 UTC.
        #expect(
            try lines("Europe/Berlin", [1_767_598_200, 1_783_236_600, 1_774_745_999, 1_774_746_000])
                == ["2026-01-05 08:30", "2026-07-05 09:30", "2026-03-29 01:59", "2026-03-29 03:00"])
        #expect(try lines("America/New_York", [1_767_598_200]) == ["2026-01-05 02:30"])
        #expect(try lines("UTC", [0]) == ["1970-01-01 00:00"])
        #expect(try lines(nil, [1_767_598_200]) == ["2026-01-05T07:30:00Z"])
    }

    /// `weight list` says what `weight export` writes for a row from before
    /// the Gregorian reform (Foundation's formatter turned Julian there):
    /// one proleptic Gregorian calendar, as ISO 8601 has it.
    @Test(arguments: [-62_135_596_800, -12_219_292_800, -12_219_292_801, -2_208_988_800 - 86_400, 253_402_300_799] as [Int64])
    func listAndExportAgreeBeforeTheGregorianReform(seconds: Int64) throws {
        var bytes: [UInt8] = []
        var writer = ExportWriter(format: .csv, sink: { bytes += Array($0) })
        try writer.append(id: 1, seconds: seconds, digits: "70", unit: .kg)
        try writer.finish()
        let exported = String(decoding: bytes, as: UTF8.self).split(separator: "\r\n")[1].split(separator: ",")[0]
        #expect(ISO8601.string(Date(timeIntervalSince1970: TimeInterval(seconds))) == String(exported))
    }
}
