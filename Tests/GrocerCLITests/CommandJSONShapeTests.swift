import Foundation
import GrocerCore
import GrocerStore
import Testing

@testable import grocer

/// The JSON a few commands print, written out: keys in a fixed order.
@Suite struct CommandJSONShapeTests {
    @Test func heightIsItsValueAndUnitThenBothUnitsToATenth() {
        #expect(HeightCommand.json(Height(value: 180, unit: .cm)) == #"{"value": 180, "unit": "cm", "cm": 180.0, "in": 70.9}"#)
        #expect(HeightCommand.json(Height(value: 70.5, unit: .inches)) == #"{"value": 70.5, "unit": "in", "cm": 179.1, "in": 70.5}"#)
        #expect(HeightCommand.json(nil) == "null")
    }

    @Test func aMigrationIsItsVersionsAndCountsByName() {
        var summary = MigrationSummary(
            fromVersion: 2, toVersion: 5, carried: ["weight_entry": 3, "item": 2], repairs: ["unit name": 1],
            quarantined: [:], notCarried: ["notes"], backupPath: "/s/grocer.sqlite.v2.bak")
        #expect(
            StoreMigrateCommand.json(summary)
                == #"{"migrated": true, "fromVersion": 2, "toVersion": 5, "carried": {"item": 2, "weight_entry": 3}, "#
                + #""repaired": {"unit name": 1}, "quarantined": {}, "notCarried": ["notes"], "backup": "/s/grocer.sqlite.v2.bak"}"#)
        summary.backupPath = nil
        #expect(StoreMigrateCommand.json(summary).hasSuffix(#""backup": null}"#))
    }

    @Test func anAisleHasItsPositionAndOtherNamesDoNot() {
        let dairy = GroceryNames.Entry(kind: .aisle, id: 2, name: "Dairy \"1\"", position: 1)
        #expect(GroceryNameCommands.json(dairy) == #"{"id": 2, "name": "Dairy \"1\"", "position": 1}"#)
        #expect(GroceryNameCommands.json(GroceryNames.Entry(kind: .place, id: 3, name: "Pantry")) == #"{"id": 3, "name": "Pantry"}"#)
    }
}
