import Foundation
import Synchronization

/// How a connection waits for another grocer's write, when its owner wants
/// to see the wait and end it: SQLite's busy handler sleeps a little and
/// tries again, up to `Connection.busyTimeout` as a plain timeout does, but
/// it tells `onWait` (once per `begin`) that it is waiting, and gives up
/// at once after `cancel()`. The screen uses it for a save, so that the
/// keys stay alive, the person sees why nothing happens, and Esc gives up
/// (SQLite then reports busy, and nothing was written).
public final class BusyWait: Sendable {
    /// How the last wait ended, when it did not end in the lock.
    public enum End: Equatable, Sendable {
        case cancelled
        case timedOut
    }

    private struct State {
        var started: ContinuousClock.Instant?
        var cancelled = false
        var told = false
        var onWait: (@Sendable () -> Void)?
        var ended: End?
    }

    private let state = Mutex(State())
    let timeout: Duration
    let pause: Duration

    /// `timeout` nil: `Connection.busyTimeout`, as every other connection.
    public init(timeout: Duration? = nil, pause: Duration = .milliseconds(20)) {
        self.timeout = timeout ?? .seconds(Connection.busyTimeout)
        self.pause = pause
    }

    /// A new write begins: `onWait` hears the first time it has to wait.
    public func begin(onWait: @escaping @Sendable () -> Void) {
        state.withLock { $0 = State(onWait: onWait) }
    }

    /// Gives up the wait under way (and the next, until `begin`).
    public func cancel() {
        state.withLock { $0.cancelled = true }
    }

    public var isCancelled: Bool { state.withLock { $0.cancelled } }

    /// Why the last wait since `begin` gave up; nil if none did.
    public var ended: End? { state.withLock { $0.ended } }

    /// SQLite's busy handler: whether to try again after a pause.
    func shouldRetry(_ tries: Int) -> Bool {
        let now = ContinuousClock.now
        let (go, tell): (Bool, (@Sendable () -> Void)?) = state.withLock { s in
            if tries == 0 || s.started == nil { s.started = now }
            if s.cancelled {
                s.ended = .cancelled
                return (false, nil)
            }
            if now - s.started! >= timeout {
                s.ended = .timedOut
                return (false, nil)
            }
            guard !s.told, let onWait = s.onWait else { return (true, nil) }
            s.told = true
            return (true, onWait)
        }
        guard go else { return false }
        tell?()
        let (seconds, attoseconds) = pause.components
        Thread.sleep(forTimeInterval: Double(seconds) + Double(attoseconds) / 1e18)
        return true
    }
}
