import Foundation

/// Which progress lines a command prints. Progress belongs to a terminal:
/// there every new percent is shown. Where no one watches (a log, a pipe,
/// cron) the first line, then at most one every `interval`, and 100%.
public struct ProgressPace {
    public let everyPercent: Bool
    public let interval: Duration
    private var lastPercent = -1
    private var lastShown: ContinuousClock.Instant?

    public init(everyPercent: Bool, interval: Duration = .seconds(5)) {
        self.everyPercent = everyPercent
        self.interval = interval
    }

    /// Whether the line for `percent`, reached at `now`, is printed.
    public mutating func shows(percent: Int, at now: ContinuousClock.Instant) -> Bool {
        guard percent > lastPercent else { return false }
        if !everyPercent, percent < 100, let last = lastShown, now - last < interval { return false }
        lastPercent = percent
        lastShown = now
        return true
    }
}
