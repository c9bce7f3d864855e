import Foundation
import GrocerCore
import Testing

@testable import GrocerUI

@Suite struct UnitPickerScreenTests {
    @Test func eachMoveChangesTheDefaultAtOnceAndDoneDismisses() {
        var context = testContext()
        var picker = UnitPickerScreen(selected: .kg)
        _ = picker.appear(&context)
        #expect(picker.selected == .lbs)
        #expect(picker.handle(.char("j"), &context) == .perform(.setDefaultUnit(.kg)))
        #expect(context.defaultUnit == .kg)
        // Stones and pounds, the third: weights are then kept in pounds.
        #expect(picker.handle(.down, &context) == .perform(.setDefaultUnit(.st)))
        #expect(context.displayUnit == .st && context.defaultUnit == .lbs)
        #expect(picker.handle(.down, &context) == .none)
        #expect(picker.handle(.up, &context) == .perform(.setDefaultUnit(.kg)))
        #expect(picker.handle(.up, &context) == .perform(.setDefaultUnit(.lbs)))
        #expect(context.defaultUnit == .lbs)
        #expect(picker.handle(.enter, &context) == .dismiss)
    }

    @Test func theThreeUnitsAreListedTheChosenOneMarked() {
        var context = testContext()
        context.displayUnit = .st
        var picker = UnitPickerScreen(selected: .lbs)
        _ = picker.appear(&context)
        var canvas = Canvas(width: 80, height: 23)
        picker.render(into: &canvas, context)
        let text = canvas.lines.joined(separator: "\n")
        #expect(text.contains("  Pounds (lbs)") && text.contains("  Kilograms (kg)") && text.contains("> Stones (st lb)"))
    }

    @Test func aFailedChangeIsShownUnderTheBox() {
        var context = testContext()
        var picker = UnitPickerScreen(selected: .lbs)
        _ = picker.receive(.failed(.setDefaultUnit(.kg), "Could not write to /x: disk full. Nothing was lost; try again."), &context)
        var canvas = Canvas(width: 80, height: 23)
        picker.render(into: &canvas, context)
        #expect(canvas.lines.contains { $0.contains("disk full") })
    }
}
