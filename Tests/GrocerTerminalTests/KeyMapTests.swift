import CNCursesw
import GrocerUI
import Testing

@testable import GrocerTerminal

/// Raw ncurses key codes and characters become `Key` in one place.
@Suite struct KeyMapTests {
    @Test func controlCharactersAreTheirKeys() {
        #expect(KeyMap.key(forCharacter: 10) == .enter)
        #expect(KeyMap.key(forCharacter: 13) == .enter)
        #expect(KeyMap.key(forCharacter: 9) == .tab)
        #expect(KeyMap.key(forCharacter: 8) == .backspace)
        #expect(KeyMap.key(forCharacter: 127) == .backspace)
        #expect(KeyMap.key(forCharacter: 27) == .escape)
        #expect(KeyMap.key(forCharacter: 1) == .ctrl("a"))
        #expect(KeyMap.key(forCharacter: 21) == .ctrl("u"))
        #expect(KeyMap.key(forCharacter: 26) == .ctrl("z"))
    }

    @Test func printableCharactersAreTyped() {
        #expect(KeyMap.key(forCharacter: UInt32(UInt8(ascii: "q"))) == .char("q"))
        #expect(KeyMap.key(forCharacter: 32) == .char(" "))
        #expect(KeyMap.key(forCharacter: 0xE9) == .char("é"))
        #expect(KeyMap.key(forCharacter: 0x1F3D4) == .char("🏔"))
    }

    /// Nothing a terminal sends can crash the map: NUL, the C0 controls
    /// without a key, a surrogate and a value past Unicode are unknown.
    @Test func whatIsNoKeyIsUnknown() {
        for value: UInt32 in [0, 28, 29, 30, 31, 0xD800, 0xDFFF, 0x110000, UInt32.max] {
            #expect(KeyMap.key(forCharacter: value) == .unknown, "\(value)")
        }
    }

    @Test func functionAndCursorKeyCodesAreTheirKeys() {
        #expect(KeyMap.key(forCode: KEY_UP) == .up)
        #expect(KeyMap.key(forCode: KEY_DOWN) == .down)
        #expect(KeyMap.key(forCode: KEY_LEFT) == .left)
        #expect(KeyMap.key(forCode: KEY_RIGHT) == .right)
        #expect(KeyMap.key(forCode: KEY_HOME) == .home)
        #expect(KeyMap.key(forCode: KEY_END) == .end)
        #expect(KeyMap.key(forCode: KEY_PPAGE) == .pageUp)
        #expect(KeyMap.key(forCode: KEY_NPAGE) == .pageDown)
        #expect(KeyMap.key(forCode: KEY_BACKSPACE) == .backspace)
        #expect(KeyMap.key(forCode: KEY_DC) == .delete)
        #expect(KeyMap.key(forCode: KEY_ENTER) == .enter)
        #expect(KeyMap.key(forCode: KEY_BTAB) == .backTab)
        #expect(KeyMap.key(forCode: grocer_key_resize()) == .resize)
        for n in 1...12 { #expect(KeyMap.key(forCode: grocer_key_f(Int32(n))) == .function(n)) }
        #expect(KeyMap.key(forCode: grocer_key_f(13)) == .unknown)
        #expect(KeyMap.key(forCode: -1) == .unknown)
    }
}
