import CSpawn
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The account's password command (`--password-command`), run at each
/// sync: `/bin/sh -c COMMAND` started under a watcher (below), stdin from
/// /dev/null, its stdout read through a pipe (at most `maximumOutput`
/// bytes), its stderr grocer's own (so the command's own complaint shows).
/// The first line of what it prints is the password, its line end cut.
///
/// The password only ever comes out of the command: it is never put in an
/// argument list or an environment variable, and the buffer it was read
/// into is zeroed. The command runs in a process group of its own, with
/// default signal handling and no signal blocked (grocer's blocked
/// signals are not passed on), so that a command past its `timeout`, or a
/// sync being stopped (its task cancelled), ends with every process it
/// started (SIGKILL to the group). The group is led by a small watcher
/// (`grocer_spawn_watched`, in C: a fork of grocer that runs no Swift),
/// which ends the group when grocer ends however it ends (kill -9 too),
/// seen as the hang-up of a pipe only grocer writes.
public struct PasswordCommand: Sendable {
    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        /// Exited with a status other than 0.
        case failed(exit: Int32)
        /// Ended by a signal (not grocer's timeout).
        case killed(signal: Int32)
        /// Printed nothing on its first line.
        case empty
        /// More than `maximumOutput` bytes: not a password.
        case tooLong(limit: Int)
        /// Not UTF-8 text (the password is sent as UTF-8).
        case notText
        /// Still running after the timeout: it was ended.
        case timedOut(seconds: Int)
        /// /bin/sh could not be started.
        case couldNotStart(String)
        /// The sync was stopped meanwhile (its task cancelled).
        case stopped
        /// A password with no user to go with it.
        case noUser

        public var description: String {
            switch self {
            case .failed(let status): return "the password command failed (exit \(status)): fix it or run it yourself to see why"
            case .killed(let signal): return "the password command was ended by signal \(signal): run it yourself to see why"
            case .empty: return "the password command printed nothing: it must print the password on its first line"
            case .tooLong(let limit):
                return "the password command printed more than \(limit / 1024) KiB: it must print only the password, on its first line"
            case .notText: return "the password command printed something that is not UTF-8 text"
            case .timedOut(let seconds):
                return "the password command did not finish within \(seconds) s and was stopped: run it yourself to see why"
            case .couldNotStart(let why): return "the password command could not start (\(why))"
            case .stopped: return "stopped"
            case .noUser: return "a password command needs a user to go with it: give --user"
            }
        }
    }

    /// 4 KiB.
    public static let maximumOutput = 4096

    public let command: String
    /// The environment the command runs with, as NAME=value entries: the
    /// process's own (the executable reads it, the edge), so that `pass`,
    /// `secret-tool` or `gpg` find PATH, HOME and their agents.
    public let environment: [String]
    public let timeout: Duration
    /// Whether the command's stderr goes to /dev/null instead of grocer's:
    /// under the screen, whose terminal it would write over.
    public let discardingErrors: Bool

    public init(_ command: String, environment: [String], timeout: Duration = .seconds(30), discardingErrors: Bool = false) {
        self.command = command
        self.environment = environment
        self.timeout = timeout
        self.discardingErrors = discardingErrors
    }

    /// Runs the command and answers its first line. Blocks until the
    /// command ends, the timeout passes or the calling task is cancelled.
    public func password() throws(Failure) -> String {
        var output = try run()
        defer { output.withUnsafeMutableBufferPointer { $0.update(repeating: 0) } }
        var line = output.prefix { $0 != UInt8(ascii: "\n") }
        if line.last == UInt8(ascii: "\r") { line.removeLast() }
        guard !line.isEmpty else { throw .empty }
        guard let password = String(validating: line, as: UTF8.self) else { throw .notText }
        return password
    }

    // MARK: - The child

    /// Everything the command printed, once it exited with 0.
    private func run() throws(Failure) -> [UInt8] {
        var pipeEnds: [Int32] = [-1, -1]
        // (pipe2 is not imported: close-on-exec just after.)
        guard pipe(&pipeEnds) == 0 else { throw .couldNotStart(Self.errorText(errno)) }
        let (readEnd, writeEnd) = (pipeEnds[0], pipeEnds[1])
        _ = fcntl(readEnd, F_SETFD, FD_CLOEXEC)
        _ = fcntl(writeEnd, F_SETFD, FD_CLOEXEC)
        var readEndOpen = true
        defer { if readEndOpen { close(readEnd) } }

        // Grocer's end of the watcher's pipe, held until the command is
        // over: closed by grocer's own end, however it comes.
        var watchEnds: [Int32] = [-1, -1]
        guard pipe(&watchEnds) == 0 else {
            close(writeEnd)
            throw .couldNotStart(Self.errorText(errno))
        }
        _ = fcntl(watchEnds[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(watchEnds[1], F_SETFD, FD_CLOEXEC)
        defer { close(watchEnds[1]) }

        let pid: pid_t
        do {
            defer {
                close(writeEnd)
                close(watchEnds[0])
            }
            pid = try spawn(stdout: writeEnd, watch: (watchEnds[0], watchEnds[1]))
        }

        let deadline = ContinuousClock.now + timeout
        var output: [UInt8] = []
        var failure: Failure?
        // Read to the end of its stdout, bounded.
        var buffer = [UInt8](repeating: 0, count: 1024)
        defer { buffer.withUnsafeMutableBufferPointer { $0.update(repeating: 0) } }
        while failure == nil {
            if Task.isCancelled {
                failure = .stopped
                break
            }
            let left = deadline - ContinuousClock.now
            guard left > .zero else {
                failure = .timedOut(seconds: Int(timeout.components.seconds))
                break
            }
            var poller = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(min(Self.milliseconds(left), 100)))
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { continue }
            let count = buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                break
            }
            if count == 0 { break }
            output.append(contentsOf: buffer[0..<count])
            if output.count > Self.maximumOutput { failure = .tooLong(limit: Self.maximumOutput) }
        }
        close(readEnd)
        readEndOpen = false

        // Then wait for it to exit (it may close its stdout and go on).
        var status: Int32 = 0
        while failure == nil {
            let done = waitpid(pid, &status, WNOHANG)
            if done == pid { break }
            if done < 0, errno != EINTR {
                failure = .couldNotStart(Self.errorText(errno))
                break
            }
            if Task.isCancelled {
                failure = .stopped
            } else if ContinuousClock.now >= deadline {
                failure = .timedOut(seconds: Int(timeout.components.seconds))
            } else {
                usleep(10_000)
            }
        }
        if let failure {
            // The whole group: the shell and whatever it started.
            kill(-pid, SIGKILL)
            kill(pid, SIGKILL)
            while waitpid(pid, &status, 0) < 0, errno == EINTR {}
            output.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
            throw failure
        }
        // WIFEXITED / WEXITSTATUS / WTERMSIG, which Swift does not import.
        let signal = status & 0x7F
        if signal != 0 {
            output.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
            throw .killed(signal: signal)
        }
        let exit = (status >> 8) & 0xFF
        if exit != 0 {
            output.withUnsafeMutableBufferPointer { $0.update(repeating: 0) }
            throw .failed(exit: exit)
        }
        return output
    }

    /// `/bin/sh -c COMMAND` under its watcher: stdin /dev/null, stdout
    /// `stdout`, stderr grocer's (or /dev/null), in a new process group led
    /// by the watcher, signals as a new process's. Answers the watcher's
    /// pid, whose end is the command's (the same status or signal).
    private func spawn(stdout: Int32, watch: (read: Int32, write: Int32)) throws(Failure) -> pid_t {
        let arguments = ["/bin/sh", "-c", command]
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        let pid = grocer_spawn_watched("/bin/sh", argv, envp, stdout, discardingErrors ? 1 : 0, watch.read, watch.write)
        guard pid > 0 else { throw .couldNotStart(Self.errorText(errno)) }
        return pid
    }

    private static func milliseconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(seconds) * 1000 + Int(attoseconds / 1_000_000_000_000_000) + 1
    }

    private static func errorText(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
