import Foundation
import GrocerCore
import Testing

@testable import GrocerSync

/// Body fat in the month's VJOURNAL (issue 34): an `X-GROCER-FAT`
/// parameter on the entry's line, read back exactly; a reader that does
/// not know a parameter reads the entry without it.
@Suite struct MonthMappingBodyFatTests {
    let now = Date(timeIntervalSince1970: 1_795_000_000)
    let january = MonthMapping.Key(year: 2026, month: 1)

    func at(_ text: String) -> Date { ICalDate.date(ContentLine(name: "X", value: text))! }

    func object(_ lines: [String]) -> String {
        (["BEGIN:VCALENDAR", "VERSION:2.0", "BEGIN:VJOURNAL", "UID:grocer-weights-2026-01", "X-GROCER-MONTH:2026-01"] + lines
            + ["END:VJOURNAL", "END:VCALENDAR"]).map { $0 + "\r\n" }.joined()
    }

    @Test func aBodyFatIsAParameterAndReadsBackExactly() throws {
        let entries: [(uid: String, entry: SyncedWeight)] = [
            ("a", SyncedWeight(weight: Weight(digits: "78.70", unit: .kg)!, recordedAt: at("20260103T071500Z"), bodyFat: BodyFat(digits: "18.40"))),
            ("b", SyncedWeight(weight: Weight(digits: "78.5", unit: .kg)!, recordedAt: at("20260104T071500Z"), note: "run")),
            ("c", SyncedWeight(weight: Weight(digits: "173.25", unit: .lbs)!, recordedAt: at("20260105T071500Z"), bodyFat: BodyFat(digits: "9.05"))),
        ]
        let text = ICalendar.write(MonthMapping.write(entries, key: january, now: now))
        let unfolded = text.replacingOccurrences(of: "\r\n ", with: "")
        #expect(unfolded.contains("X-GROCER-WEIGHT;X-GROCER-UID=a;X-GROCER-UNIT=kg;X-GROCER-AT=20260103T071500Z;X-GROCER-FAT=18.40:78.70\r\n"))
        #expect(unfolded.contains("X-GROCER-WEIGHT;X-GROCER-UID=b;X-GROCER-UNIT=kg;X-GROCER-AT=20260104T071500Z;X-GROCER-NOTE=run:78.5\r\n"))
        #expect(unfolded.contains("2026-01-03 07:15 UTC  78.70 kg\\, 18.40 % body fat"))
        let reading = try MonthMapping.read(try ICalendar.read(text), now: now)
        #expect(reading.setAside.isEmpty)
        #expect(reading.entries.map(\.entry) == entries.map(\.entry))
        #expect(reading.entries.map(\.entry.bodyFat?.digits) == ["18.40", nil, "9.05"])
    }

    /// What an older grocer does with `X-GROCER-FAT`, shown with a parameter
    /// this grocer does not know: the entry reads as if it were not there
    /// (the reader asks for its parameters by name).
    @Test func aParameterNotKnownIsIgnored() throws {
        let text = object([
            "X-GROCER-WEIGHT;X-GROCER-UID=a;X-GROCER-UNIT=kg;X-GROCER-AT=20260103T071500Z;X-GROCER-WAIST=81.5;X-GROCER-FAT=18.4:78.70"
        ])
        let reading = try MonthMapping.read(try ICalendar.read(text), now: now)
        #expect(reading.setAside.isEmpty)
        #expect(reading.entries.map(\.entry.weight.digits) == ["78.70"])
        #expect(reading.entries.map(\.entry.bodyFat?.digits) == ["18.4"])
    }

    /// A body fat grocer does not take: the line is set aside (kept as it
    /// came, and said), never read without it.
    @Test func aBodyFatNotTakenSetsTheLineAside() throws {
        let text = object([
            "X-GROCER-WEIGHT;X-GROCER-UID=a;X-GROCER-UNIT=kg;X-GROCER-AT=20260103T071500Z;X-GROCER-FAT=140:78.70",
            "X-GROCER-WEIGHT;X-GROCER-UID=b;X-GROCER-UNIT=kg;X-GROCER-AT=20260104T071500Z;X-GROCER-FAT=lots:78.70",
            "X-GROCER-WEIGHT;X-GROCER-UID=c;X-GROCER-UNIT=kg;X-GROCER-AT=20260105T071500Z:78.70",
        ])
        let reading = try MonthMapping.read(try ICalendar.read(text), now: now)
        #expect(reading.entries.map(\.uid) == ["c"])
        #expect(reading.setAside.map(\.uid) == ["a", "b"])
        #expect(reading.setAside.allSatisfy { $0.reason.contains("body fat") })
    }
}
