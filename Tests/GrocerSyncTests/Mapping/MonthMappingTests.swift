import Foundation
import GrocerCore
import Testing

@testable import GrocerSync

/// A month of weights as one VJOURNAL (issue 35, docs/SYNC-FORMAT.md).
@Suite struct MonthMappingTests {
    let now = Date(timeIntervalSince1970: 1_795_000_000)
    let january = MonthMapping.Key(year: 2026, month: 1)

    func at(_ text: String) -> Date { ICalDate.date(ContentLine(name: "X", value: text))! }

    func entry(_ digits: String, _ unit: WeightUnit = .kg, _ time: String, note: String = "") -> SyncedWeight {
        SyncedWeight(weight: Weight(digits: digits, unit: unit)!, recordedAt: at(time), note: note)
    }

    func roundTrip(_ entries: [(uid: String, entry: SyncedWeight)], key: MonthMapping.Key? = nil) throws -> MonthMapping.Reading {
        let text = ICalendar.write(MonthMapping.write(entries, key: key ?? january, now: now))
        return try MonthMapping.read(try ICalendar.read(text), now: now)
    }

    func object(_ lines: [String], month: String = "2026-01") -> String {
        (["BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VJOURNAL", "UID:grocer-weights-\(month)", "X-GROCER-MONTH:\(month)"] + lines
            + ["END:VJOURNAL", "END:VCALENDAR"]).map { $0 + "\r\n" }.joined()
    }

    @Test func theMonthIsTheUTCMonthOfTheInstant() {
        // 23:30 on 31 January in New York is 04:30 on 1 February, UTC.
        #expect(MonthMapping.Key(at("20260201T043000Z")).uid == "grocer-weights-2026-02")
        #expect(MonthMapping.Key(at("20260131T235959Z")).uid == "grocer-weights-2026-01")
        #expect(MonthMapping.Key(year: 2026, month: 1, part: 2).uid == "grocer-weights-2026-01-part2")
    }

    @Test func writesWhatAPhoneShowsAndAnEntryPerLine() {
        let text = ICalendar.write(
            MonthMapping.write([("w1", entry("78.70", .kg, "20260103T071500Z", note: "after a run"))], key: january, now: now))
        let unfolded = text.replacingOccurrences(of: "\r\n ", with: "")
        for line in [
            "UID:grocer-weights-2026-01", "SUMMARY:Weights\\, January 2026", "DTSTART;VALUE=DATE:20260101", "X-GROCER-MONTH:2026-01",
            "DESCRIPTION:2026-01-03 07:15 UTC  78.70 kg  after a run",
            "X-GROCER-WEIGHT;X-GROCER-UID=w1;X-GROCER-UNIT=kg;X-GROCER-AT=20260103T071500Z;X-GROCER-NOTE=after a run:78.70",
        ] {
            #expect(unfolded.contains("\r\n" + line + "\r\n"), "\(line)")
        }
    }

    @Test func aRoundTripIsExact() throws {
        let entries: [(uid: String, entry: SyncedWeight)] = [
            ("a", entry("78.70", .kg, "20260103T071500Z")),
            ("b,\"odd\";uid:^x", entry("173.25", .lbs, "20260104T000000Z", note: "comma, semicolon; back\\slash \"quoted\" ünï 🏃")),
            ("c", entry("80", .kg, "20260131T235959Z", note: "  two  spaces inside  ".trimmingCharacters(in: .whitespaces))),
        ]
        let reading = try roundTrip(entries)
        #expect(reading.uid == "grocer-weights-2026-01" && reading.key == january && reading.setAside.isEmpty)
        #expect(reading.entries.map(\.uid) == entries.map(\.uid))
        #expect(reading.entries.map(\.entry) == entries.map(\.entry))
    }

    @Test func fourHundredEntriesGoIntoOnePartAndReadBack() throws {
        let entries = (0..<MonthMapping.entriesPerPart).map { index in
            (
                uid: "u\(index)",
                entry: SyncedWeight(
                    weight: Weight(digits: "80.\(index % 100)", unit: .kg)!,
                    recordedAt: at("20260101T000000Z").addingTimeInterval(Double(index) * 6000),
                    note: String(repeating: "é", count: 200))
            )
        }
        let text = ICalendar.write(MonthMapping.write(entries, key: january, now: now))
        let reading = try MonthMapping.read(try ICalendar.read(text), now: now)
        #expect(reading.entries.count == entries.count && reading.setAside.isEmpty)
        #expect(text.utf8.count < ICalendar.Limits.standard.maximumBytes)
        // DESCRIPTION stays readable by grocer and phones alike.
        let description = try #require(TodoMapping.master("VJOURNAL", in: try ICalendar.read(text))?.property("DESCRIPTION"))
        #expect(description.value.utf8.count <= 21_000)
        #expect(description.text.hasSuffix("more"))
    }

    @Test(arguments: [
        ("X-GROCER-WEIGHT;X-GROCER-UNIT=kg;X-GROCER-AT=20260103T071500Z:78.70", nil as String?),
        ("X-GROCER-WEIGHT;X-GROCER-UID=bad-date;X-GROCER-UNIT=kg;X-GROCER-AT=20261303T071500Z:78.70", "bad-date"),
        ("X-GROCER-WEIGHT;X-GROCER-UID=early;X-GROCER-UNIT=kg;X-GROCER-AT=18000103T071500Z:78.70", "early"),
        ("X-GROCER-WEIGHT;X-GROCER-UID=ahead;X-GROCER-UNIT=kg;X-GROCER-AT=20990103T071500Z:78.70", "ahead"),
        ("X-GROCER-WEIGHT;X-GROCER-UID=floating;X-GROCER-UNIT=kg;X-GROCER-AT=20260103T071500:78.70", "floating"),
        ("X-GROCER-WEIGHT;X-GROCER-UID=zero;X-GROCER-UNIT=kg;X-GROCER-AT=20260103T071500Z:0", "zero"),
        ("X-GROCER-WEIGHT;X-GROCER-UID=huge;X-GROCER-UNIT=kg;X-GROCER-AT=20260103T071500Z:99999", "huge"),
        ("X-GROCER-WEIGHT;X-GROCER-UID=unit;X-GROCER-UNIT=furlong;X-GROCER-AT=20260103T071500Z:78", "unit"),
        ("X-GROCER-WEIGHT;X-GROCER-UID=parts;X-GROCER-UNIT=kg;X-GROCER-AT=20260103T071500Z:78,a", "parts"),
        ("X-GROCER-WEIGHT;X-GROCER-UID=\"ctl\u{7}\";X-GROCER-UNIT=kg;X-GROCER-AT=20260103T071500Z:78", nil),
    ])
    func anEntryLineGrocerCannotReadIsSetAsideAlone(_ line: String, _ uid: String?) throws {
        let text = object([line, "X-GROCER-WEIGHT;X-GROCER-UID=good;X-GROCER-UNIT=kg;X-GROCER-AT=20260105T071500Z:80.10"])
        let reading = try MonthMapping.read(try ICalendar.read(text), now: now)
        #expect(reading.entries.map(\.uid) == ["good"])
        #expect(reading.setAside.count == 1)
        #expect(reading.setAside.first?.uid == uid)
    }

    @Test func aSecondEntryWithOneUIDIsSetAsideAndTheFirstRead() throws {
        let text = object([
            "X-GROCER-WEIGHT;X-GROCER-UID=twice;X-GROCER-UNIT=kg;X-GROCER-AT=20260105T071500Z:80.10",
            "X-GROCER-WEIGHT;X-GROCER-UID=twice;X-GROCER-UNIT=kg;X-GROCER-AT=20260106T071500Z:99.10",
        ])
        let reading = try MonthMapping.read(try ICalendar.read(text), now: now)
        #expect(reading.entries.map(\.entry.weight.digits) == ["80.10"])
        #expect(reading.setAside.map(\.uid) == ["twice"])
    }

    @Test func aNoteWithControlCharactersIsCleanedAsAnImportCleansIt() throws {
        let text = object(["X-GROCER-WEIGHT;X-GROCER-UID=n;X-GROCER-UNIT=kg;X-GROCER-AT=20260105T071500Z;X-GROCER-NOTE=\"one^ntwo\u{1B}three\":80.10"]
        )
        let reading = try MonthMapping.read(try ICalendar.read(text), now: now)
        #expect(reading.entries.first?.entry.note == "one two three")
    }

    @Test func linesAndEntriesGrocerCannotReadAreKeptWhenItWritesTheMonthAgain() throws {
        let text = object([
            "X-PHONE-COLOUR:blue",
            "X-GROCER-WEIGHT;X-GROCER-UID=ahead;X-GROCER-UNIT=kg;X-GROCER-AT=20990103T071500Z:78.70",
            "X-GROCER-WEIGHT;X-GROCER-UID=good;X-GROCER-UNIT=kg;X-GROCER-AT=20260105T071500Z:80.10",
        ])
        let written = ICalendar.write(
            MonthMapping.write([("new", entry("81", .kg, "20260106T071500Z"))], key: january, now: now, updating: try ICalendar.read(text)))
        #expect(written.contains("\r\nX-PHONE-COLOUR:blue\r\n"))
        #expect(written.contains("X-GROCER-UID=ahead;X-GROCER-UNIT=kg;X-GROCER-AT=20990103T071500Z:78.70\r\n"))
        let reading = try MonthMapping.read(try ICalendar.read(written), now: now)
        #expect(reading.entries.map(\.uid) == ["new"])
        #expect(reading.setAside.map(\.uid) == ["ahead"])
    }

    @Test func writingTheSameEntriesAgainChangesNoByte() throws {
        let entries: [(uid: String, entry: SyncedWeight)] = [("a", entry("78.70", .kg, "20260103T071500Z", note: "x"))]
        let first = MonthMapping.write(entries, key: january, now: now)
        let again = MonthMapping.write(entries, key: january, now: now.addingTimeInterval(3600), updating: first)
        #expect(ICalendar.write(again) == ICalendar.write(first))
    }

    @Test(arguments: ["2026-13", "2026-1", "20261-01", "abcd-01", "2026-00", ""])
    func anObjectWithoutAMonthGrocerReadsIsRefusedWhole(_ month: String) throws {
        let text = object(["X-GROCER-WEIGHT;X-GROCER-UID=good;X-GROCER-UNIT=kg;X-GROCER-AT=20260105T071500Z:80.10"], month: month)
        #expect(throws: SyncRefusal.self) { try MonthMapping.read(try ICalendar.read(text), now: now) }
    }

    @Test func aHugePropertyIsRefusedByTheReaderNotTrappedOn() {
        let text = object([
            "X-GROCER-WEIGHT;X-GROCER-UID=big;X-GROCER-UNIT=kg;X-GROCER-AT=20260105T071500Z:80," + String(repeating: "x", count: 70_000)
        ])
        #expect(throws: ICalendar.Problem.self) { try ICalendar.read(text) }
    }

    @Test func manyEntriesPastTheReadersLimitsAreRefusedWhole() {
        let lines = (0..<10_001).map { "X-GROCER-WEIGHT;X-GROCER-UID=u\($0);X-GROCER-UNIT=kg;X-GROCER-AT=20260105T071500Z:80" }
        #expect(throws: ICalendar.Problem.self) { try ICalendar.read(object(lines)) }
    }

    /// Radicale and Xandikos store an X- property's value as TEXT and
    /// write its commas back escaped (seen in e2e/test_sync_monthly.sh):
    /// the value holds the digits alone, the note is a parameter, so what
    /// the server rewrites reads the same.
    @Test func theValueHoldsTheDigitsAloneAndTheNoteIsAParameter() throws {
        let weight = entry("78.70", .kg, "20260103T071500Z", note: "day 1, as typed; \"ok\" ^ \\ done")
        let written = ICalendar.write(MonthMapping.write([("w1", weight)], key: january, now: now))
        let journal = try #require(TodoMapping.master("VJOURNAL", in: try ICalendar.read(written)))
        let line = try #require(journal.property("X-GROCER-WEIGHT"))
        #expect(line.value == "78.70")
        // A server that escapes the value as TEXT changes nothing here.
        #expect(ICalText.escaped(line.text) == line.value)
        #expect(try MonthMapping.read(try ICalendar.read(written), now: now).entries.first?.entry == weight)
    }

    @Test func anEntryObjectOfGrocer040IsNotAMonth() throws {
        let old = ICalendar.write(JournalMapping.write(entry("78.70", .kg, "20260103T071500Z"), uid: "w1", now: now))
        #expect(!MonthMapping.isMonth(try ICalendar.read(old)))
    }

    @Test func anOlderGrocerFindsNoWeightInAMonth() throws {
        let text = ICalendar.write(MonthMapping.write([("a", entry("78.70", .kg, "20260103T071500Z"))], key: january, now: now))
        #expect(throws: SyncRefusal.self) { try JournalMapping.read(try ICalendar.read(text), now: now) }
    }
}
