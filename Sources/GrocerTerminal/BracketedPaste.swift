import GrocerCore
import GrocerUI

/// Bracketed paste (xterm's mode 2004): while it is on, the terminal sends
/// what is pasted between `ESC [200~` and `ESC [201~`, so pasted text is
/// not taken for typed keys (a pasted line break for Enter). ncurses knows
/// the two markers as key codes of their own (`startCode`, `endCode`,
/// given to `define_key`; `TerminalRestore.setBracketedPaste` turns the
/// mode on and off); this value turns what comes between them into
/// one `Key.paste`, however many reads it takes.
///
/// What a paste keeps: its characters, a line break (CR, LF or CR LF) as
/// "\n", a tab as a space; every other control character and any key code
/// inside it (a pasted `ESC [A`) is dropped. At most `Key.pasteLimit`
/// bytes of UTF-8 are kept, cut at the last whole line (`cut` says so);
/// the rest is read and dropped until the end marker. A paste the
/// terminal never ends (`endUnfinished`) is given as it is.
struct BracketedPaste: Equatable {
    /// ncurses key codes for the markers, above every code it has.
    static let startCode: Int32 = 0o777 + 1
    static let endCode: Int32 = 0o777 + 2

    /// What ncurses handed over: a character, or a key code.
    enum Input: Equatable {
        case character(UInt32)
        case code(Int32)
    }

    private(set) var text: String?
    private var bytes = 0
    private var cut = false
    private var afterCR = false
    let limit: Int

    init(limit: Int = Key.pasteLimit) { self.limit = limit }

    /// Whether a paste has started and not ended.
    var isOpen: Bool { text != nil }

    /// One input: nil while it is part of a paste (or the start of one);
    /// the paste when it ends it; `.passOn` for any input outside a paste,
    /// which the caller maps to its key as before.
    mutating func take(_ input: Input) -> Taken {
        switch input {
        case .code(Self.startCode):
            // A start inside a paste (a terminal that nests): one paste.
            if text == nil { begin() }
            return .inPaste
        case .code(Self.endCode):
            guard text != nil else { return .inPaste }
            return .paste(finish())
        case .code:
            return text == nil ? .passOn : .inPaste
        case .character(let value):
            guard text != nil else { return .passOn }
            append(value)
            return .inPaste
        }
    }

    enum Taken: Equatable {
        case passOn
        case inPaste
        case paste(Key)
    }

    /// The paste so far, for a terminal that started one and sent no end
    /// (it was cut off): nil when none is open.
    mutating func endUnfinished() -> Key? {
        text == nil ? nil : finish()
    }

    private mutating func begin() {
        text = ""
        bytes = 0
        cut = false
        afterCR = false
    }

    private mutating func append(_ value: UInt32) {
        let wasCR = afterCR
        afterCR = value == 13
        let character: Character
        switch value {
        case 13: character = "\n"
        case 10:
            if wasCR { return }
            character = "\n"
        case 9: character = " "
        default:
            guard let scalar = Unicode.Scalar(value), !PlainText.isControl(scalar) else { return }
            character = Character(scalar)
        }
        guard !cut else { return }
        let size = String(character).utf8.count
        guard bytes + size <= limit else {
            cut = true
            // Keep whole lines only.
            if let text, let lastBreak = text.lastIndex(of: "\n") {
                self.text = String(text[...lastBreak])
            }
            return
        }
        text?.append(character)
        bytes += size
    }

    private mutating func finish() -> Key {
        let key = Key.paste(text ?? "", cut: cut)
        text = nil
        bytes = 0
        cut = false
        afterCR = false
        return key
    }
}
