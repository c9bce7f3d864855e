import Foundation
import GrocerApp
import GrocerCore
import GrocerUI
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// A clock the tests move: wall time stays at noon, uptime moves when the
/// fake terminal waits.
final class FakeClock: Sendable {
    private let elapsed = Mutex<Duration>(.zero)
    static let noon = Date(timeIntervalSince1970: 1_795_262_400)

    var uptime: Duration { elapsed.withLock { $0 } }
    func advance(_ d: Duration) { elapsed.withLock { $0 += d } }

    var client: AppClock {
        AppClock(now: { Self.noon }, uptime: { [self] in uptime })
    }
}

/// A terminal that hands the loop a script and keeps every frame it draws.
/// When the script runs out it reports SIGTERM, so a test never hangs.
final class FakeTerminal: TerminalInterface {
    enum Step {
        case keys([Key])
        /// Background work posts a result (the mailbox wakes the loop).
        case post(EffectResult)
        /// Nothing happens until the loop's timer (if any) is due.
        case waitForTimer
        case resize(Size)
        /// A job-control signal arrives (SIGTSTP from kill, SIGCONT).
        case job(JobRequest)
        /// The test does something while the loop waits for keys (waits
        /// for background work, lets it go on); no key.
        case call(() -> Void)
        /// The pipe emptied, `after` run (a write by another process, say),
        /// then real waits on the mailbox's pipe (background work or the
        /// store watch wakes it), the clock standing still, until the
        /// screen passes the check: the loop runs no pass but for a wake.
        /// A wait of 30 s with no wake gives up and ends the script
        /// (`gaveUpWaiting`), only so that a broken wake cannot hang a test.
        case wake(after: () -> Void, until: (String) -> Bool)
    }

    /// Calls of `suspend` and `invalidate`, with the frames drawn before each.
    private(set) var suspendedAfterFrames: [Int] = []
    private(set) var invalidatedAfterFrames: [Int] = []
    private var jobRequest: JobRequest?

    func takeJobRequest() -> JobRequest? {
        defer { jobRequest = nil }
        return jobRequest
    }

    func suspend() { suspendedAfterFrames.append(frames.count) }
    func invalidate() { invalidatedAfterFrames.append(frames.count) }

    var script: [Step]
    let clock: FakeClock
    let mailbox: Mailbox<EffectResult>
    private(set) var frames: [Canvas] = []
    private(set) var ended = false
    /// A `.wake` step waited 30 s for nothing.
    private(set) var gaveUpWaiting = false
    private var waiting = false
    private(set) var endingSignal: Int32?
    var size = Size(width: 80, height: 24)
    var measure: ColumnMeasure { .unicode }

    init(_ script: [Step], clock: FakeClock, mailbox: Mailbox<EffectResult>) {
        self.script = script
        self.clock = clock
        self.mailbox = mailbox
    }

    func nextKeys(timeout: Duration?) -> [Key] {
        guard !script.isEmpty else {
            endingSignal = 15
            return []
        }
        if case .wake(let after, let until) = script[0] {
            if !waiting {
                waiting = true
                emptyPipe()
                after()
            }
            if until(screen) {
                waiting = false
                script.removeFirst()
                return nextKeys(timeout: timeout)
            }
            if !waitForWake() {
                gaveUpWaiting = true
                script.removeAll()
            }
            return []
        }
        switch script.removeFirst() {
        case .wake:
            return []
        case .keys(let keys):
            return keys
        case .post(let result):
            mailbox.post(result)
            return []
        case .waitForTimer:
            if let timeout { clock.advance(timeout) }
            return []
        case .resize(let size):
            self.size = size
            return [.resize]
        case .job(let request):
            jobRequest = request
            return []
        case .call(let body):
            body()
            return []
        }
    }

    func draw(_ canvas: Canvas) { frames.append(canvas) }

    /// Waits for a byte on the mailbox's pipe, then empties it.
    private func waitForWake() -> Bool {
        var fds = [pollfd(fd: mailbox.readFD, events: Int16(POLLIN), revents: 0)]
        guard poll(&fds, 1, 30_000) > 0 else { return false }
        emptyPipe()
        return true
    }

    private func emptyPipe() {
        var buffer = [UInt8](repeating: 0, count: 256)
        while read(mailbox.readFD, &buffer, buffer.count) > 0 {}
    }

    func end() { ended = true }

    /// The last frame as text.
    var screen: String { frames.last.map { $0.lines.joined(separator: "\n") } ?? "" }
}
