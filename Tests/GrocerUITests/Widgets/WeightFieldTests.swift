import Foundation
import GrocerCore
import Testing

@testable import GrocerUI

@Suite struct WeightFieldTests {
    @Test func aRefusedCharacterLeavesTheTextAsItWas() {
        var field = WeightField(filter: DecimalInputFilter(locale: Locale(identifier: "en_US")))
        for ch in "72.5" { #expect(field.insert(ch, unit: .kg) == nil) }
        #expect(field.insert("x", unit: .kg) != nil)
        #expect(field.text == "72.5")
        #expect(field.weight(unit: .kg) == Weight(digits: "72.5", unit: .kg))
    }

    @Test func deletingReachesEmptyAndThenSaysSo() {
        var field = WeightField(filter: DecimalInputFilter(locale: Locale(identifier: "en_US")))
        _ = field.insert("7", unit: .lbs)
        let first = field.deleteBackward()
        let second = field.deleteBackward()
        #expect(first)
        #expect(!second)
        #expect(field.weight(unit: .lbs) == nil)
    }
}
