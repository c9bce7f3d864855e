import CNCursesw
import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Puts the terminal back on every way out. SIGINT, SIGTERM and SIGHUP are
/// noted and the loop quits cleanly; a crash (SIGSEGV, SIGILL, SIGABRT,
/// SIGBUS, SIGFPE, SIGTRAP: fatalError is one) restores the terminal in the
/// handler and dies of the same signal.
public enum TerminalRestore {
    nonisolated(unsafe) static var pending: Int32 = 0
    nonisolated(unsafe) static var wakeFD: Int32 = -1
    static let quitting: [Int32] = [SIGINT, SIGTERM, SIGHUP]
    static let crashing: [Int32] = [SIGSEGV, SIGILL, SIGABRT, SIGBUS, SIGFPE, SIGTRAP]

    /// The quitting signal that arrived, if any.
    public static var pendingSignal: Int32? { pending == 0 ? nil : pending }

    /// A pipe's write end, poked when a signal arrives so the loop wakes.
    public static func setWakeFD(_ fd: Int32) { wakeFD = fd }

    static func note(signal: Int32) { pending = signal }

    static func install() {
        atexit { grocer_restore_terminal() }
        for sig in quitting {
            signal(sig) { s in
                TerminalRestore.pending = s
                if TerminalRestore.wakeFD >= 0 {
                    var byte: UInt8 = 1
                    _ = write(TerminalRestore.wakeFD, &byte, 1)
                }
            }
        }
        for sig in crashing {
            signal(sig) { s in
                grocer_restore_terminal()
                signal(s, SIG_DFL)
                raise(s)
            }
        }
    }

    static func uninstall() {
        for sig in quitting + crashing { signal(sig, SIG_DFL) }
    }
}

/// endwin() if ncurses is still running; callable from a handler.
func grocer_restore_terminal() {
    if isendwin() == false {
        endwin()
    }
}
