import CNCursesw
import Foundation
import GrocerCore
import GrocerUI

#if canImport(Glibc)
    import Glibc
#endif

/// The one ncurses session. It lives on the thread that made it, maps raw
/// key codes to `Key` once, copies a `Canvas` to the screen (ncurses sends
/// only what changed), and restores the terminal on every way out.
public final class TerminalSession: TerminalInterface {
    public private(set) var width: Int
    public private(set) var height: Int
    let useColor: Bool
    private var ended = false
    private let wakeFD: Int32
    private var paste = BracketedPaste()
    /// How long a paste the terminal started may pause before the rest
    /// comes; after it, the paste is taken as it stands.
    static let pastePause: Int32 = 500

    /// Sets the locale for wide characters (the user's; see
    /// `TerminalCharset`), starts ncurses in raw mode with
    /// a short Esc delay, and installs the restoring signal handlers.
    /// `wakeFD` is polled beside stdin (a mailbox's wait), or -1. Throws,
    /// having written nothing, when TERM names no terminal ncurses knows or
    /// one that cannot move the cursor (TERM=dumb).
    public init(environment: Environment, wakeFD: Int32 = -1) throws {
        TerminalCharset.setLocale(environment: environment)
        if environment["ESCDELAY"] == nil { set_escdelay(25) }
        // newterm, unlike initscr, returns an error instead of exiting.
        let term = environment["TERM"] ?? ""
        guard !term.isEmpty else { throw TerminalError.termUnset }
        guard let screen = newterm(nil, fdopen(1, "w"), fdopen(0, "r")) else {
            throw TerminalError.unknownTerminal(term)
        }
        let cup = tigetstr("cup")
        if cup == nil || Int(bitPattern: cup) == -1 {
            endwin()
            delscreen(screen)
            throw TerminalError.cannotAddressCursor(term)
        }
        raw()
        noecho()
        nonl()
        keypad(grocer_stdscr(), true)
        // tmux and screen send Home and End as ESC [1~ and ESC [4~ whatever
        // TERM names (xterm's terminfo says ESC OH and ESC OF).
        _ = define_key("\u{1B}[1~", KEY_HOME)
        _ = define_key("\u{1B}[4~", KEY_END)
        // Bracketed paste: its markers as key codes of their own.
        _ = define_key("\u{1B}[200~", BracketedPaste.startCode)
        _ = define_key("\u{1B}[201~", BracketedPaste.endCode)
        intrflush(grocer_stdscr(), false)
        self.wakeFD = wakeFD
        let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
        useColor = !noColor && has_colors()
        if useColor {
            start_color()
            use_default_colors()
            init_pair(1, Int16(COLOR_CYAN), -1)
            init_pair(2, Int16(COLOR_RED), -1)
        }
        width = Int(grocer_cols())
        height = Int(grocer_lines())
        TerminalRestore.install()
        TerminalRestore.setBracketedPaste(true)
    }

    public var size: Size { Size(width: width, height: height) }

    public var endingSignal: Int32? { TerminalRestore.pendingSignal }

    public var measure: ColumnMeasure { TerminalCharset.measure }

    /// Ends ncurses and leaves the terminal as it was. Safe to call twice.
    public func end() {
        guard !ended else { return }
        ended = true
        curs_set(1)
        TerminalRestore.setBracketedPaste(false)
        endwin()
        TerminalRestore.uninstall()
    }

    deinit { end() }

    // MARK: Job control

    public func takeJobRequest() -> JobRequest? {
        switch TerminalRestore.takeJobSignal() {
        case SIGTSTP: return .suspend
        case SIGCONT: return .redraw
        default: return nil
        }
    }

    /// endwin gives the shell its terminal back; SIGTSTP, with its default
    /// action for the moment, stops the process as the shell expects (and
    /// is dropped, so grocer goes on, where no shell could continue it).
    /// After `fg` the next update repaints every cell.
    public func suspend() {
        guard !ended else { return }
        TerminalRestore.setBracketedPaste(false)
        endwin()
        signal(SIGTSTP, SIG_DFL)
        raise(SIGTSTP)
        TerminalRestore.installJobControl()
        _ = TerminalRestore.takeJobSignal()
        TerminalRestore.setBracketedPaste(true)
        invalidate()
    }

    public func invalidate() {
        _ = grocer_clear_all()
    }

    // MARK: Input

    /// Waits up to `timeout` (nil: forever) for a key, a resize, a wake-up
    /// or a signal; returns the keys that arrived (none on a wake-up, a
    /// signal or a time-out). After a signal, `endingSignal` names it; a
    /// terminal that went away counts as SIGHUP.
    public func nextKeys(timeout: Duration?) -> [Key] {
        let milliseconds = timeout.map { Int32(clamping: Int64(($0 / .milliseconds(1)).rounded(.up))) } ?? -1
        var fds = [pollfd(fd: 0, events: Int16(POLLIN), revents: 0)]
        if wakeFD >= 0 { fds.append(pollfd(fd: wakeFD, events: Int16(POLLIN), revents: 0)) }
        // What woke it through `wakeFD` is read by its owner (the
        // mailbox's `drain`, the store watch's `take`).
        let ready = poll(&fds, nfds_t(fds.count), max(-1, milliseconds))
        if ready < 0 && errno != EINTR { return [] }
        let hungUp = ready > 0 && fds[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
        if hungUp && fds[0].revents & Int16(POLLIN) == 0 {
            // The terminal went away: treat as a hang-up.
            TerminalRestore.note(signal: SIGHUP)
            return []
        }
        let keys = drainKeys()
        if hungUp && keys.isEmpty {
            // Readable only because it is at its end (POLLHUP with POLLIN):
            // nothing will ever come, and polling again would spin.
            TerminalRestore.note(signal: SIGHUP)
        }
        return keys
    }

    /// Reads every key ncurses has, without blocking; a paste still open
    /// when nothing more is there waits up to `pastePause` for its rest
    /// at a time (a paste is one write, but a large one comes in pieces).
    func drainKeys() -> [Key] {
        nodelay(grocer_stdscr(), true)
        defer { nodelay(grocer_stdscr(), false) }
        var keys: [Key] = []
        while true {
            while let input = readInput() {
                if let key = key(for: input) { keys.append(key) }
            }
            guard paste.isOpen else { break }
            var fds = [pollfd(fd: 0, events: Int16(POLLIN), revents: 0)]
            if poll(&fds, 1, Self.pastePause) <= 0 || fds[0].revents & Int16(POLLIN) == 0 {
                if let key = paste.endUnfinished() { keys.append(key) }
                break
            }
        }
        return keys
    }

    /// The key an input makes, nil while it is part of a paste.
    private func key(for input: BracketedPaste.Input) -> Key? {
        if input == .code(grocer_key_resize()) {
            width = Int(grocer_cols())
            height = Int(grocer_lines())
            return .resize
        }
        switch paste.take(input) {
        case .inPaste: return nil
        case .paste(let key): return key
        case .passOn: break
        }
        switch input {
        case .code(let code): return KeyMap.key(forCode: code)
        case .character(27):
            // Esc followed at once by a character is Alt plus that character;
            // anything else that followed (Esc, a function key) is put back.
            var next: wint_t = 0
            let rc = wget_wch(grocer_stdscr(), &next)
            if rc == OK {
                if next != 27, let scalar = Unicode.Scalar(UInt32(next)) { return .alt(Character(scalar)) }
                _ = unget_wch(wchar_t(bitPattern: UInt32(next)))
            } else if rc == grocer_key_code_yes() {
                _ = ungetch(Int32(next))
            }
            return .escape
        case .character(let value): return KeyMap.key(forCharacter: value)
        }
    }

    private func readInput() -> BracketedPaste.Input? {
        var ch: wint_t = 0
        let rc = wget_wch(grocer_stdscr(), &ch)
        if rc == grocer_err() { return nil }
        if rc == grocer_key_code_yes() { return .code(Int32(ch)) }
        return .character(UInt32(ch))
    }

    func attributes(_ style: Style) -> attr_t {
        var a = grocer_a_normal()
        if style.contains(.bold) { a |= grocer_a_bold() }
        if style.contains(.reverse) { a |= grocer_a_reverse() }
        if style.contains(.underline) { a |= grocer_a_underline() }
        if style.contains(.dim) { a |= grocer_a_dim() }
        if !useColor {
            if style.contains(.accent) { a |= grocer_a_bold() | grocer_a_underline() }
            if style.contains(.error) { a |= grocer_a_bold() }
        } else if style.contains(.error) || style.contains(.accent) {
            a |= grocer_a_bold()
        }
        return a
    }

    func colorPair(_ style: Style) -> Int16 {
        guard useColor else { return 0 }
        if style.contains(.error) { return 2 }
        if style.contains(.accent) { return 1 }
        return 0
    }
}
