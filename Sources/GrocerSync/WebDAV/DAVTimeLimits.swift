import Synchronization

/// How long grocer waits for a server (issue 36, "a slow server hangs
/// sync forever"): each request ends when no byte came for `idle`, when
/// it took `request` in all (head and body: a server that sends one byte
/// a second, or chunks that never end, is cut there), or at the sync's
/// `deadline`, counted from `start` across every request and collection
/// of one sync. Past any of them the request fails with
/// `DAVFailure.tooSlow`, which is never Ctrl-C's `.stopped`.
public struct DAVTimeLimits: Sendable {
    public var idle: Duration
    public var request: Duration
    /// The whole sync's length, nil for none (each request is still
    /// bounded by `idle` and `request`).
    public var deadline: Duration?
    public var start: ContinuousClock.Instant

    /// 30 s without a byte, 60 s for one request.
    public static let idleDefault = Duration.seconds(30)
    public static let requestDefault = Duration.seconds(60)
    /// `grocer sync`'s deadline when `--deadline` is not given: above what
    /// a first sync of ten years of daily weights takes on Radicale
    /// (docs/MEASURED.md, "Sync"), so a first sync is not cut short.
    public static let commandDeadline = 600
    /// The grocery screen's, when GROCER_SYNC_DEADLINE does not say: the
    /// screen's sync runs unseen, so it ends well before its next one.
    public static let screenDeadline = 120
    /// What `--deadline` and GROCER_SYNC_DEADLINE take, in seconds.
    public static let deadlineRange = 1...86_400

    public init(
        idle: Duration = idleDefault, request: Duration = requestDefault, deadline: Duration?,
        start: ContinuousClock.Instant = .now
    ) {
        self.idle = idle
        self.request = request
        self.deadline = deadline
        self.start = start
    }

    /// Seconds as the person gave them (`--deadline`, the environment):
    /// nil when not a whole number in `deadlineRange`.
    public static func seconds(_ text: String) -> Int? {
        guard text.utf8.allSatisfy({ (0x30...0x39).contains($0) }), text.utf8.count <= 6, let value = Int(text),
            deadlineRange.contains(value)
        else { return nil }
        return value
    }
}

/// What a request tells its timer: a byte came (`touch`).
public final class DAVProgress: Sendable {
    private let last: Mutex<ContinuousClock.Instant>

    init(_ now: ContinuousClock.Instant) { last = Mutex(now) }

    /// Something arrived: the idle wait starts again.
    public func touch() { last.withLock { $0 = .now } }

    var lastTouched: ContinuousClock.Instant { last.withLock { $0 } }
}

/// Runs one request under `DAVTimeLimits` with structured concurrency: the
/// request, a sleep to its end and a watch of its idle time race in a
/// task group; the first to finish wins and the others are cancelled (a
/// live request then ends its connection). Cancelling the calling task
/// (Ctrl-C) is `.stopped`, never a timeout.
public enum DAVTimer {
    public static func run<T: Sendable>(
        host: String, limits: DAVTimeLimits, _ body: @escaping @Sendable (DAVProgress) async throws(DAVFailure) -> T
    ) async throws(DAVFailure) -> T {
        if Task.isCancelled { throw .stopped }
        let now = ContinuousClock.now
        var end = now + limits.request
        var ended = Ended.request(limits.request)
        if let deadline = limits.deadline, limits.start + deadline < end {
            end = limits.start + deadline
            ended = .deadline(deadline)
        }
        if case .deadline(let deadline) = ended, end <= now {
            throw .tooSlow(host: host, seconds: seconds(deadline), deadline: true)
        }
        let progress = DAVProgress(now)
        let (idle, until, why) = (limits.idle, end, ended)
        let first = await withTaskGroup(of: Outcome<T>.self) { group in
            group.addTask {
                do throws(DAVFailure) { return .done(try await body(progress)) } catch { return .failed(error) }
            }
            group.addTask {
                do { try await Task.sleep(until: until, clock: .continuous) } catch { return .failed(.stopped) }
                return .ended(why)
            }
            group.addTask {
                while true {
                    let due = progress.lastTouched + idle
                    if due <= .now { return .ended(.idle(idle)) }
                    do { try await Task.sleep(until: due, clock: .continuous) } catch { return .failed(.stopped) }
                }
            }
            let first = await group.next() ?? .failed(.stopped)
            group.cancelAll()
            return first
        }
        if Task.isCancelled { throw .stopped }
        switch first {
        case .done(let value): return value
        case .failed(let failure): throw failure
        case .ended(.idle(let idle)): throw .tooSlow(host: host, seconds: seconds(idle), deadline: false)
        case .ended(.request(let limit)): throw .tooSlow(host: host, seconds: seconds(limit), deadline: false)
        case .ended(.deadline(let deadline)): throw .tooSlow(host: host, seconds: seconds(deadline), deadline: true)
        }
    }

    enum Ended: Sendable {
        case idle(Duration)
        case request(Duration)
        case deadline(Duration)
    }

    enum Outcome<T: Sendable>: Sendable {
        case done(T)
        case failed(DAVFailure)
        case ended(Ended)
    }

    /// Whole seconds, a part of one counted as one.
    public static func seconds(_ duration: Duration) -> Int {
        let (seconds, attoseconds) = duration.components
        return Int(seconds) + (attoseconds > 0 ? 1 : 0)
    }
}
