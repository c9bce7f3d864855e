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

    /// Runs `draw` on this canvas's top rows, all but the last `rows`, as a
    /// canvas of their own, blanked first: what `paste` of a new canvas that
    /// size at row 0 gives, without making a second grid (a 80x24 one is
    /// eleven pages, each a page fault before the first frame) or copying
    /// it back. The cells are lent to it and returned; its cursor and alert
    /// carry over as `paste` carries them.
    public mutating func drawAbove(rows: Int, _ draw: (inout Canvas) -> Void) {
        let topHeight = max(0, height - rows)
        var top = Canvas(width: width, height: topHeight, measure: measure, lending: &self)
        draw(&top)
        returnCells(from: &top)
        if let cur = top.cursor { cursor = cur }
        alert = alert || top.alert
    }
}
