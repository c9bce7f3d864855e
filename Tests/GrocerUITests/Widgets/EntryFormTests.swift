import Foundation
import GrocerCore
import Testing

@testable import GrocerUI

@Suite struct EntryFormTests {
    /// The history's form follows the weight screen: where the separator is
    /// ".", a typed "," stays as typed and the form says why in the command
    /// line's words; "72,5" is never a weight of 725.
    @Test func aCommaWhereTheSeparatorIsADotIsRefusedAsTyped() {
        let filter = DecimalInputFilter(locale: Locale(identifier: "en_US"))
        var form = EntryForm(purpose: .goal(current: nil), filter: filter, unit: .kg, timeZone: TimeZone(identifier: "UTC")!)
        for ch in "72" { #expect(form.type(ch) == nil) }
        #expect(form.type(",") == .notADigit(","))
        #expect(form.type("5") == .notADigit(","))
        #expect(form.value.text == "72,5")
        #expect(form.message == "'72,5' is not a weight: give a decimal above 0 with at most 2 decimals, e.g. 72.5.")
        #expect(form.weight == nil)
    }
}
