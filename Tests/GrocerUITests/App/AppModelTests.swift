import Foundation
import GrocerCore
import Testing
@testable import GrocerUI

@Suite struct AppModelTests {
    static let noon = Date(timeIntervalSince1970: 1_795_262_400)

    func model(unit: WeightUnit = .lbs) -> AppModel {
        AppModel(locales: .fixed(), defaultUnit: unit, now: Self.noon)
    }

    func frame(_ app: AppModel, _ width: Int = 80, _ height: Int = 24) -> [String] {
        var canvas = Canvas(width: width, height: height)
        app.render(into: &canvas)
        return canvas.lines
    }

    @Test func theHintBarShowsTheScreensKeysThenTheGlobalOnes() {
        let lines = frame(model())
        #expect(lines[23] == "Enter Save  ^U Unit  F1 Help  F2 Weight  F3 History  F4 Tip  F10 Quit")
    }

    @Test func aTinyTerminalSaysHowBigItMustBe() {
        var app = model()
        app.resize(width: 20, height: 6)
        #expect(frame(app, 20, 6) == [
            "Terminal too small:",
            "20x6. grocer needs",
            "36x13. Enlarge the",
            "window, or press F10",
            "to quit.",
            "",
        ])
    }

    @Test func savingShowsTheHistoryNewestFirst() {
        var app = model()
        for ch in "180.4" { _ = app.handle(.char(ch), now: Self.noon) }
        let outcome = app.handle(.enter, now: Self.noon)
        let weight = Weight(digits: "180.4", unit: .lbs)!
        #expect(outcome == .perform(.saveWeight(weight, at: Self.noon)))
        let older = WeightEntry(id: 1, weight: Weight(digits: "72.5", unit: .kg)!, recordedAt: Self.noon.addingTimeInterval(-86_400))
        let saved = WeightEntry(id: 2, weight: weight, recordedAt: Self.noon)
        app.receive(.weightSaved(saved, recent: [saved, older]))
        #expect(app.tab == .history)
        let lines = frame(app).map { $0.replacingOccurrences(of: "\u{202F}", with: " ") }
        #expect(Array(lines.prefix(6)) == [
            "",
            "                                 Weight History",
            "                                Saved 180.4 lbs",
            "               Nov 21, 2026 at 12:00 PM                 180.4 lbs",
            "               Nov 20, 2026 at 12:00 PM                   72.5 kg",
            "",
        ])
    }

    @Test(arguments: [
        (Key.function(1), AppModel.Tab.help), (.alt("1"), .help),
        (.function(3), .history), (.alt("3"), .history),
    ])
    func functionKeysAndAltDigitsSwitchScreens(key: Key, tab: AppModel.Tab) {
        var app = model()
        _ = app.handle(key, now: Self.noon)
        #expect(app.tab == tab)
    }

    @Test func f2AndAlt2ShowAFreshWeightScreen() {
        var app = model()
        _ = app.handle(.char("7"), now: Self.noon)
        _ = app.handle(.function(3), now: Self.noon)
        let later = Self.noon.addingTimeInterval(60)
        _ = app.handle(.alt("2"), now: later)
        #expect(app.tab == .weight)
        #expect(app.weight.field.text.isEmpty)
        #expect(app.weight.appearedAt == later)
    }

    @Test func helpListsEveryBindingAndEscGoesBack() {
        var app = model()
        _ = app.handle(.function(3), now: Self.noon)
        _ = app.handle(.function(1), now: Self.noon)
        let text = frame(app, 80, 40).joined(separator: "\n")
        for key in ["F1", "F2", "F3", "F4", "F10", "Ctrl-C", "Alt-1", "Ctrl-U", "Backspace", "Enter"] {
            #expect(text.contains(key), "help lacks \(key)")
        }
        _ = app.handle(.escape, now: Self.noon)
        #expect(app.tab == .history)
    }

    @Test(arguments: [Key.function(10), .ctrl("c")])
    func quitKeys(key: Key) {
        var app = model()
        #expect(app.handle(key, now: Self.noon) == .quit)
    }

    @Test func theUnitChosenInThePickerIsTheNewDefault() {
        var app = model()
        _ = app.handle(.ctrl("u"), now: Self.noon)
        #expect(app.handle(.down, now: Self.noon) == .perform(.setDefaultUnit(.kg)))
        #expect(app.defaultUnit == .kg)
        _ = app.handle(.enter, now: Self.noon)
        _ = app.handle(.function(2), now: Self.noon)
        #expect(app.weight.unit == .kg)
    }

    @Test func aFailedSaveKeepsTheTextAndSaysSo() {
        var app = model()
        for ch in "72" { _ = app.handle(.char(ch), now: Self.noon) }
        app.receive(.failed("Could not write to /x: disk full. Nothing was lost; try again."))
        #expect(app.weight.field.text == "72")
        #expect(frame(app).contains { $0.contains("disk full") })
    }
}
