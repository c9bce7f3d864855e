import CNCursesw
import GrocerUI

extension TerminalSession {
    /// Copies the canvas to the terminal in one update: text in runs of one
    /// style, line-drawing cells through ncurses' own line characters, and
    /// what the locale cannot show as ASCII (`TerminalCharset`).
    public func draw(_ canvas: Canvas) {
        let win = grocer_stdscr()
        let columns = min(canvas.width, width)
        for row in 0..<min(canvas.height, height) {
            var column = 0
            while column < columns {
                let style = canvas[row, column].style
                wattr_set(win, attributes(style), colorPair(style), nil)
                if let line = canvas[row, column].line {
                    _ = grocer_mvwadd_line(win, Int32(row), Int32(column), line.rawValue)
                    column += 1
                    continue
                }
                var run: [wchar_t] = []
                let start = column
                while column < columns, canvas[row, column].style == style, canvas[row, column].line == nil {
                    let cell = canvas[row, column]
                    if !cell.isContinuation {
                        TerminalCharset.drawable(cell.character, columns: canvas.measure.columns(cell.character), into: &run)
                    }
                    column += 1
                }
                _ = mvwaddnwstr(win, Int32(row), Int32(start), run, Int32(run.count))
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
