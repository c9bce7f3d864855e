import Foundation
import Testing

@testable import GrocerCore

/// `$TZ` as grocer takes it: POSIX's fixed offsets honoured with POSIX's
/// sign, summer-time rules and unknown names refused in one line, names
/// left to Foundation.
@Suite struct ZoneVariableTests {
    static let fixedOffsets: [(String, Int)] = [
        ("JST-9", 9 * 3600), ("<+0530>-5:30", 5 * 3600 + 1800), ("GMT+5", -5 * 3600), ("UTC0", 0), ("<-03>3", -3 * 3600),
        ("IST-5:30", 5 * 3600 + 1800), ("NPT-5:45", 5 * 3600 + 45 * 60), ("EST+5", -5 * 3600),
    ]

    @Test(arguments: fixedOffsets)
    func aFixedOffsetInPOSIXsFormIsThatOffsetWestOfUTC(value: String, secondsEast: Int) throws {
        guard case .zone(let zone) = ZoneVariable.decide(value) else {
            Issue.record("\(value): \(ZoneVariable.decide(value))")
            return
        }
        #expect(zone.secondsFromGMT(for: Date(timeIntervalSince1970: 0)) == secondsEast)
        #expect(zone.secondsFromGMT(for: Date(timeIntervalSince1970: 1_790_000_000)) == secondsEast)
        // As the store keeps the zone its days were built in.
        #expect(TimeZone(identifier: zone.identifier)?.secondsFromGMT() == secondsEast)
    }

    @Test(arguments: ["CET-1CEST,M3.5.0,M10.5.0/3", "EST5EDT,M3.2.0,M11.1.0", "CET-1CEST", "<+1030>-10:30<+11>-11,M10.1.0,M4.1.0"])
    func summerTimeRulesAreRefusedNamingWhatGrocerTakes(value: String) {
        #expect(
            ZoneVariable.decide(value)
                == .refused(
                    "TZ=\(value) gives summer-time rules, which grocer cannot follow; set TZ to a zone name (Europe/Paris, "
                        + "America/New_York) or a fixed offset in POSIX's form (JST-9 is UTC+9), or unset it for the system's zone."))
    }

    @Test(arguments: ["Nowhere", "JST-99", ":Nowhere/City", "/tmp/zone", "JST-9:", "Mars\u{1B}[2J"])
    func whatIsNoZoneIsRefused(value: String) {
        guard case .refused(let line) = ZoneVariable.decide(value) else {
            Issue.record("\(value) taken: \(ZoneVariable.decide(value))")
            return
        }
        #expect(line.hasPrefix("TZ=") && line.contains("is not a time zone grocer knows; set TZ to a zone name"))
        #expect(!line.contains("\u{1B}"))
    }

    /// Foundation reads these as the C library does.
    @Test(arguments: [nil, "", "UTC", "GMT", "Europe/Paris", "America/New_York", "Asia/Kolkata", "EST5EDT", "PST8PDT", ":/etc/localtime", "JST"])
    func namesAreLeftToFoundation(value: String?) {
        #expect(ZoneVariable.decide(value) == .system)
    }

    @Test func aNameAfterAColonOrAZoneinfoPathIsThatZone() {
        #expect(ZoneVariable.decide(":Europe/Paris") == .zone(TimeZone(identifier: "Europe/Paris")!))
        #expect(ZoneVariable.decide("/usr/share/zoneinfo/Asia/Tokyo") == .zone(TimeZone(identifier: "Asia/Tokyo")!))
        #expect(ZoneVariable.decide(":/usr/share/zoneinfo/Asia/Tokyo") == .zone(TimeZone(identifier: "Asia/Tokyo")!))
    }
}
