import GrocerCore

/// What the app loop needs from a terminal. `TerminalSession` (ncurses) is
/// the live one; tests use a fake that scripts keys and keeps the frames.
public protocol TerminalInterface: AnyObject {
    /// The whole terminal, hint bar included.
    var size: Size { get }
    /// How many columns the terminal gives each character (the C library's
    /// wcwidth for ncurses), so frames are laid out as they will be drawn.
    var measure: ColumnMeasure { get }
    /// Waits up to `timeout` (nil: until something happens) for keys, a
    /// resize, a mailbox wake-up or a signal; returns the keys that came
    /// (none on a wake-up, a signal or a time-out).
    func nextKeys(timeout: Duration?) -> [Key]
    /// The signal that asked the process to end (SIGTERM, SIGHUP, ...), if
    /// one came.
    var endingSignal: Int32? { get }
    /// What job control asked for since the last call, if anything.
    func takeJobRequest() -> JobRequest?
    /// Gives the terminal back to the shell and stops the process (Ctrl-Z);
    /// returns once it is continued (`fg`), the next frame drawn whole.
    func suspend()
    /// The next frame is drawn whole: the screen may have been changed
    /// behind ncurses' back (the process was stopped and continued).
    func invalidate()
    /// Shows a frame.
    func draw(_ canvas: Canvas)
    /// Restores the terminal. Safe to call twice.
    func end()
}

/// Job control that arrived as a signal rather than a key.
public enum JobRequest: Equatable, Sendable {
    /// SIGTSTP (from `kill -TSTP`): suspend as Ctrl-Z does.
    case suspend
    /// SIGCONT after a stop grocer did not make (SIGSTOP): draw everything.
    case redraw
}
