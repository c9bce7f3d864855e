import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The width of the terminal on a descriptor, for a message written after
/// the screen ended (a refusal at launch): wrapped to it at spaces, the
/// whole message is read, with no word cut in two.
public enum TerminalWidth {
    /// Columns of the terminal on `fd` (standard error by default); nil
    /// when it is not a terminal or says nothing.
    public static func columns(of fd: Int32 = 2) -> Int? {
        guard isatty(fd) == 1 else { return nil }
        var size = winsize()
        guard ioctl(fd, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
