import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Commands' output through write(2), never through a call that crashes on
/// a failed write (FileHandle's `write(_:)`): a full disk or a closed
/// standard output is noted, and `finish()` tells the command's caller,
/// which says so in one line (exit 2) instead of exiting 0 having written
/// nothing. A reader that went away (`| head`) ends grocer by SIGPIPE,
/// quietly, as any Unix tool.
public enum StandardOutput {
    /// The first errno of a failed write to standard output; 0: none.
    private static let failure = Atomic<Int32>(0)

    public static func write(_ data: Data) {
        if let error = writeAll(data, to: 1) { note(error) }
    }

    /// To standard error; a failure there has nowhere to be reported.
    public static func writeError(_ data: Data) {
        _ = writeAll(data, to: 2)
    }

    /// Flushes what `print` buffered (C stdio: every stream, as Swift 6
    /// will not name C's `stdout`), and returns the errno of the first
    /// write to standard output that failed, or nil. A closed descriptor
    /// is found even with nothing left to flush.
    public static func finish() -> Int32? {
        if fflush(nil) != 0 { note(errno) }
        if fcntl(1, F_GETFD) < 0 { note(errno) }
        let code = failure.load(ordering: .relaxed)
        return code == 0 ? nil : code
    }

    /// The line for a failed standard output.
    public static func failureLine(_ code: Int32) -> String {
        "could not write to standard output (\(String(cString: strerror(code)))); the output is incomplete. Check the disk, or where the output goes."
    }

    /// The line for a failed standard output after a save that landed.
    public static func savedFailureLine(_ code: Int32) -> String {
        "saved, but the confirmation could not be written to standard output (\(String(cString: strerror(code)))). Do not save it again; check where the output goes."
    }

    /// How a command ends once its work is done: `status` as its work
    /// ended, `failure` the errno of a failed write to standard output
    /// (nil: none), `saved` whether its work was a save that landed. A
    /// failed output makes an otherwise good status 2 (the output is
    /// incomplete), except after a save: a script that retries on a
    /// failure would save twice, so the save's status stays, and the line
    /// says the confirmation was lost.
    public static func ending(status: Int32, failure: Int32?, saved: Bool) -> (status: Int32, line: String?) {
        guard let failure else { return (status, nil) }
        if saved && status == 0 { return (0, savedFailureLine(failure)) }
        return (status == 0 ? 2 : status, failureLine(failure))
    }

    private static func note(_ code: Int32) {
        _ = failure.compareExchange(expected: 0, desired: code == 0 ? EIO : code, ordering: .relaxed)
    }

    /// Every byte, or the errno that stopped it.
    static func writeAll(_ data: Data, to fd: Int32) -> Int32? {
        data.withUnsafeBytes { raw -> Int32? in
            var offset = 0
            while offset < raw.count {
                let n = Glibc.write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += n
            }
            return nil
        }
    }
}
