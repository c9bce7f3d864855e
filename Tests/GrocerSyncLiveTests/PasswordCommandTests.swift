import CSpawn
import Foundation
import GrocerSync
import Testing

@testable import GrocerSyncLive

/// The password command as `/bin/sh` runs it: each test a real child.
@Suite struct PasswordCommandTests {
    static let environment = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }

    func password(_ command: String, timeout: Duration = .seconds(30), environment: [String] = Self.environment) throws(PasswordCommand.Failure)
        -> String
    {
        try PasswordCommand(command, environment: environment, timeout: timeout).password()
    }

    @Test func theFirstLineIsThePassword() throws {
        #expect(try password("printf secret") == "secret")
        #expect(try password("echo secret") == "secret")
        #expect(try password("printf 'first\\nsecond\\n'") == "first")
        #expect(try password("printf 'crlf\\r\\n'") == "crlf")
        #expect(try password("printf '  spaced out  \\n'") == "  spaced out  ")
        #expect(try password("printf 'p\\303\\244ss'") == "päss")
    }

    @Test func aFailureIsOneClearLine() {
        #expect(throws: PasswordCommand.Failure.failed(exit: 3)) { try password("exit 3") }
        #expect(throws: PasswordCommand.Failure.failed(exit: 1)) { try password("echo 'no such entry' >&2; exit 1") }
        #expect(throws: PasswordCommand.Failure.failed(exit: 127)) { try password("no-such-program-of-grocer") }
        #expect(
            PasswordCommand.Failure.failed(exit: 1).description
                == "the password command failed (exit 1): fix it or run it yourself to see why")
        // It printed a password and then failed: no password.
        #expect(throws: PasswordCommand.Failure.failed(exit: 2)) { try password("echo secret; exit 2") }
        #expect(throws: PasswordCommand.Failure.killed(signal: 9)) { try password("kill -9 $$") }
    }

    @Test func nothingOrNotTextIsNoPassword() {
        #expect(throws: PasswordCommand.Failure.empty) { try password("true") }
        #expect(throws: PasswordCommand.Failure.empty) { try password("printf '\\nsecond line\\n'") }
        #expect(throws: PasswordCommand.Failure.notText) { try password("printf '\\377\\376'") }
    }

    /// More than 4 KiB is not a password: refused, and the command ended
    /// (`yes` never ends by itself: the answer coming back at all shows it
    /// was ended; no time is asserted on this shared machine).
    @Test func aHugeOutputIsRefused() {
        #expect(throws: PasswordCommand.Failure.tooLong(limit: 4096)) { try password("yes") }
        #expect(throws: PasswordCommand.Failure.tooLong(limit: 4096)) { try password("head -c 100000000 /dev/zero") }
        #expect(throws: PasswordCommand.Failure.tooLong(limit: 4096)) { try password("head -c 4097 /dev/zero") }
        #expect(throws: PasswordCommand.Failure.empty) { try password("head -c 4096 /dev/zero | tr '\\0' '\\n'") }
    }

    /// A command that hangs is ended at the timeout, with what it started
    /// (each `sleep 100` would otherwise outlive the test's answer).
    @Test func aCommandThatHangsIsEndedAtTheTimeout() {
        #expect(throws: PasswordCommand.Failure.timedOut(seconds: 0)) { try password("sleep 100", timeout: .milliseconds(300)) }
        // It printed, then went on with its stdout open.
        #expect(throws: PasswordCommand.Failure.timedOut(seconds: 0)) { try password("echo secret; sleep 100", timeout: .milliseconds(300)) }
        // The shell is gone, a child of it still holds the pipe.
        #expect(throws: PasswordCommand.Failure.timedOut(seconds: 0)) { try password("sleep 100 & echo secret", timeout: .milliseconds(300)) }
        // It closed its stdout and did not exit.
        #expect(throws: PasswordCommand.Failure.timedOut(seconds: 1)) { try password("echo secret; exec >&-; sleep 100", timeout: .seconds(1)) }
        #expect(
            PasswordCommand.Failure.timedOut(seconds: 30).description
                == "the password command did not finish within 30 s and was stopped: run it yourself to see why")
    }

    /// Cancelled once the command runs (it leaves a mark), it is ended as
    /// `.stopped`: not at its timeout, which would say `.timedOut` (no time
    /// is asserted: this machine is shared). The wait for the mark blocks
    /// this thread rather than awaiting:
    /// on a busy 2-core machine the other tests' blocking work could hold
    /// the task pool past the command's own timeout.
    @Test func aStoppedSyncEndsTheCommand() async {
        let mark = FileManager.default.temporaryDirectory.appendingPathComponent("grocer-mark-\(UUID().uuidString)").path
        defer { unlink(mark) }
        let task = Task.detached { () -> PasswordCommand.Failure? in
            do throws(PasswordCommand.Failure) {
                _ = try PasswordCommand("touch \"$MARK\"; sleep 100", environment: Self.environment + ["MARK=\(mark)"]).password()
                return nil
            } catch {
                return error
            }
        }
        let deadline = ContinuousClock.now + .seconds(60)
        while !FileManager.default.fileExists(atPath: mark), ContinuousClock.now < deadline { usleep(10_000) }
        task.cancel()
        #expect(await task.value == .stopped)
    }

    /// Stdin is /dev/null: a command that asks is told "end of input".
    /// Under the screen the command's stderr goes to /dev/null, never over
    /// the drawn terminal; from a command it is grocer's own.
    @Test func errorsAreDiscardedUnderTheScreen() throws {
        let stderrOf = "printf %s \"$(readlink /proc/$$/fd/2)\""
        let quiet = try PasswordCommand(stderrOf, environment: Self.environment, discardingErrors: true).password()
        #expect(quiet == "/dev/null")
        let ours = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/2")
        #expect(try password(stderrOf) == ours)
    }

    @Test func stdinIsEmpty() throws {
        #expect(try password("if read answer; then echo \"read $answer\"; else echo eof; fi") == "eof")
    }

    /// The environment is the one handed in, and the password is never in it.
    @Test func theEnvironmentIsTheOneHandedIn() throws {
        #expect(try password("printf %s \"$GROCER_PASS_ENTRY\"", environment: ["GROCER_PASS_ENTRY=dav/alice"]) == "dav/alice")
        #expect(try password("printf %s \"${HOME-unset}\"", environment: []) == "unset")
        // The child's arguments are /bin/sh -c and the command, nothing else.
        #expect(try password("printf %s \"$#:$0\"") == "0:/bin/sh")
    }

    /// Grocer's end, however it comes, ends the command and what it
    /// started: the kernel closes grocer's end of the watcher's pipe when
    /// grocer is killed (kill -9 too), and the watcher ends the group. Here
    /// the test closes that end itself. (issue 31: a command outlived a
    /// grocer killed with -9.)
    @Test func theCommandEndsWhenGrocerDoes() throws {
        let mark = FileManager.default.temporaryDirectory.appendingPathComponent("grocer-child-\(UUID().uuidString)").path
        defer { unlink(mark) }
        var out: [Int32] = [-1, -1]
        var watch: [Int32] = [-1, -1]
        #expect(pipe(&out) == 0 && pipe(&watch) == 0)
        for fd in out + watch { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        let arguments = ["/bin/sh", "-c", "sleep 100000 & echo $! >\"$MARK\"; wait"]
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = (Self.environment + ["MARK=\(mark)"]).map { strdup($0) } + [nil]
        defer { for pointer in argv + envp { free(pointer) } }
        let watcher = grocer_spawn_watched("/bin/sh", argv, envp, out[1], 0, watch[0], watch[1])
        close(out[1])
        close(watch[0])
        defer { close(out[0]) }
        #expect(watcher > 0)
        // The sleep's pid, once the shell has written it (a deadline only
        // for a shell that never starts: a failure, not a time measured).
        var sleeper: pid_t = 0
        for _ in 0..<3000 where sleeper == 0 {
            sleeper = (try? String(contentsOfFile: mark, encoding: .utf8)).flatMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) } ?? 0
            if sleeper == 0 { usleep(10_000) }
        }
        #expect(sleeper > 0)
        #expect(Self.running(sleeper))
        close(watch[1])
        var gone = false
        for _ in 0..<3000 where !gone {
            gone = !Self.running(sleeper)
            if !gone { usleep(10_000) }
        }
        #expect(gone, "sleep \(sleeper) runs on after grocer's end")
        // Whatever is left (only when this failed), ended, and the watcher reaped.
        kill(-watcher, SIGKILL)
        var status: Int32 = 0
        while waitpid(watcher, &status, 0) < 0 && errno == EINTR {}
    }

    /// Running, not a zombie no one has reaped yet.
    static func running(_ pid: pid_t) -> Bool {
        guard kill(pid, 0) == 0, let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return false }
        guard let close = stat.lastIndex(of: ")") else { return true }
        return !stat[stat.index(after: close)...].hasPrefix(" Z")
    }
}

@Suite struct NetrcFileTests {
    func file(_ text: String, mode: mode_t = 0o600) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("grocer-netrc-\(UUID().uuidString)").path
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        chmod(path, mode)
        return path
    }

    @Test func aPrivateFileIsRead() throws {
        let path = try file("machine dav.example.org login alice password s3cret\n")
        defer { unlink(path) }
        #expect(try NetrcFile.read(path)?.entry(host: "dav.example.org")?.password == "s3cret")
    }

    @Test func noFileIsNoNetrc() throws {
        #expect(try NetrcFile.read("/nonexistent/grocer/.netrc") == nil)
    }

    /// Passwords others can read are refused, as ftp and Python do; a file
    /// without any password may be shared.
    @Test func aSharedFileWithPasswordsIsRefused() throws {
        let shared = try file("machine h login alice password p\n", mode: 0o644)
        defer { unlink(shared) }
        #expect(throws: NetrcFile.Failure.notPrivate(path: shared)) { try NetrcFile.read(shared) }
        let loginsOnly = try file("machine h login alice\n", mode: 0o644)
        defer { unlink(loginsOnly) }
        #expect(try NetrcFile.read(loginsOnly)?.entries.count == 1)
    }

    @Test func aHugeFileOrADirectoryIsRefused() throws {
        let huge = try file(String(repeating: "#", count: 70_000))
        defer { unlink(huge) }
        #expect(throws: NetrcFile.Failure.unreadableText(path: huge, .tooLarge(limit: 65_536))) { try NetrcFile.read(huge) }
        let folder = FileManager.default.temporaryDirectory.path
        #expect(throws: NetrcFile.Failure.unreadable(path: folder, why: "not a regular file")) { try NetrcFile.read(folder) }
        #expect(throws: NetrcFile.Failure.unreadable(path: "/dev/zero", why: "not a regular file")) { try NetrcFile.read("/dev/zero") }
    }
}
