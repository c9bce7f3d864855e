/// What one sync did, for the one line `grocer sync` prints and the
/// grocery screen's header.
public struct SyncSummary: Equatable, Sendable, CustomStringConvertible {
    /// Changes the server brought that were applied here.
    public var received: Int
    /// Writes (PUT, DELETE) the server took.
    public var sent: Int
    /// Conflicts recorded (both sides changed one field).
    public var conflicts: Int
    /// Objects on the server grocer could not read (not iCalendar, over
    /// its size limits, a line of 1 MB, no UID): left alone, never
    /// rewritten or deleted, and said, so nothing goes missing unnoticed.
    public var unreadable: Int
    /// Objects on the server whose UID another object there already has
    /// (a copy a phone put at a new address, two objects made with one
    /// UID): left alone, never merged into the other's item or entry,
    /// never deleted with it, and said.
    public var sharedUID: Int

    public init(received: Int = 0, sent: Int = 0, conflicts: Int = 0, unreadable: Int = 0, sharedUID: Int = 0) {
        self.received = received
        self.sent = sent
        self.conflicts = conflicts
        self.unreadable = unreadable
        self.sharedUID = sharedUID
    }

    /// "sync: 3 received, 1 sent, no conflicts".
    public var description: String {
        let conflicts =
            switch self.conflicts {
            case 0: "no conflicts"
            case 1: "1 conflict"
            default: "\(self.conflicts) conflicts"
            }
        let unread =
            switch unreadable {
            case 0: ""
            case 1: "; 1 object on the server could not be read and was left alone"
            default: "; \(unreadable) objects on the server could not be read and were left alone"
            }
        let shared =
            switch sharedUID {
            case 0: ""
            case 1: "; 1 object on the server has the UID of another and was left alone"
            default: "; \(sharedUID) objects on the server have the UID of another and were left alone"
            }
        return "sync: \(received) received, \(sent) sent, \(conflicts)" + unread + shared
    }

    public static func + (a: SyncSummary, b: SyncSummary) -> SyncSummary {
        SyncSummary(
            received: a.received + b.received, sent: a.sent + b.sent, conflicts: a.conflicts + b.conflicts,
            unreadable: a.unreadable + b.unreadable, sharedUID: a.sharedUID + b.sharedUID)
    }
}
