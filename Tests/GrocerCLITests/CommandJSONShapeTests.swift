import Foundation
import GrocerCore
import Testing

@testable import grocer

/// The JSON a few commands print, written out: keys in a fixed order.
@Suite struct CommandJSONShapeTests {
    @Test func heightIsItsValueAndUnitThenBothUnitsToATenth() {
        #expect(HeightCommand.json(Height(value: 180, unit: .cm)) == #"{"value": 180, "unit": "cm", "cm": 180.0, "in": 70.9}"#)
        #expect(HeightCommand.json(Height(value: 70.5, unit: .inches)) == #"{"value": 70.5, "unit": "in", "cm": 179.1, "in": 70.5}"#)
        #expect(HeightCommand.json(nil) == "null")
    }
}
