extension Canvas {
    /// Copies `other` in at (row, column), with its cursor.
    public mutating func paste(_ other: Canvas, row: Int, column: Int) {
        for r in 0..<other.height where row + r < height {
            for c in 0..<other.width where column + c < width {
                setCell(other[r, c], row: row + r, column: column + c)
            }
        }
        if let cur = other.cursor { cursor = (cur.row + row, cur.column + column) }
        alert = alert || other.alert
    }
}
