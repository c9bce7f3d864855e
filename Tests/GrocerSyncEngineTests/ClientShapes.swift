import Foundation
import GrocerCore
import Testing

/// What real clients write into a VTODO, as .ics text (../shared/SYNC.md,
/// "What real clients write into a VTODO", read from each client's
/// sources): the objects a phone or a desktop puts, and the edits each
/// makes to an object grocer wrote.
enum ClientShapes {
    static func lines(_ lines: [String]) -> String { lines.map { $0 + "\r\n" }.joined() }

    /// The lines of the first VTODO in `text` (without BEGIN and END), and
    /// what comes before and after it.
    static func splitTodo(_ text: String) -> (head: [String], todo: [String], tail: [String]) {
        let all = text.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        let begin = all.firstIndex(of: "BEGIN:VTODO")!
        let end = all[begin...].firstIndex(of: "END:VTODO")!
        return (Array(all[..<begin]), Array(all[(begin + 1)..<end]), Array(all[(end + 1)...]))
    }

    // MARK: Thunderbird

    /// Thunderbird makes an item a recurring task and ticks one
    /// occurrence: the master gains RRULE, PERCENT-COMPLETE:0 and a bumped
    /// X-MOZ-GENERATION; the ticked occurrence is a second VTODO in the
    /// same resource, the master's lines with a RECURRENCE-ID.
    static func thunderbirdRecurring(_ text: String) -> String {
        let (head, todo, tail) = splitTodo(text)
        let master =
            todo.filter { !$0.hasPrefix("X-MOZ-GENERATION") && !$0.hasPrefix("PERCENT-COMPLETE") } + [
                "RRULE:FREQ=WEEKLY", "DTSTART;VALUE=DATE:20261123", "PERCENT-COMPLETE:0", "X-MOZ-GENERATION:2",
            ]
        let override =
            todo.filter { line in !["STATUS", "COMPLETED", "PERCENT-COMPLETE", "X-MOZ-GENERATION"].contains { line.hasPrefix($0) } }
            + [
                "RECURRENCE-ID;VALUE=DATE:20261123", "DTSTART;VALUE=DATE:20261123", "STATUS:COMPLETED", "COMPLETED:20261124T081500Z",
                "PERCENT-COMPLETE:100", "X-MOZ-GENERATION:2",
            ]
        return lines(head + ["BEGIN:VTODO"] + master + ["END:VTODO", "BEGIN:VTODO"] + override + ["END:VTODO"] + tail)
    }

    /// A recurring task Thunderbird made itself, one occurrence ticked.
    static let thunderbirdNew = lines([
        "BEGIN:VCALENDAR", "PRODID:-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN", "VERSION:2.0",
        "BEGIN:VTODO", "CREATED:20261120T090000Z", "LAST-MODIFIED:20261124T081500Z", "DTSTAMP:20261124T081500Z",
        "UID:3b0c7c1e-6f1a-4bd4-9c61-3a2f5d0e7a11", "SUMMARY:2 l milk", "CATEGORIES:dairy", "RRULE:FREQ=WEEKLY",
        "DTSTART;VALUE=DATE:20261116", "PERCENT-COMPLETE:0", "X-MOZ-GENERATION:3", "END:VTODO",
        "BEGIN:VTODO", "CREATED:20261120T090000Z", "LAST-MODIFIED:20261124T081500Z", "DTSTAMP:20261124T081500Z",
        "UID:3b0c7c1e-6f1a-4bd4-9c61-3a2f5d0e7a11", "SUMMARY:2 l milk", "CATEGORIES:dairy",
        "RECURRENCE-ID;VALUE=DATE:20261123", "DTSTART;VALUE=DATE:20261123", "STATUS:COMPLETED", "COMPLETED:20261124T081500Z",
        "PERCENT-COMPLETE:100", "X-MOZ-GENERATION:3", "END:VTODO", "END:VCALENDAR",
    ])

    // MARK: Phones and desktops, as each writes a new item

    /// One client's item: its name, the object it puts, and the item
    /// grocer should read.
    struct Shape: CustomTestStringConvertible, Sendable {
        var client: String
        var text: String
        var item: SyncedItem
        var testDescription: String { client }
    }

    static func calendar(_ prodid: String, _ todo: [String]) -> String {
        lines(["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:" + prodid, "BEGIN:VTODO"] + todo + ["END:VTODO", "END:VCALENDAR"])
    }

    /// Tasks.org: CATEGORIES as one line, X-APPLE-SORT-ORDER of its own,
    /// its colour, an alarm, a DESCRIPTION folded over two lines.
    static let tasksOrg = Shape(
        client: "Tasks.org",
        text: calendar(
            "+//IDN tasks.org//android-130804//EN",
            [
                "DTSTAMP:20261124T081500Z", "UID:7263545138254627418", "CREATED:20261124T081400Z", "LAST-MODIFIED:20261124T081500Z",
                "SUMMARY:2 kg flour", "CATEGORIES:baking,weekly", "PRIORITY:9", "X-APPLE-SORT-ORDER:-7481",
                "X-TASKS-ORG-COLOR;VALUE=INTEGER:-16777216",
                "DESCRIPTION:the organic one\\, not the cheap one\\; from the mill shop by the stat", " ion",
                "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Default Tasks.org description", "TRIGGER;RELATED=END:PT0S", "END:VALARM",
            ]),
        item: SyncedItem(
            name: "flour", quantity: try! GroceryQuantity(canonical: "2"), unit: "kg", aisle: "baking",
            note: "the organic one, not the cheap one; from the mill shop by the station"))

    /// DAVx5 with OpenTasks: STATUS:NEEDS-ACTION added, SEQUENCE, a note.
    static let davx5 = Shape(
        client: "DAVx5",
        text: calendar(
            "DAVx5/4.4.3-ose ical4j/3.2.19 (org.dmfs.tasks)",
            [
                "DTSTAMP:20261124T081500Z", "UID:5d7c6d9e-0b1c-4c62-9d3e-6a8f0e2b7c41", "SEQUENCE:1", "CREATED:20261124T081400Z",
                "LAST-MODIFIED:20261124T081500Z", "SUMMARY:6 eggs", "STATUS:NEEDS-ACTION", "DESCRIPTION:free range\\nsize M",
            ]),
        item: SyncedItem(name: "eggs", quantity: try! GroceryQuantity(canonical: "6"), note: "free range size M"))

    /// jtx Board: SEQUENCE:0, its own X- lines, a category per line.
    static let jtxBoard = Shape(
        client: "jtx Board",
        text: calendar(
            "+//IDN techbee.at//jtx Board 2.7.4//EN",
            [
                "DTSTAMP:20261124T081500Z", "UID:1732436100000-7b9f2c1e-jtx", "SEQUENCE:0", "CREATED:20261124T081400Z",
                "LAST-MODIFIED:20261124T081500Z", "SUMMARY:oat milk", "CATEGORIES:drinks", "CLASS:PUBLIC", "STATUS:NEEDS-ACTION",
                "PERCENT-COMPLETE:0", "X-JTX-COLOR:-16711936",
            ]),
        item: SyncedItem(name: "oat milk", aisle: "drinks"))

    /// Apple Reminders: an upper-case UID, an empty DESCRIPTION, its sort
    /// order in seconds since 2001.
    static let appleReminders = Shape(
        client: "Apple Reminders",
        text: calendar(
            "-//Apple Inc.//iOS 17.5//EN",
            [
                "CREATED:20261124T081400Z", "UID:8F1C2D3E-4B5A-4978-8A9B-0C1D2E3F4A5B", "DTSTAMP:20261124T081500Z",
                "LAST-MODIFIED:20261124T081500Z", "SUMMARY:Bananas", "DESCRIPTION:", "X-APPLE-SORT-ORDER:785000000", "PRIORITY:0",
            ]),
        item: SyncedItem(name: "Bananas"))

    /// todoman (with vdirsyncer): STATUS, SEQUENCE, one CATEGORIES line.
    static let todoman = Shape(
        client: "todoman",
        text: calendar(
            "-//CALENDARSERVER.ORG//NONSGML Version 1//EN",
            [
                "UID:3a8e1d0c2f4b4e6a9c7d5b3a1e0f2c4d@laptop", "SUMMARY:500 g rice", "DTSTAMP:20261124T081500Z",
                "CREATED:20261124T081400Z", "LAST-MODIFIED:20261124T081500Z", "SEQUENCE:0", "STATUS:NEEDS-ACTION", "CATEGORIES:grains",
                "PRIORITY:0", "DESCRIPTION:basmati",
            ]),
        item: SyncedItem(name: "rice", quantity: try! GroceryQuantity(canonical: "500"), unit: "g", aisle: "grains", note: "basmati"))

    static let thunderbird = Shape(
        client: "Thunderbird", text: thunderbirdNew,
        item: SyncedItem(name: "milk", quantity: try! GroceryQuantity(canonical: "2"), unit: "l", aisle: "dairy"))

    static let all = [tasksOrg, davx5, jtxBoard, appleReminders, todoman, thunderbird]
}
