import Foundation
import GrocerCore
import Testing

@testable import GrocerUI

/// Body fat on the weight screen (issue 34): Tab goes from the weight to
/// the body fat (then the time on an earlier day, then the note), which
/// takes the weight field's typing rules; Enter saves both.
@Suite struct WeightEntryBodyFatTests {
    typealias Fixture = WeightEntryScreenTests.Fixture
    static let noon = WeightEntryScreenTests.noon

    static func type(_ text: String, into f: inout Fixture) {
        for ch in text { _ = f.handle(.char(ch)) }
    }

    static func lines(_ f: Fixture) -> [String] {
        var canvas = Canvas(width: 80, height: 23)
        f.screen.render(into: &canvas, f.context)
        return canvas.lines.map { $0.replacingOccurrences(of: "\u{202F}", with: " ") }
    }

    @Test func tabReachesTheBodyFatAndEnterSavesBoth() {
        var f = Fixture(unit: .kg)
        Self.type("78.5", into: &f)
        #expect(Self.lines(f)[8] == "                        Body fat: optional, Tab")
        #expect(f.handle(.tab) == .redraw)
        #expect(f.screen.focus == .fat)
        Self.type("18.4", into: &f)
        #expect(
            Array(Self.lines(f)[5...9]) == [
                "                       ┌─ Weight ───────────────────────┐",
                "                       │ 78.5                 [ kg ^U ] │",
                "                       └────────────────────────────────┘",
                "                        Body fat: 18.4 %",
                "                        Note: Tab adds one",
            ])
        #expect(
            f.handle(.enter) == .perform(.saveWeight(Weight(digits: "78.5", unit: .kg)!, at: Self.noon, note: "", bodyFat: BodyFat(digits: "18.4"))))
    }

    @Test func theFieldsGoWeightBodyFatNoteAndBack() {
        var f = Fixture(unit: .kg)
        _ = f.handle(.tab)
        #expect(f.screen.focus == .fat)
        _ = f.handle(.tab)
        #expect(f.screen.focus == .note)
        _ = f.handle(.tab)
        #expect(f.screen.focus == .weight)
        _ = f.handle(.backTab)
        #expect(f.screen.focus == .note)
        _ = f.handle(.backTab)
        #expect(f.screen.focus == .fat)
    }

    /// The weight field's rules: digits and one separator, 2 decimals;
    /// below 100. A refused key leaves the text as it was.
    @Test func onlyAPercentageCanBeTyped() {
        var f = Fixture(unit: .kg)
        _ = f.handle(.tab)
        Self.type("18", into: &f)
        #expect(f.handle(.char("x")) == .reject)
        #expect(f.message == "“x” is not allowed in the body fat: type digits and one “.”.")
        #expect(f.handle(.char("4")) == .reject)
        #expect(f.message == "Body fat is a percentage below 100, e.g. 18.4.")
        Self.type(".45", into: &f)
        #expect(f.handle(.char("6")) == .reject)
        #expect(f.message == "At most 2 digits after “.”.")
        #expect(f.screen.fat.text == "18.45")
        #expect(f.handle(.char(".")) == .reject)
        #expect(f.screen.fat.text == "18.45")
    }

    @Test func noBodyFatSavesTheWeightAlone() {
        var f = Fixture(unit: .kg)
        Self.type("78.5", into: &f)
        #expect(f.handle(.enter) == .perform(.saveWeight(Weight(digits: "78.5", unit: .kg)!, at: Self.noon, note: "")))
    }

    /// "0" is no body fat: Enter goes back to the field and says why.
    @Test func aZeroBodyFatIsNotSaved() {
        var f = Fixture(unit: .kg)
        Self.type("78.5", into: &f)
        _ = f.handle(.tab)
        Self.type("0", into: &f)
        _ = f.handle(.tab)
        #expect(f.handle(.enter) == .reject)
        #expect(f.screen.focus == .fat)
        #expect(f.message == "Body fat is a percentage below 100, e.g. 18.4.")
    }
}
