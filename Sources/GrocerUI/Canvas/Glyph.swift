import GrocerCore

/// A line-drawing character: the terminal draws it with ncurses' own line
/// characters (WACS/ACS), so a C-locale or Latin-1 terminal gets lines,
/// not UTF-8 bytes. The raw value is its index for the terminal layer.
public enum LineGlyph: Int32, CaseIterable, Sendable {
    case horizontal, vertical, topLeft, topRight, bottomLeft, bottomRight
    case teeRight, teeLeft, teeDown, teeUp, cross

    /// Light, heavy, double and rounded box characters map to the one set
    /// ncurses has.
    public init?(_ character: Character) {
        // Asked of every cell of every frame: ASCII (most cells) and
        // anything outside U+2500-257F leave at once.
        if character.singleASCIIByte != nil { return nil }
        let scalars = character.unicodeScalars
        guard let scalar = scalars.first, (0x2500...0x257F).contains(scalar.value),
            scalars.index(after: scalars.startIndex) == scalars.endIndex
        else { return nil }
        switch scalar {
        case "─", "━", "═": self = .horizontal
        case "│", "┃", "║": self = .vertical
        case "┌", "┏", "╔", "╭": self = .topLeft
        case "┐", "┓", "╗", "╮": self = .topRight
        case "└", "┗", "╚", "╰": self = .bottomLeft
        case "┘", "┛", "╝", "╯": self = .bottomRight
        case "├", "┣", "╠": self = .teeRight
        case "┤", "┫", "╣": self = .teeLeft
        case "┬", "┳", "╦": self = .teeDown
        case "┴", "┻", "╩": self = .teeUp
        case "┼", "╋", "╬": self = .cross
        default: return nil
        }
    }

    /// What ncurses itself draws for it on a terminal without line drawing.
    public var ascii: Character {
        switch self {
        case .horizontal: return "-"
        case .vertical: return "|"
        default: return "+"
        }
    }
}

extension Cell {
    /// The cell's kind: a line-drawing character, or nil for text.
    public var line: LineGlyph? { LineGlyph(character) }
}

/// One ASCII character for a cell a non-UTF-8 terminal cannot show: block
/// and shade characters (the progress bar, the slider) become `#`, `=` and
/// `.`; braille dots (the graph) `'`, `.` or `:` by where the dots are;
/// arrows, dashes, quotes and the ellipsis their nearest ASCII. Anything
/// else is `?` per column.
public enum ASCIIFallback {
    public static func character(for character: Character) -> Character? {
        if let line = LineGlyph(character) { return line.ascii }
        guard let scalar = character.unicodeScalars.first else { return nil }
        let v = scalar.value
        switch v {
        case 0x20...0x7E: return Character(scalar)
        case 0x2588, 0x2589...0x258F, 0x2593: return "#"  // full and left blocks, dark shade
        case 0x2581...0x2587, 0x2592, 0x2590, 0x2594...0x259F: return "="  // lower blocks, medium shade
        case 0x2591: return "."  // light shade
        case 0x2800: return " "
        case 0x2801...0x28FF: return braille(v - 0x2800)
        default: break
        }
        switch scalar {
        case "←", "◀", "‹", "«": return "<"
        case "→", "▶", "›", "»": return ">"
        case "↑", "▲": return "^"
        case "↓", "▼": return "v"
        case "—", "–", "‐", "‑", "−": return "-"
        case "“", "”", "„": return "\""
        case "‘", "’", "‚": return "'"
        case "…", "·", "•": return "."
        case "\u{A0}", "\u{202F}", "\u{2009}", "\u{2007}": return " "
        case "×": return "x"
        default: return nil
        }
    }

    /// Dots 1, 2, 4, 5 are the upper half of a braille cell; 3, 6, 7, 8 the lower.
    static func braille(_ dots: UInt32) -> Character {
        let upper = dots & 0b0001_1011 != 0
        let lower = dots & 0b1110_0100 != 0
        return upper && lower ? ":" : upper ? "'" : "."
    }
}

extension Canvas {
    /// Each row as a terminal without UTF-8 shows it: lines as ncurses draws
    /// them without line drawing, block, braille and punctuation in ASCII,
    /// anything else `?` per column.
    public var asciiLines: [String] {
        (0..<height).map { row in
            var s = ""
            for c in 0..<width {
                let cell = self[row, c]
                if cell.isContinuation { continue }
                if cell.character.isASCII {
                    s.append(cell.character)
                } else if let ascii = ASCIIFallback.character(for: cell.character) {
                    s.append(ascii)
                } else {
                    s += String(repeating: "?", count: max(1, measure.columns(cell.character)))
                }
            }
            while s.last == " " { s.removeLast() }
            return s
        }
    }
}
