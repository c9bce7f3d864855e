/// What the app loop needs from a terminal. `TerminalSession` (ncurses) is
/// the live one; tests use a fake that scripts keys and keeps the frames.
public protocol TerminalInterface: AnyObject {
    /// The whole terminal, hint bar included.
    var size: Size { get }
    /// Waits up to `timeout` (nil: until something happens) for keys, a
    /// resize, a mailbox wake-up or a signal; returns the keys that came
    /// (none on a wake-up, a signal or a time-out).
    func nextKeys(timeout: Duration?) -> [Key]
    /// The signal that asked the process to end (SIGTERM, SIGHUP, ...), if
    /// one came.
    var endingSignal: Int32? { get }
    /// Shows a frame.
    func draw(_ canvas: Canvas)
    /// Restores the terminal. Safe to call twice.
    func end()
}
