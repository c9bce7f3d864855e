import Foundation
import Testing

@testable import GrocerSync

@Suite struct ICalendarTests {
    /// A Tasks.org-style VTODO with another app's alarm and X- properties.
    static let tasksOrg =
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:+//IDN tasks.org//android-130804//EN\r\n"
        + "BEGIN:VTODO\r\nDTSTAMP:20261125T101010Z\r\nUID:6d3c1f0e-1b2a-4c55-9e0e-2f1d2c3b4a59\r\n"
        + "CREATED:20261120T090000Z\r\nLAST-MODIFIED:20261125T101010Z\r\nSUMMARY:2 kg flour\r\n"
        + "DESCRIPTION:the good one\\, not the cheap one\\nfrom the top shelf\r\n"
        + "X-APPLE-SORT-ORDER:-12345\r\nX-TASKS-ORG-COLOR;VALUE=INTEGER:-16777216\r\n"
        + "X-LONG-THING:0123456789012345678901234567890123456789012345678901234567890123\r\n 456789 and the rest\r\n"
        + "BEGIN:VALARM\r\nTRIGGER;RELATED=END:PT0S\r\nACTION:DISPLAY\r\nDESCRIPTION:Default Tasks.org description\r\nEND:VALARM\r\n"
        + "END:VTODO\r\nEND:VCALENDAR\r\n"

    @Test func readsComponentsAndProperties() throws {
        let calendar = try ICalendar.read(Self.tasksOrg)
        #expect(calendar.name == "VCALENDAR")
        let todo = try #require(calendar.components(named: "VTODO").first)
        #expect(todo.property("summary")?.text == "2 kg flour")
        #expect(todo.property("DESCRIPTION")?.text == "the good one, not the cheap one\nfrom the top shelf")
        #expect(todo.property("X-TASKS-ORG-COLOR")?.parameter("value")?.values == ["INTEGER"])
        #expect(todo.property("X-LONG-THING")?.value == "0123456789012345678901234567890123456789012345678901234567890123456789 and the rest")
        #expect(todo.components(named: "VALARM").first?.property("ACTION")?.value == "DISPLAY")
    }

    @Test func writesWhatItReadByteForByte() throws {
        #expect(ICalendar.write(try ICalendar.read(Self.tasksOrg)) == Self.tasksOrg)
    }

    @Test func rewritingOneOwnedPropertyKeepsEveryOtherLineByteForByte() throws {
        let calendar = try ICalendar.read(Self.tasksOrg)
        let todo = try #require(calendar.components.first)
        let renamed = todo.setting("SUMMARY", to: ContentLine(name: "SUMMARY", text: "3 kg flour"))
        let written = ICalendar.write(calendar.replacing(todo, with: renamed))
        #expect(written == Self.tasksOrg.replacingOccurrences(of: "SUMMARY:2 kg flour", with: "SUMMARY:3 kg flour"))
    }

    @Test func settingAPropertyToWhatItHoldsKeepsItsBytes() throws {
        let odd = "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nsummary:milk\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        let todo = try #require(try ICalendar.read(odd).components.first)
        let same = todo.setting("SUMMARY", to: ContentLine(name: "SUMMARY", text: "milk"))
        #expect(same == todo)
    }

    @Test func addedPropertiesGoAfterTheLastPropertyBeforeNestedComponents() throws {
        let todo = try #require(try ICalendar.read(Self.tasksOrg).components.first)
        let added = todo.setting("X-GROCER-AISLE", to: ContentLine(name: "X-GROCER-AISLE", text: "Bakery"))
        let names = added.children.map { child -> String in
            switch child {
            case .property(let line): line.name
            case .component(let component): component.name
            case .unparsed: "?"
            }
        }
        #expect(names.suffix(3) == ["X-LONG-THING", "X-GROCER-AISLE", "VALARM"])
    }

    @Test func acceptsBareLineFeedsAndTabContinuations() throws {
        let text = "BEGIN:VCALENDAR\nBEGIN:VTODO\nSUMMARY:3 ap\n\tples\nEND:VTODO\nEND:VCALENDAR\n"
        let todo = try #require(try ICalendar.read(text).components.first)
        #expect(todo.property("SUMMARY")?.text == "3 apples")
    }

    @Test func foldsAt75OctetsWithoutSplittingAUTF8Sequence() {
        let line = "SUMMARY:" + String(repeating: "é", count: 80)
        let folded = ICalendar.folded(line)
        let pieces = folded.components(separatedBy: "\r\n")
        #expect(pieces.count == 3)
        #expect(pieces.allSatisfy { $0.utf8.count <= 75 })
        #expect(pieces[0].utf8.count == 74)  // 8 + 33 × 2; one more "é" would make 76
        #expect(pieces.dropFirst().allSatisfy { $0.hasPrefix(" ") })
        #expect(pieces[0] + pieces[1].dropFirst() + pieces[2].dropFirst() == line)
    }

    @Test func aShortLineIsNotFolded() {
        let line = String(repeating: "a", count: 75)
        #expect(ICalendar.folded(line) == line)
        #expect(ICalendar.folded(line + "b") == line + "\r\n b")
    }

    @Test func writesMadeLinesFoldedAndReadsThemBack() throws {
        let summary = String(repeating: "Crème fraîche, 1; ", count: 12)
        let todo = ICalComponent(name: "VTODO").setting("SUMMARY", to: ContentLine(name: "SUMMARY", text: summary))
        let written = ICalendar.write(ICalComponent(name: "VCALENDAR", children: [.component(todo)]))
        #expect(written.components(separatedBy: "\r\n").allSatisfy { $0.utf8.count <= 75 })
        #expect(try ICalendar.read(written).components.first?.property("SUMMARY")?.text == summary)
    }

    @Test func aMadeLineNeverWritesARawLineBreak() throws {
        let todo = ICalComponent(name: "VTODO").setting("X-A", to: ContentLine(name: "X-A", value: "a\r\nSTATUS:COMPLETED\u{1B}"))
        let written = ICalendar.write(ICalComponent(name: "VCALENDAR", children: [.component(todo)]))
        #expect(written == "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nX-A:aSTATUS:COMPLETED\r\nEND:VTODO\r\nEND:VCALENDAR\r\n")
    }

    @Test func quotedParameterValuesMayHoldDelimiters() throws {
        let text = "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nX-A;X-P=\"a;b:c\",plain;Y=1:v:w\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        let line = try #require(try ICalendar.read(text).components.first?.property("X-A"))
        #expect(line.parameters == [ICalParameter(name: "X-P", values: ["a;b:c", "plain"]), ICalParameter(name: "Y", values: ["1"])])
        #expect(line.value == "v:w")
        #expect(ContentLine(name: "X-A", parameters: line.parameters, value: "v:w").unfolded == "X-A;X-P=\"a;b:c\",plain;Y=1:v:w")
    }

    @Test func aLineThatDoesNotParseIsKeptAsItCame() throws {
        let text = "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nthis is not a property\r\nSUMMARY:x\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        let calendar = try ICalendar.read(text)
        #expect(calendar.components.first?.children.first == .unparsed("this is not a property"))
        #expect(ICalendar.write(calendar) == text)
    }

    @Test(arguments: [
        ("a\\b;c,d\ne", "a\\\\b\\;c\\,d\\ne"),
        ("two\r\nlines", "two\\nlines"),
        ("", ""),
    ])
    func escapesText(text: String, escaped: String) {
        #expect(ICalText.escaped(text) == escaped)
        #expect(ICalText.unescaped(escaped) == text.replacingOccurrences(of: "\r\n", with: "\n"))
    }

    @Test func readsUpperCaseNAndKeepsUnknownEscapes() {
        #expect(ICalText.unescaped("a\\Nb\\x\\") == "a\nb\\x\\")
    }

    @Test func splitsAListAtUnescapedCommas() {
        #expect(ICalText.list("Bakery,Fish\\, fresh,") == ["Bakery", "Fish, fresh", ""])
        #expect(ICalText.joined(["Fish, fresh", "a;b"]) == "Fish\\, fresh,a\\;b")
    }

    @Test(arguments: [
        ("BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nEND:VCALENDAR\r\n", ICalendar.Problem.unbalanced(line: 3)),
        ("BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\n", .unclosed("VTODO")),
        ("SUMMARY:x\r\n", .unbalanced(line: 1)),
        ("BEGIN:VTODO\r\nEND:VTODO\r\n", .notACalendar),
        ("", .notACalendar),
        ("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\nBEGIN:VCALENDAR\r\n", .unbalanced(line: 3)),
    ])
    func refusesBrokenStructure(text: String, problem: ICalendar.Problem) {
        #expect(throws: problem) { try ICalendar.read(text) }
    }

    @Test func refusesWhatIsPastItsLimits() {
        let limits = ICalendar.Limits(maximumBytes: 4000, maximumLineBytes: 100, maximumLines: 20, maximumComponents: 3, maximumDepth: 2)
        let wrap = { (body: String) in "BEGIN:VCALENDAR\r\n" + body + "END:VCALENDAR\r\n" }
        #expect(throws: ICalendar.Problem.tooLarge(bytes: 5000)) { try ICalendar.read(String(repeating: "a", count: 5000), limits: limits) }
        #expect(throws: ICalendar.Problem.lineTooLong(line: 2)) {
            try ICalendar.read(wrap("X:" + String(repeating: "a", count: 60) + "\r\n " + String(repeating: "a", count: 60) + "\r\n"), limits: limits)
        }
        #expect(throws: ICalendar.Problem.tooManyLines) { try ICalendar.read(wrap(String(repeating: "X:a\r\n", count: 30)), limits: limits) }
        #expect(throws: ICalendar.Problem.tooDeep(line: 3)) {
            try ICalendar.read(wrap("BEGIN:VTODO\r\nBEGIN:VALARM\r\nEND:VALARM\r\nEND:VTODO\r\n"), limits: limits)
        }
        #expect(throws: ICalendar.Problem.tooManyComponents) {
            try ICalendar.read(wrap(String(repeating: "BEGIN:VTODO\r\nEND:VTODO\r\n", count: 3)), limits: limits)
        }
    }

    @Test func aOneMegabyteSummaryIsRefused() {
        let text = "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nSUMMARY:" + String(repeating: "x", count: 1_000_000) + "\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        #expect(throws: ICalendar.Problem.lineTooLong(line: 3)) { try ICalendar.read(text) }
    }

    @Test func refusesBytesThatAreNotUTF8() {
        let bytes = Array("BEGIN:VCALENDAR\r\nX:".utf8) + [0xFF, 0xFE] + Array("\r\nEND:VCALENDAR\r\n".utf8)
        #expect(throws: ICalendar.Problem.notUTF8) { try ICalendar.read(bytes) }
    }

    /// Names match whatever their case, and only as whole names: the
    /// lookup compares bytes, without making upper-case copies.
    @Test func namesMatchWithoutRegardToCaseAndOnlyWhole() throws {
        let calendar = try ICalendar.read(
            "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nsummary;x-Lang=fr:Thé\r\nX-GROCER-NAME:thé\r\nEND:VTODO\r\nEND:VCALENDAR\r\n")
        let todo = try #require(calendar.components(named: "vtodo").first)
        #expect(todo.property("SUMMARY")?.value == "Thé")
        #expect(todo.property("Summary")?.parameter("X-LANG")?.values == ["fr"])
        #expect(todo.property("x-grocer-name")?.value == "thé")
        #expect(todo.property("SUMMAR") == nil && todo.property("SUMMARYX") == nil && todo.property("X-GROCER-NAMF") == nil)
        #expect(todo.properties(named: "SUMMARY").count == 1)
        #expect(!ContentLine(name: "SUMMARY", value: "").is("SUMMARY-"))
        #expect(ContentLine(name: "x-a-1", value: "").is("X-A-1"))
    }
}
