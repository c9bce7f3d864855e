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

    /// ar_EG's separator (U+066B) is on no common keyboard: `.` and `,`
    /// typed for it show as it, and the weight is the same.
    @Test(arguments: ["72.5", "72,5", "72\u{66B}5"])
    func inArabicEgyptDotAndCommaAreTheSeparator(typed: String) {
        var field = WeightField(filter: DecimalInputFilter(locale: Locale(identifier: "ar_EG")))
        for ch in typed { #expect(field.insert(ch, unit: .kg) == nil) }
        #expect(field.text == "72\u{66B}5")
        #expect(field.weight(unit: .kg) == Weight(digits: "72.5", unit: .kg))
        #expect(field.insert(",", unit: .kg) == .secondSeparator)
    }

    /// In German a typed "." (a numeric keypad's, a habit's) is the
    /// decimal point, shown as the locale's ","; in English "," is refused.
    @Test func inGermanADotIsTheLocalesSeparator() {
        var field = WeightField(filter: DecimalInputFilter(locale: Locale(identifier: "de_DE")))
        _ = field.insert("7", unit: .kg)
        #expect(field.insert(".", unit: .kg) == nil)
        #expect(field.text == "7,")
        _ = field.insert("5", unit: .kg)
        #expect(field.weight(unit: .kg) == Weight(digits: "7.5", unit: .kg))
        var english = WeightField(filter: DecimalInputFilter(locale: Locale(identifier: "en_US")))
        _ = english.insert("7", unit: .kg)
        #expect(english.insert(",", unit: .kg) == .notADigit(","))
        #expect(english.text == "7")
    }
}
