import Testing

@testable import GrocerCore

@Suite struct CharacterASCIIDigitTests {
    @Test(arguments: Array("0123456789"))
    func theTenASCIIDigitsAreDigits(ch: Character) {
        #expect(ch.isASCIIDigit)
    }

    @Test(
        arguments: [
            "7\u{301}", "0\u{300}", "9\u{20DD}", "7\u{FE0F}\u{20E3}",  // a digit with a mark is another character
            "٧", "۷", "७", "７", "⁷", "₇", "①", "𝟕",  // digits of other scripts and styles
            "a", " ", ".", "/", ":",  // the neighbours of "0" and "9"
        ] as [Character])
    func anythingElseIsNot(ch: Character) {
        #expect(!ch.isASCIIDigit)
    }
}
