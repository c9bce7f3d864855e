import Foundation

@testable import GrocerSync

/// Real-looking calendar objects from the clients people use, as seeds
/// for the fuzz tests.
enum FuzzSamples {
    static func crlf(_ lines: [String]) -> String { lines.map { $0 + "\r\n" }.joined() }

    static let jtxBoard = crlf([
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:+//IDN bitfire.at//ical4android (at.techbee.jtx)", "BEGIN:VTODO",
        "UID:1700000000000-6a0d9b8e-1c2d-4e5f-8a9b-0c1d2e3f4a5b@at.techbee.jtx", "DTSTAMP:20261101T120000Z", "SEQUENCE:2",
        "CREATED:20261101T115900Z", "LAST-MODIFIED:20261101T120000Z", "SUMMARY:1\\,5 l Milch", "STATUS:IN-PROCESS", "PERCENT-COMPLETE:40",
        "PRIORITY:5", "CLASS:PRIVATE", "CATEGORIES:Kühlregal,Wichtig", "X-MOZ-GENERATION:3",
        "DESCRIPTION:Die fettarme\\, bitte.\\nNicht die H-Milch.", "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Milch",
        "TRIGGER;VALUE=DATE-TIME:20261102T070000Z", "END:VALARM", "END:VTODO", "END:VCALENDAR",
    ])

    static let reminders = crlf([
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Apple Inc.//iOS 17.1//EN", "CALSCALE:GREGORIAN", "BEGIN:VTODO",
        "COMPLETED:20261102T081500Z", "CREATED:20261101T080000Z", "DTSTAMP:20261102T081501Z", "LAST-MODIFIED:20261102T081500Z",
        "PERCENT-COMPLETE:100", "SEQUENCE:1", "STATUS:COMPLETED", "SUMMARY:3 apples", "UID:0F8A2C11-5B7D-4D0E-9F3A-1E2B3C4D5E6F",
        "X-APPLE-SORT-ORDER:721836000", "END:VTODO", "END:VCALENDAR",
    ])

    static let todoman = crlf([
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//todoman//ical//EN", "BEGIN:VTIMEZONE", "TZID:Europe/Berlin", "BEGIN:STANDARD",
        "DTSTART:19701025T030000", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100", "END:STANDARD", "END:VTIMEZONE", "BEGIN:VTODO",
        "SUMMARY:bread", "DTSTAMP:20261103T090000Z", "UID:9f1c2a0b8d7e4f6a9b3c2d1e0f9a8b7c@myhost", "CREATED:20261103T090000Z",
        "DUE;TZID=Europe/Berlin:20261104T180000", "LAST-MODIFIED:20261103T090000Z", "LOCATION:Bäckerei \"Zum Korn\"", "PRIORITY:0",
        "SEQUENCE:0", "STATUS:NEEDS-ACTION", "END:VTODO", "END:VCALENDAR",
    ])

    static let grocer = crlf([
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//grocer//grocer//EN", "BEGIN:VTODO", "UID:grocer-7", "CREATED:20261101T080000Z",
        "SUMMARY:2 kg flour", "X-GROCER-NAME:flour", "X-GROCER-QUANTITY:2", "X-GROCER-UNIT:kg", "X-GROCER-AISLE:Baking",
        "X-GROCER-PLACE:Pantry", "CATEGORIES:Baking", "X-APPLE-SORT-ORDER:1000010000", "STATUS:NEEDS-ACTION",
        "DTSTAMP:20261101T080000Z", "LAST-MODIFIED:20261101T080000Z", "END:VTODO", "END:VCALENDAR",
    ])

    static let weight = crlf([
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//grocer//grocer//EN", "BEGIN:VJOURNAL", "UID:w-1",
        "DTSTART:20261101T063000Z", "SUMMARY:72.50 kg", "X-GROCER-WEIGHT:72.50", "X-GROCER-UNIT:kg",
        "DESCRIPTION:after a long run\\; tired", "DTSTAMP:20261101T063000Z", "END:VJOURNAL", "END:VCALENDAR",
    ])

    static let weightInAZone = crlf([
        "BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//someone//EN", "BEGIN:VJOURNAL", "UID:w-2", "DTSTART;TZID=Europe/Paris:20260301T073000",
        "SUMMARY:180.4 lbs", "END:VJOURNAL", "END:VCALENDAR",
    ])

    /// The calendar objects Radicale and Xandikos sent back (`ServerAnswers`).
    static let fromServers = [ServerAnswers.radicaleChangedAndDeleted, ServerAnswers.xandikosMultiget].flatMap { body in
        ((try? Multistatus.read(Array(body.utf8)))?.responses ?? []).compactMap(\.calendarData)
    }

    static let calendars = [ICalendarTests.tasksOrg, jtxBoard, reminders, todoman, grocer, weight, weightInAZone] + fromServers

    static let multistatuses = [
        MultistatusTests.syncAnswer,
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <d:multistatus xmlns:d="DAV:" xmlns:cal="urn:ietf:params:xml:ns:caldav" xmlns:cs="http://calendarserver.org/ns/">
         <d:response><d:href>/remote.php/dav/calendars/alice/groceries/</d:href>
          <d:propstat><d:prop><cs:getctag>"1700"</cs:getctag><d:sync-token>http://sabre.io/ns/sync/42</d:sync-token></d:prop>
          <d:status>HTTP/1.1 200 OK</d:status></d:propstat>
          <d:propstat><d:prop><d:displayname/></d:prop><d:status>HTTP/1.1 404 Not Found</d:status></d:propstat></d:response>
         <d:response><d:href>/remote.php/dav/calendars/alice/groceries/a%20b.ics</d:href>
          <d:propstat><d:prop><d:getetag>&quot;9f&quot;</d:getetag><cal:calendar-data><![CDATA[BEGIN:VCALENDAR
        BEGIN:VTODO
        UID:a b
        SUMMARY:eggs
        END:VTODO
        END:VCALENDAR
        ]]></cal:calendar-data></d:prop><d:status>HTTP/1.1 200 OK</d:status></d:propstat></d:response>
         <d:sync-token>http://sabre.io/ns/sync/43</d:sync-token>
        </d:multistatus>
        """,
        "<?xml version=\"1.0\"?><error xmlns=\"DAV:\"><valid-sync-token/></error>",
        ServerAnswers.radicaleChangedAndDeleted, ServerAnswers.xandikosSyncWithoutData, ServerAnswers.xandikosMultiget,
    ]
}

/// SplitMix64: a small generator whose runs a seed repeats exactly.
struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Mutations that keep an input close to a real one: flipped, inserted,
/// deleted and repeated bytes, bytes iCalendar and XML care about, lines
/// spliced from another sample, a cut end, long runs.
enum Mutator {
    static let interesting: [[UInt8]] = [
        [13, 10], [10], [13], [32], [9], Array(";:,\"\\=".utf8), [0], [0x1B], [0xC2, 0x9B], [0xE2, 0x80, 0xAE], [0xFF], [0xC3],
        Array("\r\n ".utf8), Array("BEGIN:VTODO\r\n".utf8), Array("END:VTODO\r\n".utf8), Array("BEGIN:VALARM\r\n".utf8),
        Array("STATUS:COMPLETED\r\n".utf8), Array("PERCENT-COMPLETE:100\r\n".utf8), Array("SUMMARY:".utf8), Array("X-GROCER-NAME:".utf8),
        Array("CATEGORIES:".utf8), Array("<!DOCTYPE x [<!ENTITY e \"e\">]>".utf8), Array("&e;".utf8), Array("&#0;".utf8),
        Array("&#x1F600;".utf8), Array("<![CDATA[".utf8), Array("]]>".utf8), Array("</d:href>".utf8), Array("<d:response>".utf8),
        Array("xmlns:d=\"DAV:\"".utf8), Array("\u{200B}".utf8),
    ]

    static func mutate(_ input: [UInt8], others: [[UInt8]], using rng: inout SeededGenerator) -> [UInt8] {
        var bytes = input
        for _ in 0..<Int.random(in: 1...6, using: &rng) {
            let at = bytes.isEmpty ? 0 : Int.random(in: 0...bytes.count, using: &rng)
            switch Int.random(in: 0..<8, using: &rng) {
            case 0 where at < bytes.count: bytes[at] ^= UInt8(1 << Int.random(in: 0..<8, using: &rng))
            case 1: bytes.insert(UInt8.random(in: 0...255, using: &rng), at: at)
            case 2: bytes.insert(contentsOf: interesting.randomElement(using: &rng)!, at: at)
            case 3 where at < bytes.count: bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...40, using: &rng)))
            case 4 where at < bytes.count:
                let end = min(bytes.count, at + Int.random(in: 1...80, using: &rng))
                bytes.insert(contentsOf: bytes[at..<end], at: end)
            case 5:
                let other = others.randomElement(using: &rng)!
                let start = Int.random(in: 0..<other.count, using: &rng)
                bytes.insert(contentsOf: other[start..<min(other.count, start + Int.random(in: 1...120, using: &rng))], at: at)
            case 6: bytes.removeSubrange(at...)
            default: bytes.insert(contentsOf: [UInt8](repeating: [32, 65, 0xC3][Int.random(in: 0..<3, using: &rng)], count: 200), at: at)
            }
        }
        return bytes
    }
}
