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

@Suite struct SingleASCIIByteTests {
    @Test(arguments: [("a", 0x61), (" ", 0x20), ("~", 0x7E), ("\u{7F}", 0x7F), ("\t", 0x09)] as [(Character, UInt8)])
    func anASCIICharacterIsItsByte(character: Character, byte: UInt8) {
        #expect(character.singleASCIIByte == byte)
    }

    @Test(arguments: ["\r\n", "é", "e\u{301}", "─", "牛", "\u{80}"] as [Character])
    func anythingElseIsNot(character: Character) {
        #expect(character.singleASCIIByte == nil)
    }
}
