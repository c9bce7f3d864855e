import GrocerCore

/// A one-line text field with a cursor: the grocery add line, the filter,
/// the edit form's fields, the weight's note. Control and invisible
/// characters are never taken (a name is plain text).
///
/// It edits by grapheme cluster, what a person sees as one character: the
/// cursor is kept as a position in the text's bytes that is always at a
/// cluster's edge, so a typed code point that joins the character before it
/// (a combining accent, a Devanagari vowel sign, a skin tone, the second
/// half of a flag, a Hangul jamo) makes that character longer instead of
/// moving the cursor into it. Left, Right, Backspace and Delete move over
/// or take out a whole character.
public struct TextLine: Equatable, Sendable {
    public private(set) var text: String
    /// Where the cursor is, as a UTF-8 offset into `text` at a character's edge.
    private var offset: Int
    /// Characters (grapheme clusters) at most.
    public let limit: Int

    public init(_ text: String = "", limit: Int = 200) {
        self.text = text
        self.offset = text.utf8.count
        self.limit = limit
    }

    /// The cursor as a count of characters from the start.
    public var cursor: Int { text[..<index].count }

    public var atEnd: Bool { offset == text.utf8.count }

    /// Bytes at most, whatever the characters: a character may hold many
    /// code points (a family emoji, stacked accents), but not without end.
    var byteLimit: Int { limit * 16 }

    private var index: String.Index { text.utf8.index(text.utf8.startIndex, offsetBy: offset) }

    /// Inserts a typed character (or a code point that joins the one before
    /// the cursor) at the cursor; false when refused.
    public mutating func insert(_ ch: Character) -> Bool {
        guard !ch.unicodeScalars.contains(where: { PlainText.isControl($0) || PlainText.isInvisible($0) }) else { return false }
        let joined = String(text[..<index]) + String(ch) + String(text[index...])
        guard joined.count <= limit, joined.utf8.count <= byteLimit else { return false }
        let after = offset + ch.utf8.count
        text = joined
        offset = edge(atOrAfter: after)
        return true
    }

    /// Handles an editing key; false when the key does nothing here.
    public mutating func edit(_ key: Key) -> Bool {
        switch key {
        case .char(let ch): return insert(ch)
        case .backspace:
            guard offset > 0 else { return false }
            let start = text.index(before: index)
            let kept = text.utf8.distance(from: text.utf8.startIndex, to: start)
            text.removeSubrange(start..<index)
            offset = edge(atOrAfter: kept)
        case .delete:
            guard !atEnd else { return false }
            text.removeSubrange(index..<text.index(after: index))
            offset = edge(atOrAfter: offset)
        case .left:
            guard offset > 0 else { return false }
            offset = text.utf8.distance(from: text.utf8.startIndex, to: text.index(before: index))
        case .right:
            guard !atEnd else { return false }
            offset = text.utf8.distance(from: text.utf8.startIndex, to: text.index(after: index))
        case .home, .ctrl("a"): offset = 0
        case .end, .ctrl("e"): offset = text.utf8.count
        case .ctrl("u"):
            guard !text.isEmpty else { return false }
            text = ""
            offset = 0
        case .paste(let pasted, _): return paste(pasted)
        default: return false
        }
        return true
    }

    /// A paste, as if typed: a line break is a space, what `insert`
    /// refuses (control and invisible characters, past the limit) is left
    /// out; false when nothing was taken.
    public mutating func paste(_ pasted: String) -> Bool {
        var took = false
        for ch in pasted {
            if insert(ch.isNewline ? " " : ch) { took = true }
        }
        return took
    }

    public mutating func set(_ text: String) {
        self.text = text
        offset = text.utf8.count
    }

    /// The first character edge at or after `byte`: where an edit left the
    /// cursor when what came before it and what came after it joined into
    /// one character (a Hangul vowel put back beside its consonant).
    private func edge(atOrAfter byte: Int) -> Int {
        var position = 0
        var i = text.startIndex
        while i < text.endIndex, position < byte {
            let next = text.index(after: i)
            position += text.utf8.distance(from: i, to: next)
            i = next
        }
        return position
    }

    /// Draws the text from `column`, at most `width` columns, keeping the
    /// cursor in view; returns the cursor's column.
    @discardableResult
    public func render(into canvas: inout Canvas, row: Int, column: Int, width: Int, style: Style = []) -> Int {
        let characters = Array(text)
        let cursor = min(self.cursor, characters.count)
        let measure = canvas.measure
        var start = 0
        while start < cursor && measure.of(characters[start..<cursor]) > max(0, width - 1) { start += 1 }
        let visible = canvas.truncate(String(characters[start...]), to: width)
        canvas.put(visible, row: row, column: column, style: style)
        return min(column + measure.of(characters[start..<cursor]), column + width)
    }
}
