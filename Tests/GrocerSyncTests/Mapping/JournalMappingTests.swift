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
        let reading = try JournalMapping.read(try ICalendar.read(ICalendar.write(JournalMapping.write(entry, uid: "w1", now: now))))
        #expect(reading == JournalMapping.Reading(uid: "w1", entry: entry, notes: []))
    }

    @Test func readsAJournalWithOnlyASummaryAndAZonedStart() throws {
        let text =
            "BEGIN:VCALENDAR\r\nBEGIN:VJOURNAL\r\nUID:j\r\nDTSTART;TZID=Europe/Paris:20260115T080000\r\nSUMMARY:180.4 lbs\r\nEND:VJOURNAL\r\nEND:VCALENDAR\r\n"
        let reading = try JournalMapping.read(try ICalendar.read(text))
        #expect(reading.entry.weight == Weight(digits: "180.4", unit: .lbs))
        #expect(ICalDate.utc(reading.entry.recordedAt) == "20260115T070000Z")
    }

    @Test func aNoteWithLineBreaksIsCleaned() throws {
        let text =
            "BEGIN:VCALENDAR\r\nBEGIN:VJOURNAL\r\nUID:j\r\nDTSTART:20260115T080000Z\r\nSUMMARY:80 kg\r\nDESCRIPTION:one\\ntwo\u{1B}\r\nEND:VJOURNAL\r\nEND:VCALENDAR\r\n"
        let reading = try JournalMapping.read(try ICalendar.read(text))
        #expect(reading.entry.note == "one two")
        #expect(reading.notes == [.cleaned(property: "DESCRIPTION")])
    }

    @Test(arguments: ["SUMMARY:heavy", "SUMMARY:0 kg", "SUMMARY:900 kg", "X-GROCER-WEIGHT:-1\r\nX-GROCER-UNIT:kg"])
    func refusesWhatIsNoWeight(line: String) throws {
        let text = "BEGIN:VCALENDAR\r\nBEGIN:VJOURNAL\r\nUID:j\r\nDTSTART:20260115T080000Z\r\n\(line)\r\nEND:VJOURNAL\r\nEND:VCALENDAR\r\n"
        #expect(throws: SyncRefusal.noWeight) { try JournalMapping.read(try ICalendar.read(text)) }
    }

    @Test func refusesAJournalWithNoTime() throws {
        let text = "BEGIN:VCALENDAR\r\nBEGIN:VJOURNAL\r\nUID:j\r\nDTSTART:yesterday\r\nSUMMARY:80 kg\r\nEND:VJOURNAL\r\nEND:VCALENDAR\r\n"
        #expect(throws: SyncRefusal.noTime) { try JournalMapping.read(try ICalendar.read(text)) }
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
