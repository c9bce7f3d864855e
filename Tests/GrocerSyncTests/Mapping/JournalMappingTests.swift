import Foundation
import GrocerCore
import Testing

@testable import GrocerSync

@Suite struct JournalMappingTests {
    let now = Date(timeIntervalSince1970: 1_795_000_000)
    let entry = SyncedWeight(
        weight: Weight(digits: "72.50", unit: .kg)!, recordedAt: Date(timeIntervalSince1970: 1_794_990_000.7), note: "after a run; tired")

    @Test func writesTheEntry() {
        let written = ICalendar.write(JournalMapping.write(entry, uid: "w1", now: now))
        for line in [
            "UID:w1", "DTSTART:20261118T082000Z", "SUMMARY:72.50 kg", "X-GROCER-WEIGHT:72.50", "X-GROCER-UNIT:kg", "DESCRIPTION:after a run\\; tired",
        ] {
            #expect(written.contains("\r\n" + line + "\r\n"), "\(line)")
        }
        #expect(written.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\n"))
    }

    @Test func readsBackWhatItWrote() throws {
        let reading = try JournalMapping.read(try ICalendar.read(ICalendar.write(JournalMapping.write(entry, uid: "w1", now: now))), now: now)
        #expect(reading == JournalMapping.Reading(uid: "w1", entry: entry, notes: []))
    }

    @Test func readsAJournalWithOnlyASummaryAndAZonedStart() throws {
        let text =
            "BEGIN:VCALENDAR\r\nBEGIN:VJOURNAL\r\nUID:j\r\nDTSTART;TZID=Europe/Paris:20260115T080000\r\nSUMMARY:180.4 lbs\r\nEND:VJOURNAL\r\nEND:VCALENDAR\r\n"
        let reading = try JournalMapping.read(try ICalendar.read(text), now: now)
        #expect(reading.entry.weight == Weight(digits: "180.4", unit: .lbs))
        #expect(ICalDate.utc(reading.entry.recordedAt) == "20260115T070000Z")
    }

    @Test func aNoteWithLineBreaksIsCleaned() throws {
        let text =
            "BEGIN:VCALENDAR\r\nBEGIN:VJOURNAL\r\nUID:j\r\nDTSTART:20260115T080000Z\r\nSUMMARY:80 kg\r\nDESCRIPTION:one\\ntwo\u{1B}\r\nEND:VJOURNAL\r\nEND:VCALENDAR\r\n"
        let reading = try JournalMapping.read(try ICalendar.read(text), now: now)
        #expect(reading.entry.note == "one two")
        #expect(reading.notes == [.cleaned(property: "DESCRIPTION")])
    }

    /// What `weight add` and an import refuse, by their own rule
    /// (`ImportedWeight`), with its reason (issue 36).
    @Test(arguments: [
        ("SUMMARY:heavy", SyncRefusal.noWeight),
        ("SUMMARY:0 kg", .badWeight("'0' is not above 0")),
        ("SUMMARY:900 kg", .badWeight("over the largest weight grocer takes (680 kg)")),
        ("X-GROCER-WEIGHT:-1\r\nX-GROCER-UNIT:kg", .badWeight("'-1' is not a weight (a decimal with '.', e.g. 72.5)")),
        ("X-GROCER-WEIGHT:0\r\nX-GROCER-UNIT:kg", .badWeight("'0' is not above 0")),
        ("X-GROCER-WEIGHT:NaN\r\nX-GROCER-UNIT:kg", .badWeight("'NaN' is not a weight (a decimal with '.', e.g. 72.5)")),
        ("SUMMARY:-72.5 kg", .badWeight("'-72.5' is not a weight (a decimal with '.', e.g. 72.5)")),
    ])
    func refusesWhatIsNoWeight(line: String, refusal: SyncRefusal) throws {
        let text = "BEGIN:VCALENDAR\r\nBEGIN:VJOURNAL\r\nUID:j\r\nDTSTART:20260115T080000Z\r\n\(line)\r\nEND:VJOURNAL\r\nEND:VCALENDAR\r\n"
        #expect(throws: refusal) { try JournalMapping.read(try ICalendar.read(text), now: now) }
    }

    /// A time no weigh-in can have (`WeighInTime`, as `weight add` and an
    /// import check it): before 1900, or ahead of now; 9999-12-31 in a
    /// zone west of UTC is in year 10000 once the zone is applied.
    @Test(arguments: [
        ("DTSTART:18000101T080000Z", SyncRefusal.badTime(day: "1800-01-01", "before 1900: grocer takes weigh-ins from 1900 on")),
        ("DTSTART:20990101T080000Z", .badTime(day: "2099-01-01", "in the future: a weigh-in can be at most 5 minutes after now")),
        ("DTSTART:99991231T230000Z", .badTime(day: "9999-12-31", "in the future: a weigh-in can be at most 5 minutes after now")),
        (
            "DTSTART;TZID=America/New_York:99991231T230000",
            .badTime(day: "10000-01-01", "in the future: a weigh-in can be at most 5 minutes after now")
        ),
        ("DTSTART;TZID=Asia/Tokyo:00010101T000000", .badTime(day: "0000-12-31", "before 1900: grocer takes weigh-ins from 1900 on")),
    ])
    func refusesATimeNoWeighInCanHave(line: String, refusal: SyncRefusal) throws {
        let text = "BEGIN:VCALENDAR\r\nBEGIN:VJOURNAL\r\nUID:j\r\n\(line)\r\nSUMMARY:80 kg\r\nEND:VJOURNAL\r\nEND:VCALENDAR\r\n"
        #expect(throws: refusal) { try JournalMapping.read(try ICalendar.read(text), now: now) }
    }

    /// A 10,000-character note is cut to a note's length, as an import
    /// cuts a comment: the weight is kept.
    @Test func aLongNoteIsCutAsAnImportCutsIt() throws {
        let text =
            "BEGIN:VCALENDAR\r\nBEGIN:VJOURNAL\r\nUID:j\r\nDTSTART:20260115T080000Z\r\nSUMMARY:80 kg\r\nDESCRIPTION:"
            + String(repeating: "a", count: 10_000) + "\r\nEND:VJOURNAL\r\nEND:VCALENDAR\r\n"
        let reading = try JournalMapping.read(try ICalendar.read(text), now: now)
        #expect(reading.entry.note == WeightNote.cleaned(String(repeating: "a", count: 10_000)))
        #expect(reading.entry.note.count == WeightNote.maxLength)
        #expect(WeightNote.problem(in: reading.entry.note) == nil)
    }

    @Test func refusesAJournalWithNoTime() throws {
        let text = "BEGIN:VCALENDAR\r\nBEGIN:VJOURNAL\r\nUID:j\r\nDTSTART:yesterday\r\nSUMMARY:80 kg\r\nEND:VJOURNAL\r\nEND:VCALENDAR\r\n"
        #expect(throws: SyncRefusal.noTime) { try JournalMapping.read(try ICalendar.read(text), now: now) }
    }

    @Test func anEditChangesOnlyWhatChanged() throws {
        let first = JournalMapping.write(entry, uid: "w1", now: now)
        #expect(JournalMapping.write(entry, uid: "w1", now: now.addingTimeInterval(9), updating: first) == first)
        var edited = entry
        edited.note = ""
        let second = try #require(JournalMapping.write(edited, uid: "w1", now: now, updating: first).components.first)
        #expect(second.property("DESCRIPTION") == nil)
        #expect(second.property("SUMMARY") == first.components.first?.property("SUMMARY"))
    }

    @Test(arguments: [(0.0, "19700101T000000Z"), (-1.0, "19691231T235959Z"), (253_402_300_799.0, "99991231T235959Z")])
    func writesUTCTimes(seconds: Double, text: String) {
        #expect(ICalDate.utc(Date(timeIntervalSince1970: seconds)) == text)
        #expect(ICalDate.date(ContentLine(name: "DTSTART", value: text)) == Date(timeIntervalSince1970: seconds))
    }
}
