import Foundation
import GrocerCore
import Testing

@testable import GrocerUI

@Suite struct ChoicePickerTests {
    /// As in the `/` filter: names with the typed text as a whole word
    /// first, and the first of them highlighted.
    @Test func wholeWordMatchesComeFirst() {
        var picker = ChoicePicker(
            names: [(1, "Aisle 12"), (2, "Aisle 2"), (3, "Aisle 20"), (4, "Frozen")], current: nil, locale: Locale(identifier: "en_US"))
        for key in [Key.char("2")] { _ = picker.handle(key) }
        #expect(picker.options.map(\.label) == ["(none)", "Aisle 2", "Aisle 12", "Aisle 20", "+ New “2”"])
        #expect(picker.choice == .existing(2))
    }
}
