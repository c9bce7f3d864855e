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
    }

    /// In English a "," groups thousands: refused, and kept as typed with
    /// the digits after it, so "72,5" never becomes 725 and is never a
    /// weight; deleting the comma gives the field back.
    @Test func inEnglishACommaIsKeptAsTypedAndNeverBecomesAWeight() {
        var field = WeightField(filter: DecimalInputFilter(locale: Locale(identifier: "en_US")))
        for ch in "72" { #expect(field.insert(ch, unit: .lbs) == nil) }
        #expect(!field.holdsGroupingComma)
        #expect(field.insert(",", unit: .lbs) == .notADigit(","))
        #expect(field.insert("5", unit: .lbs) == .notADigit(","))
        #expect(field.text == "72,5")
        #expect(field.holdsGroupingComma)
        #expect(field.weight(unit: .lbs) == nil)
        // Only what a weight's text holds is kept, and not past its length.
        #expect(field.insert("x", unit: .lbs) == .notADigit(","))
        for ch in "12345" { _ = field.insert(ch, unit: .lbs) }
        #expect(field.text == "72,512345")
        #expect(field.insert("6", unit: .lbs) == .notADigit(","))
        #expect(field.text == "72,512345")
        for _ in 0..<7 {
            let deleted = field.deleteBackward()
            #expect(deleted)
        }
        #expect(field.text == "72" && !field.holdsGroupingComma)
        #expect(field.weight(unit: .lbs) == Weight(digits: "72", unit: .lbs))
    }
}
