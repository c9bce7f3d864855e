import Testing

@testable import GrocerCore

@Suite struct VisibleTextTests {
    @Test(arguments: [
        ("\u{1B}]0;pwned\u{07}", "^[]0;pwned^G"),
        ("\u{1B}[2J", "^[[2J"),
        ("a\tb\nc\r", "a^Ib^Jc^M"),
        ("\u{00}\u{1F}\u{7F}", "^@^_^?"),
        ("\u{9B}31m\u{85}", "\\u{9B}31m\\u{85}"),
        ("abc\u{202E}fdp.exe", "abc\\u{202E}fdp.exe"),
        ("\u{2066}x\u{2069}", "\\u{2066}x\\u{2069}"),
    ])
    func controlCharactersAreShownNotSent(text: String, shown: String) {
        let visible = VisibleText.escaped(text)
        #expect(visible == shown)
        #expect(!visible.unicodeScalars.contains(where: VisibleText.needsEscape))
    }

    @Test(arguments: ["milk", "Crème brûlée", "7\u{301}2", "牛乳 🥛", "e\u{301}", "^[ stays ^["])
    func ordinaryTextIsUnchanged(text: String) {
        #expect(VisibleText.escaped(text) == text)
    }

    @Test func aSubstringIsEscapedToo() {
        let text = "name=\u{1B}x"
        #expect(VisibleText.escaped(text.dropFirst(5)) == "^[x")
    }
}
