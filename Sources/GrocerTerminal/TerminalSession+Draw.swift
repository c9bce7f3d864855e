import CNCursesw
import GrocerUI

extension TerminalSession {
    /// Copies the canvas to the terminal in one update: text in runs of one
    /// style, line-drawing cells through ncurses' own line characters, and
    /// what the locale cannot show as ASCII (`TerminalCharset`).
    public func draw(_ canvas: Canvas) {
        let win = grocer_stdscr()
        let columns = min(canvas.width, width)
        let measure = canvas.measure
        // One buffer for every run of the frame; each cell looked at once.
        var run: [wchar_t] = []
        run.reserveCapacity(columns * 2)
        canvas.cells.withUnsafeBufferPointer { cells in
            for row in 0..<min(canvas.height, height) {
                let first = row * canvas.width
                var column = 0
                while column < columns {
                    let style = cells[first + column].style
                    wattr_set(win, attributes(style), colorPair(style), nil)
                    if let line = cells[first + column].line {
                        _ = grocer_mvwadd_line(win, Int32(row), Int32(column), line.rawValue)
                        column += 1
                        continue
                    }
                    run.removeAll(keepingCapacity: true)
                    let start = column
                    while column < columns {
                        let cell = cells[first + column]
                        guard cell.style == style, column == start || cell.line == nil else { break }
                        if !cell.isContinuation {
                            TerminalCharset.drawable(cell.character, columns: measure.columns(cell.character), into: &run)
                        }
                        column += 1
                    }
                    _ = mvwaddnwstr(win, Int32(row), Int32(start), run, Int32(run.count))
                }
            }
        }
        wattr_set(win, grocer_a_normal(), 0, nil)
        if let cursor = canvas.cursor {
            curs_set(1)
            wmove(win, Int32(cursor.row), Int32(cursor.column))
        } else {
            curs_set(0)
        }
        wnoutrefresh(win)
        doupdate()
        if canvas.alert { beep() }
    }
}
