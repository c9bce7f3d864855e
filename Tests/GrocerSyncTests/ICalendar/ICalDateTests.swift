import Foundation
import Testing

@testable import GrocerSync

@Suite struct ICalDateTests {
    func date(_ value: String, tzid: String? = nil) -> String? {
        let parameters = tzid.map { [ICalParameter(name: "TZID", values: [$0])] } ?? []
        return ICalDate.date(ContentLine(name: "DTSTART", parameters: parameters, value: value)).map(ICalDate.utc)
    }

    @Test func readsUTCZonedFloatingAndDateValues() {
        #expect(date("20260701T080000Z") == "20260701T080000Z")
        #expect(date("20260701T080000", tzid: "Europe/Paris") == "20260701T060000Z")  // summer: +2
        #expect(date("20260101T080000", tzid: "Europe/Paris") == "20260101T070000Z")  // winter: +1
        #expect(date("20260701T080000") == "20260701T080000Z")  // floating: read as UTC
        #expect(date("20260701T080000", tzid: "Nowhere/Atlantis") == "20260701T080000Z")
        #expect(date("20260701") == "20260701T000000Z")
    }

    @Test(arguments: [
        "", "2026", "20261301T000000Z", "20260700T000000Z", "20260701T250000Z", "20260701X080000Z", "2026070１T080000Z", "20260701T080000ZZ",
    ])
    func refusesWhatIsNoDateTime(value: String) {
        #expect(date(value) == nil)
    }
}

@Suite struct SyncTextTests {
    @Test func cleansControlAndInvisibleCharactersAndRunsOfSpace() {
        #expect(SyncText.cleaned(" \u{1B}[2Jmilk\u{200B}\n\n\t2 %\u{202E} ", limit: 200) == "[2Jmilk 2 %")
    }

    @Test func cutsWithAnEllipsisAndIsStableOnItsOwnOutput() {
        let cut = SyncText.cleaned(String(repeating: "ab ", count: 100), limit: 10)
        #expect(cut == "ab ab ab…")
        #expect(SyncText.cleaned(cut, limit: 10) == cut)
    }
}
