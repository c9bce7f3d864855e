import GrocerCore

/// A one-line text field with a cursor: the grocery add line, the filter,
/// the edit form's fields. Control characters are never taken (a name is
/// plain text).
public struct TextLine: Equatable, Sendable {
    public private(set) var text: String
    /// The cursor as a count of characters from the start.
    public private(set) var cursor: Int
    public let limit: Int

    public init(_ text: String = "", limit: Int = 200) {
        self.text = text
        self.cursor = text.count
        self.limit = limit
    }

    public var atEnd: Bool { cursor == text.count }

    /// Inserts a typed character at the cursor; false when refused.
    public mutating func insert(_ ch: Character) -> Bool {
        guard !ch.unicodeScalars.contains(where: PlainText.isControl), text.count < limit else { return false }
        let index = text.index(text.startIndex, offsetBy: cursor)
        text.insert(ch, at: index)
        cursor += 1
        return true
    }

    /// Handles an editing key; false when the key does nothing here.
    public mutating func edit(_ key: Key) -> Bool {
        switch key {
        case .char(let ch): return insert(ch)
        case .backspace:
            guard cursor > 0 else { return false }
            text.remove(at: text.index(text.startIndex, offsetBy: cursor - 1))
            cursor -= 1
        case .delete:
            guard cursor < text.count else { return false }
            text.remove(at: text.index(text.startIndex, offsetBy: cursor))
        case .left:
            guard cursor > 0 else { return false }
            cursor -= 1
        case .right:
            guard cursor < text.count else { return false }
            cursor += 1
        case .home, .ctrl("a"): cursor = 0
        case .end, .ctrl("e"): cursor = text.count
        case .ctrl("u"):
            guard !text.isEmpty else { return false }
            text = ""
            cursor = 0
        default: return false
        }
        return true
    }

    public mutating func set(_ text: String) {
        self.text = text
        cursor = text.count
    }

    /// Draws the text from `column`, at most `width` columns, keeping the
    /// cursor in view; returns the cursor's column.
    @discardableResult
    public func render(into canvas: inout Canvas, row: Int, column: Int, width: Int, style: Style = []) -> Int {
        let characters = Array(text)
        let measure = canvas.measure
        var start = 0
        while start < cursor && measure.of(String(characters[start..<cursor])) > max(0, width - 1) { start += 1 }
        let visible = canvas.truncate(String(characters[start...]), to: width)
        canvas.put(visible, row: row, column: column, style: style)
        return min(column + measure.of(String(characters[start..<cursor])), column + width)
    }
}
