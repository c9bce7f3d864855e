import Testing

@testable import GrocerSync

/// `SyncText.cleaned` keeps a value that needs nothing done as it is,
/// without a copy (`isClean`), and gives the same answer as the whole
/// clean-up would.
@Suite struct SyncTextCleanTests {
    static let values = [
        "", "a", "Milk", "crème fraîche", "2 kg Äpfel", "a b", "a  b", " a", "a ", " ", "  ", "a\tb", "a\nb", "a\r\nb", "\u{7F}x",
        "x\u{85}y", "a\u{00A0}b", "a\u{2003}b", "a\u{3000}b", "a\u{200B}b", "\u{FEFF}tea", "soft\u{00AD}hyphen", "a\u{202E}b",
        "e\u{301}", "👩‍👩‍👧 list", "日本 茶", "מלח", "x\u{1B}[2Jy", "\u{2066}a\u{2069}", "~!@#$%^&*()_+{}|:\"<>?",
    ]

    @Test func aCleanValueIsOneTheCleanUpWouldLeaveAsItIs() {
        for value in Self.values {
            #expect(SyncText.isClean(value) == (SyncText.collapsed(value) == value), "\(value.unicodeScalars.map(\.value))")
            #expect(SyncText.cleaned(value, limit: 200) == SyncText.collapsed(value), "\(value.unicodeScalars.map(\.value))")
        }
    }

    @Test func aCleanValueLongerThanTheLimitIsStillCut() {
        #expect(SyncText.cleaned("abcdef", limit: 4) == "abc…")
        #expect(SyncText.cleaned("éé", limit: 2) == "éé")
    }
}
