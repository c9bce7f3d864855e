import CNCursesw
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Puts the terminal back on every way out. A signal that ends the process
/// by default (SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, ...) is noted and
/// wakes the loop, which restores the terminal and exits with 128 + the
/// signal; a crash (SIGSEGV, SIGILL, SIGABRT, SIGBUS, SIGFPE, SIGTRAP,
/// SIGSYS: fatalError is one) restores it in the handler and dies of the
/// same signal. SIGXFSZ is left alone (the store ignores it and sees
/// EFBIG). SIGTSTP (`kill -TSTP`; Ctrl-Z itself comes as a key in raw
/// mode) and SIGCONT are noted the same way: the loop suspends, or draws
/// everything again; nothing but a note and a wake-up happens in a handler.
public enum TerminalRestore {
    nonisolated(unsafe) static var pending: Int32 = 0
    nonisolated(unsafe) static var wakeFD: Int32 = -1
    /// 0: nothing; SIGTSTP: suspend; SIGCONT: redraw everything.
    nonisolated(unsafe) static var jobSignal: Int32 = 0
    static let quitting: [Int32] =
        [
            SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF,
            SIGPIPE, SIGXCPU, SIGIO, SIGPWR, SIGSTKFLT,
        ] + Array(__libc_current_sigrtmin()...__libc_current_sigrtmax())
    static let crashing: [Int32] = [SIGSEGV, SIGILL, SIGABRT, SIGBUS, SIGFPE, SIGTRAP, SIGSYS]

    /// Also called in the handler of a quitting signal: it must be
    /// async-signal-safe (the app raises its stop flag, one atomic store,
    /// so a long statement on the loop's thread ends and the loop can quit).
    nonisolated(unsafe) public static var onQuitSignal: (@convention(c) (Int32) -> Void)?

    /// The quitting signal that arrived, if any.
    public static var pendingSignal: Int32? { pending == 0 ? nil : pending }

    /// A pipe's write end, poked when a signal arrives so the loop wakes.
    public static func setWakeFD(_ fd: Int32) { wakeFD = fd }

    static func note(signal: Int32) { pending = signal }

    static func install() {
        atexit { restoreTerminalFromHandler() }
        for sig in quitting {
            signal(sig) { s in
                TerminalRestore.pending = s
                TerminalRestore.onQuitSignal?(s)
                if TerminalRestore.wakeFD >= 0 {
                    var byte: UInt8 = 1
                    _ = write(TerminalRestore.wakeFD, &byte, 1)
                }
            }
        }
        installJobControl()
        for sig in crashing {
            signal(sig) { s in
                restoreTerminalFromHandler()
                signal(s, SIG_DFL)
                raise(s)
            }
        }
    }

    /// Notes SIGTSTP and SIGCONT for the loop (a stop outranks a redraw).
    static func installJobControl() {
        for sig in [SIGTSTP, SIGCONT] {
            signal(sig) { s in
                if s == SIGTSTP || TerminalRestore.jobSignal == 0 { TerminalRestore.jobSignal = s }
                if TerminalRestore.wakeFD >= 0 {
                    var byte: UInt8 = 1
                    _ = write(TerminalRestore.wakeFD, &byte, 1)
                }
            }
        }
    }

    /// What job control asked for since the last call.
    static func takeJobSignal() -> Int32 {
        let sig = jobSignal
        jobSignal = 0
        return sig
    }

    /// Asks the terminal for bracketed paste (`BracketedPaste`), or to
    /// stop: written straight to standard output, as ncurses has no call
    /// for it; async-signal-safe (one `write`), so a crash's handler
    /// calls it too.
    static func setBracketedPaste(_ on: Bool) {
        let bytes: StaticString = on ? "\u{1B}[?2004h" : "\u{1B}[?2004l"
        _ = write(1, bytes.utf8Start, bytes.utf8CodeUnitCount)
    }

    static func uninstall() {
        for sig in quitting + crashing + [SIGTSTP, SIGCONT] { signal(sig, SIG_DFL) }
    }
}

/// endwin() if ncurses is still running; callable from a handler.
func restoreTerminalFromHandler() {
    if isendwin() == false {
        TerminalRestore.setBracketedPaste(false)
        endwin()
    }
}
