/// How often the open grocery list asks the server what others changed
/// (one sync-token REPORT when nothing did): every 20 s after a sync that
/// went well and quickly, so a partner's tick shows within 30 s; after a
/// failure (offline, login refused) or a slow sync (10 s or more: the
/// server is struggling) the wait doubles, 40 s, 80 s, 160 s, up to 5 min,
/// and the next quick good sync brings it back to 20 s. The wait counts
/// from a sync's end, and a sync that runs is never started again, so two
/// never run at once. A plain value: the screen reads its clock from the
/// context, and tests move it by hand.
struct SyncPoll: Equatable, Sendable {
    /// The wait after a good, quick sync.
    static let often: Duration = .seconds(20)
    /// The longest wait, after failures in a row.
    static let seldom: Duration = .seconds(300)
    /// A sync that took this long or longer counts as the server being slow.
    static let slow: Duration = .seconds(10)

    /// The wait before the next poll, as of the last sync's end.
    private(set) var wait: Duration = often

    /// A sync ended after `took` (nil: not known, one this screen did not
    /// start), failed or not: the wait before the next.
    mutating func ended(took: Duration?, failed: Bool) -> Duration {
        if failed || (took ?? .zero) >= Self.slow {
            wait = min(wait * 2, Self.seldom)
        } else {
            wait = Self.often
        }
        return wait
    }
}
