import GrocerCore

/// How a cell is drawn. The terminal maps these to attributes (and colour,
/// unless NO_COLOR is set).
public struct Style: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    public static let bold = Style(rawValue: 1)
    public static let reverse = Style(rawValue: 2)
    public static let underline = Style(rawValue: 4)
    public static let dim = Style(rawValue: 8)
    /// An accent colour (bold and underlined without colour).
    public static let accent = Style(rawValue: 16)
    /// An error colour (bold without colour).
    public static let error = Style(rawValue: 32)
}

/// One column of the screen. A character wider than one column (a CJK
/// one, an emoji, a cluster of several spacing code points) fills its cell
/// and marks the next ones as its continuation.
public struct Cell: Equatable, Sendable {
    public var character: Character
    public var style: Style
    public var isContinuation: Bool

    public static let blank = Cell(character: " ", style: [], isContinuation: false)
}

/// An in-memory screen: a grid of cells and where the cursor is. Screens
/// draw into it; the terminal copies it out; tests read it as lines.
public struct Canvas: Equatable, Sendable {
    public let width: Int
    public let height: Int
    public private(set) var cells: [Cell]
    /// Where the real terminal cursor goes; nil hides it.
    public var cursor: (row: Int, column: Int)? {
        get { cursorStorage.map { ($0.row, $0.column) } }
        set { cursorStorage = newValue.map { Position($0.row, $0.column) } }
    }
    private var cursorStorage: Position?
    /// Ring the bell or flash once this frame is shown.
    public var alert = false
    /// Columns per character, as the terminal will draw them.
    public let measure: ColumnMeasure

    struct Position: Equatable, Sendable {
        let row: Int, column: Int
        init(_ r: Int, _ c: Int) {
            row = r
            column = c
        }
    }

    public init(width: Int, height: Int, measure: ColumnMeasure = .unicode) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.measure = measure
        cells = Array(repeating: .blank, count: self.width * self.height)
    }

    /// A canvas of `height` rows over `owner`'s cells, taken from it (blanked
    /// where it draws); `owner` gets them back with `returnCells(from:)`.
    /// Only rows below `height` are ever read or written, so the grid may
    /// hold more cells than it shows.
    init(width: Int, height: Int, measure: ColumnMeasure, lending owner: inout Canvas) {
        precondition(width == owner.width && height <= owner.height)
        self.width = width
        self.height = height
        self.measure = measure
        cells = []
        swap(&cells, &owner.cells)
        for i in 0..<(width * height) { cells[i] = .blank }
    }

    /// Takes back the cells lent to `borrower`.
    mutating func returnCells(from borrower: inout Canvas) {
        swap(&cells, &borrower.cells)
    }

    public subscript(row: Int, column: Int) -> Cell {
        cells[row * width + column]
    }

    mutating func setCell(_ cell: Cell, row: Int, column: Int) {
        cells[row * width + column] = cell
    }

    /// Writes `text` from (row, column), clipped at the right edge; returns
    /// the column after the last one written.
    @discardableResult
    public mutating func put(_ text: String, row: Int, column: Int, style: Style = []) -> Int {
        guard row >= 0, row < height else { return column }
        var col = column
        for ch in text {
            let w = measure.columns(ch)
            if w <= 0 {
                // A combining mark joins the cell before it, where the two
                // make one character; anything else that takes no column (a
                // zero-width space, a lone Hangul vowel after a letter) is
                // not drawn.
                if col > 0, col - 1 < width, col - 1 >= 0 {
                    let joined = String(cells[row * width + col - 1].character) + String(ch)
                    if let one = joined.onlyCharacter { cells[row * width + col - 1].character = one }
                }
                continue
            }
            if col + w > width { break }
            if col >= 0 {
                cells[row * width + col] = Cell(character: ch, style: style, isContinuation: false)
                for next in (col + 1)..<(col + w) {
                    cells[row * width + next] = Cell(character: " ", style: style, isContinuation: true)
                }
            }
            col += w
        }
        return col
    }

    /// Writes `text` centred on `row`.
    @discardableResult
    public mutating func center(_ text: String, row: Int, style: Style = []) -> Int {
        let clipped = truncate(text, to: width)
        let start = max(0, (width - columns(clipped)) / 2)
        put(clipped, row: row, column: start, style: style)
        return start
    }

    /// How many columns `text` takes on this canvas's terminal.
    public func columns(_ text: some StringProtocol) -> Int { measure.of(text) }

    /// The longest prefix of `text` that fits in `limit` columns, "…" when cut.
    public func truncate(_ text: String, to limit: Int) -> String { measure.truncate(text, to: limit) }

    /// `text` in lines of at most `width` columns, split at spaces.
    public func wrap(_ text: String, width: Int) -> [String] { measure.wrap(text, width: width) }

    /// Fills a run of cells with a style (e.g. a reverse-video bar).
    public mutating func fill(row: Int, from column: Int, count: Int, character: Character = " ", style: Style) {
        guard row >= 0, row < height else { return }
        for c in max(0, column)..<min(width, column + count) {
            cells[row * width + c] = Cell(character: character, style: style, isContinuation: false)
        }
    }

    /// Each row as text, trailing spaces removed: what tests compare.
    public var lines: [String] {
        (0..<height).map { line($0) }
    }

    public func line(_ row: Int) -> String {
        var s = ""
        for c in 0..<width {
            let cell = cells[row * width + c]
            if !cell.isContinuation { s.append(cell.character) }
        }
        while s.last == " " { s.removeLast() }
        return s
    }

    public static func == (a: Canvas, b: Canvas) -> Bool {
        a.width == b.width && a.height == b.height && a.cells == b.cells && a.cursorStorage == b.cursorStorage
    }
}

extension String {
    /// The string's one character, or nil when it has none or several.
    var onlyCharacter: Character? {
        guard let first, index(after: startIndex) == endIndex else { return nil }
        return first
    }
}
