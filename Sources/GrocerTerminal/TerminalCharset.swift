import CNCursesw
import GrocerCore
import GrocerUI

#if canImport(Glibc)
    import Glibc
#endif

/// What the terminal's locale can show, asked of the C library ncurses
/// uses: a character is drawn as is when wcwidth knows it, else as its
/// ASCII fallback (`?` per column when it has none). Widths come from the
/// same wcwidth, so grocer lays out a frame exactly as ncurses draws it.
/// Line-drawing characters go through ncurses' WACS characters instead.
enum TerminalCharset {
    /// Sets LC_CTYPE from the environment before ncurses starts. A locale
    /// not installed here falls back to C.UTF-8 when its name says UTF-8
    /// (the terminal expects UTF-8), else to C (plain ASCII).
    static func setLocale(environment: Environment) {
        guard setlocale(LC_CTYPE, "") == nil else { return }
        let name = ["LC_ALL", "LC_CTYPE", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty } ?? ""
        let upper = name.uppercased()
        _ = setlocale(LC_CTYPE, upper.contains("UTF-8") || upper.contains("UTF8") ? "C.UTF-8" : "C")
    }

    /// Columns per character under the current LC_CTYPE.
    static let measure = ColumnMeasure { columns($0) }

    /// A character (a grapheme cluster) takes the columns the terminal
    /// gives its code points, each by wcwidth, as ncurses and the terminal
    /// count them: a Devanagari vowel sign that spaces ("चा") or a Thai
    /// SARA AM takes a column of its own, a skin tone or each person of a
    /// family emoji two, a combining mark none.
    static func columns(_ character: Character) -> Int {
        // Most cells: printable ASCII is one column in every locale, an
        // ASCII control none (what wcwidth says of them, without asking).
        if let ascii = character.singleASCIIByte { return (0x20..<0x7F).contains(ascii) ? 1 : 0 }
        if LineGlyph(character) != nil { return 1 }
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        let width = grocer_wcwidth(first.value)
        if width >= 0 {
            var total = Int(width)
            for scalar in scalars.dropFirst() { total += max(0, Int(grocer_wcwidth(scalar.value))) }
            return total
        }
        if first.properties.generalCategory == .control { return 0 }
        if ASCIIFallback.character(for: character) != nil { return 1 }
        return TextWidth.of(character)
    }

    /// The wide characters ncurses gets for a cell: every code point of it
    /// the locale can show (ncurses puts each spacing one in a column of
    /// its own and joins the zero-width ones to it, so they fill exactly
    /// `columns`), else an ASCII stand-in `columns` wide.
    static func drawable(_ character: Character, columns: @autoclosure () -> Int, into run: inout [wchar_t]) {
        if let ascii = character.singleASCIIByte, (0x20..<0x7F).contains(ascii) {
            run.append(wchar_t(ascii))
            return
        }
        let scalars = character.unicodeScalars
        if let first = scalars.first, first.value >= 0x20, grocer_wcwidth(first.value) > 0 {
            run.append(wchar_t(bitPattern: first.value))
            for scalar in scalars.dropFirst() where grocer_wcwidth(scalar.value) >= 0 {
                run.append(wchar_t(bitPattern: scalar.value))
            }
            return
        }
        if let ascii = ASCIIFallback.character(for: character), let scalar = ascii.unicodeScalars.first {
            run.append(wchar_t(bitPattern: scalar.value))
            return
        }
        run += Array(repeating: wchar_t(63), count: max(1, columns()))  // "?"
    }
}
