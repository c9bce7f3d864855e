import Foundation
import GrocerCore
import Testing

@testable import GrocerSync

@Suite struct TodoMappingTests {
    let locale = Locale(identifier: "en_US")
    let now = Date(timeIntervalSince1970: 1_795_000_000)

    func calendar(_ todoLines: String...) throws -> ICalComponent {
        try ICalendar.read(
            "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTODO\r\n" + todoLines.map { $0 + "\r\n" }.joined() + "END:VTODO\r\nEND:VCALENDAR\r\n")
    }

    func read(_ todoLines: String...) throws -> TodoMapping.Reading {
        let text = "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\n" + todoLines.map { $0 + "\r\n" }.joined() + "END:VTODO\r\nEND:VCALENDAR\r\n"
        return try TodoMapping.read(try ICalendar.read(text), knownUnits: ["kg"], locale: locale)
    }

    static let flour = SyncedItem(name: "flour", quantity: try! GroceryQuantity(canonical: "2"), unit: "kg", aisle: "Baking", place: "Pantry")

    @Test func writesWhatAPhoneShowsAndGrocersExactFields() throws {
        let written = ICalendar.write(TodoMapping.write(Self.flour, uid: "u1", sortOrder: 42, now: now))
        for line in [
            "SUMMARY:2 kg flour", "X-GROCER-NAME:flour", "X-GROCER-QUANTITY:2", "X-GROCER-UNIT:kg", "X-GROCER-AISLE:Baking",
            "CATEGORIES:Baking", "X-GROCER-PLACE:Pantry", "X-APPLE-SORT-ORDER:42", "STATUS:NEEDS-ACTION", "UID:u1",
            "DTSTAMP:20261118T110640Z",
        ] {
            #expect(written.contains("\r\n" + line + "\r\n"), "\(line)")
        }
        #expect(!written.contains("COMPLETED:"))
        #expect(!written.contains("PERCENT-COMPLETE"))
    }

    @Test func readsBackWhatItWrote() throws {
        for item in [Self.flour, SyncedItem(name: "Crème, fraîche; \\ 1", quantity: try GroceryQuantity(canonical: "0.125"), ticked: true)] {
            let written = ICalendar.write(TodoMapping.write(item, uid: "u1", sortOrder: nil, now: now))
            #expect(try TodoMapping.read(try ICalendar.read(written), knownUnits: [], locale: locale).item == item)
        }
    }

    @Test func tickedWritesAllThreeAndUntickedDropsTwo() throws {
        var item = Self.flour
        item.ticked = true
        let ticked = TodoMapping.write(item, uid: "u1", sortOrder: nil, now: now)
        let todo = try #require(ticked.components.first)
        #expect(todo.property("STATUS")?.value == "COMPLETED")
        #expect(todo.property("COMPLETED")?.value == "20261118T110640Z")
        #expect(todo.property("PERCENT-COMPLETE")?.value == "100")
        item.ticked = false
        let unticked = try #require(TodoMapping.write(item, uid: "u1", sortOrder: nil, now: now, updating: ticked).components.first)
        #expect(unticked.property("STATUS")?.value == "NEEDS-ACTION")
        #expect(unticked.property("COMPLETED") == nil)
        #expect(unticked.property("PERCENT-COMPLETE") == nil)
    }

    @Test(arguments: [
        (["STATUS:COMPLETED"], true),
        (["COMPLETED:20261101T100000Z"], true),
        (["PERCENT-COMPLETE:100"], true),
        (["STATUS:NEEDS-ACTION", "PERCENT-COMPLETE:100"], false),
        (["STATUS:IN-PROCESS", "PERCENT-COMPLETE:50"], false),
        (["STATUS:completed"], true),
        ([], false),
    ])
    func readsATickFromAnyApp(lines: [String], ticked: Bool) throws {
        let text =
            "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:u\r\nSUMMARY:milk\r\n" + lines.map { $0 + "\r\n" }.joined() + "END:VTODO\r\nEND:VCALENDAR\r\n"
        #expect(try TodoMapping.read(try ICalendar.read(text), knownUnits: [], locale: locale).item.ticked == ticked)
    }

    @Test func aPhonesSummaryGoesThroughQuickEntry() throws {
        let reading = try read("UID:phone-1", "SUMMARY:3 apples")
        #expect(reading.uid == "phone-1")
        #expect(reading.item == SyncedItem(name: "apples", quantity: try GroceryQuantity(canonical: "3")))
        #expect(
            try read("UID:p", "SUMMARY:1.5 KG sugar").item == SyncedItem(name: "sugar", quantity: try GroceryQuantity(canonical: "1.5"), unit: "kg"))
    }

    @Test func aSummaryQuickEntryRefusesIsTheNameAsItStands() throws {
        let reading = try read("UID:p", "SUMMARY:2 kg")
        #expect(reading.item.name == "2 kg")
        #expect(reading.notes == [.unreadable(property: "SUMMARY", value: "2 kg")])
    }

    @Test func aSummaryAPhoneChangedWinsOverGrocersFields() throws {
        let reading = try read("UID:u", "SUMMARY:3 kg flour", "X-GROCER-NAME:flour", "X-GROCER-QUANTITY:2", "X-GROCER-UNIT:kg")
        #expect(reading.item.quantity == (try GroceryQuantity(canonical: "3")))
        let same = try read("UID:u", "SUMMARY:2 kg flour", "X-GROCER-NAME:flour", "X-GROCER-QUANTITY:2", "X-GROCER-UNIT:kg")
        #expect(same.item == SyncedItem(name: "flour", quantity: try GroceryQuantity(canonical: "2"), unit: "kg"))
    }

    @Test func theAisleSurvivesAClientThatDropsCategories() throws {
        #expect(try read("UID:u", "SUMMARY:milk", "X-GROCER-AISLE:Dairy").item.aisle == "Dairy")
        #expect(try read("UID:u", "SUMMARY:milk", "X-GROCER-AISLE:Dairy", "CATEGORIES:urgent,Dairy").item.aisle == "Dairy")
        #expect(try read("UID:u", "SUMMARY:milk", "X-GROCER-AISLE:Dairy", "CATEGORIES:Fridge").item.aisle == "Fridge")
        #expect(try read("UID:u", "SUMMARY:milk", "CATEGORIES:Fish\\, fresh,urgent").item.aisle == "Fish, fresh")
    }

    @Test func changingTheAisleKeepsOtherCategories() throws {
        let existing = try calendar("UID:u", "SUMMARY:milk", "X-GROCER-NAME:milk", "X-GROCER-AISLE:Dairy", "CATEGORIES:urgent,Dairy")
        let moved = TodoMapping.write(SyncedItem(name: "milk", aisle: "Fridge"), uid: "u", sortOrder: nil, now: now, updating: existing)
        #expect(moved.components.first?.property("CATEGORIES")?.value == "Fridge,urgent")
    }

    @Test func rewritingKeepsOtherAppsLinesByteForByte() throws {
        let existing = try ICalendar.read(ICalendarTests.tasksOrg)
        var item = try TodoMapping.read(existing, knownUnits: [], locale: locale).item
        item.ticked = true
        let written = ICalendar.write(TodoMapping.write(item, uid: "x", sortOrder: nil, now: now, updating: existing))
        let before = ICalendarTests.tasksOrg.components(separatedBy: "\r\n")
        let after = written.components(separatedBy: "\r\n")
        let owned = ["DTSTAMP:", "LAST-MODIFIED:"]
        for line in before where !owned.contains(where: line.hasPrefix) {
            #expect(after.contains(line), "lost \(line)")
        }
        #expect(written.contains("BEGIN:VALARM\r\nTRIGGER;RELATED=END:PT0S\r\nACTION:DISPLAY\r\n"))
    }

    @Test func writingTheSameItemChangesNothing() throws {
        let first = TodoMapping.write(Self.flour, uid: "u1", sortOrder: 7, now: now)
        let again = TodoMapping.write(Self.flour, uid: "u1", sortOrder: 7, now: now.addingTimeInterval(60), updating: first)
        #expect(again == first)
    }

    @Test func aSummaryWithControlCharactersIsCleanedWithANote() throws {
        let reading = try read("UID:u", "SUMMARY:\u{1B}[31mmilk\u{9B}\tnow")
        #expect(reading.item.name == "[31mmilk now")
        #expect(reading.notes.contains(.cleaned(property: "SUMMARY")))
    }

    @Test func aLongSummaryIsCutWithANote() throws {
        let reading = try read("UID:u", "SUMMARY:" + String(repeating: "a", count: 10_000))
        #expect(reading.item.name.count == QuickEntry.maximumNameLength)
        #expect(reading.item.name.hasSuffix("…"))
        #expect(reading.notes == [.cleaned(property: "SUMMARY")])
    }

    @Test func refusesWhatCannotBeAnItem() throws {
        #expect(throws: SyncRefusal.noUID) { try read("SUMMARY:milk") }
        #expect(throws: SyncRefusal.noUID) { try read("UID:a\u{7}b", "SUMMARY:milk") }
        #expect(throws: SyncRefusal.noName) { try read("UID:u", "SUMMARY:\u{1B}  ") }
        let two = try ICalendar.read("BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nEND:VTODO\r\nBEGIN:VTODO\r\nEND:VTODO\r\nEND:VCALENDAR\r\n")
        #expect(throws: SyncRefusal.notOneComponent("VTODO")) { try TodoMapping.read(two, knownUnits: [], locale: locale) }
    }

    /// DAVx5 drops an unknown property over 25,000 characters: no value
    /// grocer writes is over `SyncText.writtenLimit` (1,000), whatever the
    /// store holds; a longer one is cut with "…" (issue 36).
    @Test func noValueGrocerWritesComesNearDAVx5sLimit() throws {
        let huge = String(repeating: "é", count: 30_000)
        let item = SyncedItem(name: huge, unit: huge, aisle: huge, place: huge)
        let written = ICalendar.write(TodoMapping.write(item, uid: "u1", sortOrder: 1, now: now))
        let calendar = try ICalendar.read(written)
        let todo = try #require(calendar.components(named: "VTODO").first)
        for line in todo.properties {
            #expect(line.text.count <= SyncText.writtenLimit, "\(line.name)")
            #expect(line.unfolded.count < 25_000, "\(line.name)")
        }
        #expect(todo.property("X-GROCER-NAME")?.text == String(repeating: "é", count: 999) + "…")
        let entry = SyncedWeight(weight: Weight(digits: "80", unit: .kg)!, recordedAt: now, note: huge)
        let journal = try #require(JournalMapping.write(entry, uid: "w", now: now).components.first)
        #expect(journal.property("DESCRIPTION")?.text == String(repeating: "é", count: 999) + "…")
    }

    /// A phone's DESCRIPTION (grocer does not show it yet) stays byte for
    /// byte when grocer rewrites the item, folds and all.
    @Test func aPhonesDescriptionIsKeptByteForByte() throws {
        let description = "DESCRIPTION:the organic one\\, not the cheap one\\; ask at the counter for the mil\r\n l from the station"
        let text = "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:u\r\nSUMMARY:2 kg flour\r\n" + description + "\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        let existing = try ICalendar.read(text)
        var item = try TodoMapping.read(existing, knownUnits: ["kg"], locale: locale).item
        item.ticked = true
        item.aisle = "Baking"
        let written = ICalendar.write(TodoMapping.write(item, uid: "u", sortOrder: 3, now: now, updating: existing))
        #expect(written.contains("\r\n" + description + "\r\n"))
    }

    /// A recurring task (Thunderbird): the master is the item; the
    /// override is kept byte for byte; two masters are not one item.
    @Test func aRecurringTaskIsItsMaster() throws {
        let override = "BEGIN:VTODO\r\nUID:r\r\nRECURRENCE-ID;VALUE=DATE:20261123\r\nSUMMARY:milk\r\nSTATUS:COMPLETED\r\nEND:VTODO\r\n"
        let text = "BEGIN:VCALENDAR\r\n" + override + "BEGIN:VTODO\r\nUID:r\r\nSUMMARY:2 milk\r\nRRULE:FREQ=WEEKLY\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        let existing = try ICalendar.read(text)
        let reading = try TodoMapping.read(existing, knownUnits: [], locale: locale)
        #expect(reading.item == SyncedItem(name: "milk", quantity: try GroceryQuantity(canonical: "2")))
        var item = reading.item
        item.ticked = true
        let written = ICalendar.write(TodoMapping.write(item, uid: "r", sortOrder: nil, now: now, updating: existing))
        #expect(written.contains(override))
        #expect(try TodoMapping.read(try ICalendar.read(written), knownUnits: [], locale: locale).item == item)
        let otherUID = text.replacingOccurrences(of: "UID:r\r\nRECURRENCE-ID", with: "UID:s\r\nRECURRENCE-ID")
        #expect(throws: SyncRefusal.notOneComponent("VTODO")) { try TodoMapping.read(try ICalendar.read(otherUID), knownUnits: [], locale: locale) }
    }

    @Test func sortOrderFollowsTheAisles() {
        let orders = [
            TodoMapping.sortOrder(aislePosition: -3, rank: 0), TodoMapping.sortOrder(aislePosition: 1, rank: 0),
            TodoMapping.sortOrder(aislePosition: 1, rank: 5), TodoMapping.sortOrder(aislePosition: 2, rank: 0),
            TodoMapping.sortOrder(aislePosition: nil, rank: 0),
        ]
        #expect(orders == orders.sorted())
        #expect(Set(orders).count == orders.count)
    }
}

@Suite struct KnownNamesTests {
    let known = KnownNames(["apples", "Crème fraîche", "Apples"], locale: Locale(identifier: "en_US"))

    @Test func aPhonesItemJoinsTheKnownNameItFoldsLike() {
        #expect(known.matching(SyncedItem(name: "APPLES", quantity: try! GroceryQuantity(canonical: "3"))).name == "apples")
        #expect(known.spelling(of: "creme fraiche") == "Crème fraîche")
        #expect(known.spelling(of: "pears") == nil)
        #expect(known.matching(SyncedItem(name: "pears")).name == "pears")
    }
}

/// The item's note is DESCRIPTION (issue 33).
@Suite struct TodoMappingNoteTests {
    let locale = Locale(identifier: "en_US")
    let now = Date(timeIntervalSince1970: 1_795_000_000)

    @Test func aNoteRoundTripsThroughDescription() throws {
        var item = SyncedItem(name: "eggs", quantity: try GroceryQuantity(canonical: "6"))
        item.note = "the organic ones; big, brown"
        let written = ICalendar.write(TodoMapping.write(item, uid: "u1", sortOrder: nil, now: now))
        #expect(written.contains("\r\nDESCRIPTION:the organic ones\\; big\\, brown\r\n"))
        #expect(try TodoMapping.read(try ICalendar.read(written), knownUnits: [], locale: locale).item == item)
        item.note = ""
        let cleared = TodoMapping.write(item, uid: "u1", sortOrder: nil, now: now, updating: try ICalendar.read(written))
        #expect(!ICalendar.write(cleared).contains("DESCRIPTION"))
    }

    @Test func appleRemindersEmptyDescriptionIsNoNote() throws {
        let text = "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:A\r\nSUMMARY:milk\r\nDESCRIPTION:\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        let reading = try TodoMapping.read(try ICalendar.read(text), knownUnits: [], locale: locale)
        #expect(reading.item.note == "")
        #expect(reading.notes.isEmpty)
    }
}
