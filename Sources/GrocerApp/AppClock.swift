import Foundation

/// The two clocks the loop reads: wall-clock time for what a screen shows
/// or saves, and monotonic time since launch for timers. Tests pass a
/// clock they move by hand.
public struct AppClock: Sendable {
    public var now: @Sendable () -> Date
    public var uptime: @Sendable () -> Duration

    public init(now: @escaping @Sendable () -> Date, uptime: @escaping @Sendable () -> Duration) {
        self.now = now
        self.uptime = uptime
    }

    public static func live() -> AppClock {
        let start = ContinuousClock.now
        return AppClock(now: { Date() }, uptime: { ContinuousClock.now - start })
    }
}
