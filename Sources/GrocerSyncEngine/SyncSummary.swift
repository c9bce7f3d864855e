/// What one sync did, for the one line `grocer sync` prints and the
/// grocery screen's header.
public struct SyncSummary: Equatable, Sendable, CustomStringConvertible {
    /// Changes the server brought that were applied here.
    public var received: Int
    /// Writes (PUT, DELETE) the server took.
    public var sent: Int
    /// Conflicts recorded (both sides changed one field).
    public var conflicts: Int

    public init(received: Int = 0, sent: Int = 0, conflicts: Int = 0) {
        self.received = received
        self.sent = sent
        self.conflicts = conflicts
    }

    /// "sync: 3 received, 1 sent, no conflicts".
    public var description: String {
        let conflicts =
            switch self.conflicts {
            case 0: "no conflicts"
            case 1: "1 conflict"
            default: "\(self.conflicts) conflicts"
            }
        return "sync: \(received) received, \(sent) sent, \(conflicts)"
    }

    static func + (a: SyncSummary, b: SyncSummary) -> SyncSummary {
        SyncSummary(received: a.received + b.received, sent: a.sent + b.sent, conflicts: a.conflicts + b.conflicts)
    }
}
