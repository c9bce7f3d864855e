/// A grid of braille dots, 2 across and 4 down per cell (U+2800 block).
/// Each dot belongs to a layer; a cell is styled by the highest layer it
/// holds. A terminal without UTF-8 shows the cells through
/// `ASCIIFallback` (`'`, `.` or `:` by where the dots are).
struct BrailleGrid: Sendable {
    enum Layer: UInt8, Comparable, Sendable {
        case none = 0
        case goal
        /// The body fat's trend (issue 34), under the weights.
        case fat
        case points
        case trend
        static func < (a: Layer, b: Layer) -> Bool { a.rawValue < b.rawValue }
    }

    /// Size in cells.
    let columns: Int
    let rows: Int
    private var bits: [UInt8]
    private var layers: [Layer]

    init(columns: Int, rows: Int) {
        self.columns = max(0, columns)
        self.rows = max(0, rows)
        bits = Array(repeating: 0, count: self.columns * self.rows)
        layers = Array(repeating: .none, count: self.columns * self.rows)
    }

    /// Size in dots.
    var dotWidth: Int { columns * 2 }
    var dotHeight: Int { rows * 4 }

    /// The bit of dot (x, y) within its cell: dots 1-3 and 4-6 run down
    /// the two columns, dots 7 and 8 are the bottom row.
    static func bit(x: Int, y: Int) -> UInt8 {
        switch (x, y) {
        case (0, 3): return 0x40
        case (1, 3): return 0x80
        case (0, _): return 1 << UInt8(y)
        default: return 8 << UInt8(y)
        }
    }

    /// Sets the dot at (x, y), y down from the top; outside is ignored.
    mutating func set(x: Int, y: Int, _ layer: Layer) {
        guard x >= 0, y >= 0, x < dotWidth, y < dotHeight else { return }
        let index = (y / 4) * columns + x / 2
        bits[index] |= Self.bit(x: x % 2, y: y % 4)
        if layers[index] < layer { layers[index] = layer }
    }

    /// Every dot of column x from y0 to y1 (either order).
    mutating func vertical(x: Int, from y0: Int, to y1: Int, _ layer: Layer) {
        for y in min(y0, y1)...max(y0, y1) { set(x: x, y: y, layer) }
    }

    /// A line from (x0, y0) to (x1, y1), x0 <= x1, no gap between columns.
    mutating func line(from x0: Int, _ y0: Int, to x1: Int, _ y1: Int, _ layer: Layer) {
        guard x1 > x0 else {
            vertical(x: x0, from: y0, to: y1, layer)
            return
        }
        var previous = y0
        for x in x0...x1 {
            let y = y0 + Int((Double((y1 - y0) * (x - x0)) / Double(x1 - x0)).rounded())
            vertical(x: x, from: previous, to: y, layer)
            previous = y
        }
    }

    /// The cell's character and layer; nil when it holds no dot.
    func cell(row: Int, column: Int) -> (Character, Layer)? {
        let index = row * columns + column
        guard bits[index] != 0, let scalar = Unicode.Scalar(0x2800 + UInt32(bits[index])) else { return nil }
        return (Character(scalar), layers[index])
    }
}
