import Foundation
import GrocerCore
import Testing
@testable import GrocerUI

@Suite struct WeightEntryScreenTests {
    static let noon = Date(timeIntervalSince1970: 1_795_262_400)

    func screen(_ locale: String = "en_US", unit: WeightUnit = .lbs) -> WeightEntryScreen {
        WeightEntryScreen(locales: .fixed(locale), unit: unit, now: Self.noon)
    }

    func rendered(_ screen: WeightEntryScreen, _ width: Int = 80, _ height: Int = 23) -> Canvas {
        var canvas = Canvas(width: width, height: height)
        screen.render(into: &canvas)
        return canvas
    }

    @discardableResult
    func type(_ text: String, into screen: inout WeightEntryScreen) -> [Outcome] {
        text.map { screen.handle(.char($0)) }
    }

    @Test func rendersTitleDateFieldAndUnitButtonAt80x24() {
        var s = screen()
        type("180.4", into: &s)
        let canvas = rendered(s)
        let lines = canvas.lines.map { $0.replacingOccurrences(of: "\u{202F}", with: " ") }
        #expect(Array(lines.prefix(9)) == [
            "",
            "                              Enter Today's Weight",
            "",
            "                         November 21, 2026 at 12:00 PM",
            "",
            "                       ┌─ Weight ───────────────────────┐",
            "                       │ 180.4               [ lbs ^U ] │",
            "                       └────────────────────────────────┘",
            "",
        ])
        #expect(canvas.cursor! == (6, 30))
    }

    @Test func filtersEveryKeystrokeAndSaysWhy() {
        var s = screen()
        let outcomes = type("1a8-0..45", into: &s)
        #expect(s.field.text == "180.45")
        #expect(outcomes == [.redraw, .reject, .redraw, .reject, .redraw, .redraw, .reject, .redraw, .redraw])
        #expect(s.handle(.char("6")) == .reject)
        #expect(s.field.text == "180.45")
        #expect(rendered(s).lines[9].contains("At most 2 digits after “.”."))
    }

    @Test func usesTheGermanSeparator() {
        var s = screen("de_DE", unit: .kg)
        type("72.,5", into: &s)
        #expect(s.field.text == "72,5")
        #expect(s.handle(.enter) == .perform(.saveWeight(Weight(digits: "72.5", unit: .kg)!, at: Self.noon)))
    }

    @Test func backspaceReachesAnEmptyFieldAndEnterThereDoesNothing() {
        var s = screen()
        type("72.5", into: &s)
        for _ in 0..<4 { #expect(s.handle(.backspace) == .redraw) }
        #expect(s.field.text.isEmpty)
        #expect(s.handle(.backspace) == .none)
        #expect(s.handle(.enter) == .none)
    }

    @Test func zeroIsRejectedWithAMessageAndNothingSaved() {
        var s = screen()
        type("0.00", into: &s)
        #expect(s.handle(.enter) == .reject)
        #expect(s.message?.contains("more than 0") == true)
    }

    @Test func overTheMaximumAfterASwitchToKgIsRefusedOnEnter() {
        var s = screen()
        type("1000", into: &s)
        _ = s.handle(.ctrl("u"))
        #expect(s.handle(.down) == .perform(.setDefaultUnit(.kg)))
        #expect(s.handle(.enter) == .redraw)
        #expect(s.handle(.enter) == .reject)
        #expect(s.message == "That is over 680 kg, the most grocer takes.")
    }

    @Test func thePickerMovesTheDefaultAtOnceAndTheButtonFollows() {
        var s = screen()
        #expect(s.handle(.ctrl("u")) == .redraw)
        #expect(s.picker?.selected == .lbs)
        #expect(s.handle(.char("j")) == .perform(.setDefaultUnit(.kg)))
        #expect(s.unit == .kg)
        #expect(s.handle(.down) == .none)
        let lines = rendered(s).lines
        #expect(lines.contains { $0.contains("> Kilograms (kg)") })
        #expect(lines[6].contains("[ kg ^U ]"))
        #expect(s.handle(.char("k")) == .perform(.setDefaultUnit(.lbs)))
        #expect(s.handle(.escape) == .redraw)
        #expect(s.picker == nil)
    }

    @Test func appearingClearsTheFieldAndRefreshesTheTime() {
        var s = screen()
        type("99", into: &s)
        let later = Self.noon.addingTimeInterval(3600)
        s.appear(now: later, unit: .kg)
        #expect(s.field.text.isEmpty)
        #expect(s.appearedAt == later)
        #expect(s.unit == .kg)
    }
}
