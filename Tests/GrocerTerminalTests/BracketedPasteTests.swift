import GrocerUI
import Testing

@testable import GrocerTerminal

/// What comes between the terminal's paste markers becomes one
/// `Key.paste`, bounded, whatever the reads it comes in.
@Suite struct BracketedPasteTests {
    static func characters(_ text: String) -> [BracketedPaste.Input] {
        text.unicodeScalars.map { .character($0.value) }
    }

    /// Feeds inputs; returns what each asks of the caller, pastes and
    /// passed-on inputs only.
    static func feed(_ parser: inout BracketedPaste, _ inputs: [BracketedPaste.Input]) -> [BracketedPaste.Taken] {
        inputs.map { parser.take($0) }.filter { $0 != .inPaste }
    }

    @Test func aPasteBetweenTheMarkersIsOneKey() {
        var parser = BracketedPaste()
        let taken = Self.feed(
            &parser, [.code(BracketedPaste.startCode)] + Self.characters("3 eggs\r200 g flour\r\nmilk") + [.code(BracketedPaste.endCode)])
        #expect(taken == [.paste(.paste("3 eggs\n200 g flour\nmilk"))])
        #expect(!parser.isOpen)
    }

    @Test func aPasteSplitAcrossReadsIsStillOne() {
        var parser = BracketedPaste()
        #expect(Self.feed(&parser, [.code(BracketedPaste.startCode)] + Self.characters("3 eg")).isEmpty)
        #expect(parser.isOpen)
        #expect(Self.feed(&parser, Self.characters("gs\r")).isEmpty)
        #expect(Self.feed(&parser, Self.characters("milk") + [.code(BracketedPaste.endCode)]) == [.paste(.paste("3 eggs\nmilk"))])
        // What follows is typed again.
        #expect(Self.feed(&parser, Self.characters("a")) == [.passOn])
    }

    @Test func keysOutsideAPastePassOn() {
        var parser = BracketedPaste()
        #expect(Self.feed(&parser, Self.characters("a\r") + [.code(258)]) == [.passOn, .passOn, .passOn])
        // An end marker without a start is dropped.
        #expect(Self.feed(&parser, [.code(BracketedPaste.endCode)]).isEmpty)
    }

    @Test func controlCharactersAndKeyCodesInsideAPasteAreDropped() {
        var parser = BracketedPaste()
        let inputs: [BracketedPaste.Input] =
            [.code(BracketedPaste.startCode)] + Self.characters("a\u{1B}[31mb\tc\u{7}\u{9B}d") + [.code(258)]
            + [.code(BracketedPaste.endCode)]
        #expect(Self.feed(&parser, inputs) == [.paste(.paste("a[31mb cd"))])
    }

    @Test func anUnterminatedPasteIsGivenAsItStands() {
        var parser = BracketedPaste()
        #expect(Self.feed(&parser, [.code(BracketedPaste.startCode)] + Self.characters("3 eggs\rmil")).isEmpty)
        #expect(parser.endUnfinished() == .paste("3 eggs\nmil"))
        #expect(!parser.isOpen)
        #expect(parser.endUnfinished() == nil)
    }

    /// Past the limit the paste keeps its whole lines and says it was cut;
    /// the rest is read and dropped up to the end marker.
    @Test func anOversizePasteIsCutAtItsLastWholeLine() {
        var parser = BracketedPaste(limit: 16)
        let inputs = [.code(BracketedPaste.startCode)] + Self.characters("1 egg\r2 eggs\r3 eggs\r4 eggs\r") + [.code(BracketedPaste.endCode)]
        #expect(Self.feed(&parser, inputs) == [.paste(.paste("1 egg\n2 eggs\n", cut: true))])
        #expect(Self.feed(&parser, Self.characters("x")) == [.passOn])
    }

    @Test func theDefaultLimitIs64KiB() {
        var parser = BracketedPaste()
        let line = String(repeating: "x", count: 1023) + "\r"
        let inputs = [.code(BracketedPaste.startCode)] + Self.characters(String(repeating: line, count: 65)) + [.code(BracketedPaste.endCode)]
        guard case .paste(.paste(let text, let cut))? = Self.feed(&parser, inputs).first else {
            Issue.record("no paste")
            return
        }
        #expect(cut)
        #expect(text.utf8.count == 64 << 10)
    }
}
