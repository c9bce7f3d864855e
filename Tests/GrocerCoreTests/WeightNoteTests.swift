import Testing

@testable import GrocerCore

@Suite struct WeightNoteTests {
    @Test func aTypedNoteIsOneLineOfAtMost200Characters() {
        #expect(WeightNote.problem(in: "after a long run") == nil)
        #expect(WeightNote.problem(in: "") == nil)
        #expect(WeightNote.problem(in: "  padded  ") == nil)
        #expect(WeightNote.problem(in: String(repeating: "é", count: 200)) == nil)
        #expect(WeightNote.problem(in: String(repeating: "é", count: 201)) == .tooLong(count: 201))
        // Spaces at the ends are not kept, so not counted.
        #expect(WeightNote.problem(in: " " + String(repeating: "a", count: 200) + " ") == nil)
        for bad in ["two\nlines", "tab\there", "esc\u{1B}[2J", "bidi\u{202E}txt", "c1\u{9B}"] {
            #expect(WeightNote.problem(in: bad) == .controlCharacter, "\(bad.debugDescription)")
        }
        // A family emoji (ZWJ) is one character and no control.
        #expect(WeightNote.problem(in: "👨‍👩‍👧 visit") == nil)
    }

    /// As in a name: two notes that look the same are the same note.
    @Test func aTypedNoteHoldsNoInvisibleCharacter() {
        for bad in ["after\u{200B}run", "\u{FEFF}holiday", "run\u{200E}", "soft\u{AD}hyphen", "x\u{2060}y"] {
            #expect(WeightNote.problem(in: bad) == .invisibleCharacter, "\(bad.debugDescription)")
        }
        #expect(WeightNote.Problem.invisibleCharacter.description.contains("invisible characters"))
        // The joiners that words and emoji need stay allowed.
        #expect(WeightNote.problem(in: "می\u{200C}خواهم") == nil)
        #expect(WeightNote.problem(in: "👩\u{200D}💻 day") == nil)
    }

    @Test func aCommentFromAFileLosesItsInvisibleCharacters() {
        #expect(WeightNote.cleaned("after\u{200B} run\u{FEFF}") == "after run")
        #expect(WeightNote.problem(in: WeightNote.cleaned("a\u{200B}b\u{2063}c")) == nil)
    }

    @Test func theProblemsSayWhatToDo() {
        #expect(WeightNote.Problem.tooLong(count: 250).description.contains("at most 200 characters (this one has 250)"))
        #expect(WeightNote.Problem.controlCharacter.description.contains("one line"))
    }

    @Test func aCommentFromAFileBecomesANote() {
        #expect(WeightNote.cleaned("  after\r\n\trun  ") == "after run")
        #expect(WeightNote.cleaned("\u{1B}]0;title\u{07}x") == "]0;title x")
        #expect(WeightNote.cleaned("\n\n") == "")
        let long = WeightNote.cleaned(String(repeating: "ab ", count: 100))
        #expect(long.count == WeightNote.maxLength && long.hasSuffix("…"))
        #expect(WeightNote.problem(in: long) == nil)
    }

    @Test func aStoredNoteIsKeptWhenItCouldHaveBeenTyped() {
        #expect(WeightNote.readable("holiday") == "holiday")
        #expect(WeightNote.readable("") == "")
        #expect(WeightNote.readable("a\nb") == "a b")
        #expect(WeightNote.readable(String(repeating: "x", count: 300)).count == WeightNote.maxLength)
        #expect(WeightNote.trimmed("  x y  ") == "x y")
    }
}
