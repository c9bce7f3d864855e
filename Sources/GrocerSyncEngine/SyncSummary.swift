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
    /// Why, in a person's words, for the first `reasonsKept` of them ("a
    /// weight dated 1800-01-01, before 1900: ...").
    public var reasons: [String]

    static let reasonsKept = 3

    /// Objects on the server whose UID another object there already has
    /// (a copy a phone put at a new address, two objects made with one
    /// UID): left alone, never merged into the other's item or entry,
    /// never deleted with it, and said.
    public var sharedUID: Int

    public init(received: Int = 0, sent: Int = 0, conflicts: Int = 0, unreadable: Int = 0, reasons: [String] = [], sharedUID: Int = 0) {
        self.received = received
        self.sent = sent
        self.conflicts = conflicts
        self.unreadable = unreadable
        self.reasons = reasons
        self.sharedUID = sharedUID
    }

    /// The counts `grocer sync --json` prints, in its order: every count
    /// the line says, so a script sees what a person sees.
    public var counts: [(name: String, value: Int)] {
        [("received", received), ("sent", sent), ("conflicts", conflicts), ("unreadable", unreadable), ("sharedUID", sharedUID)]
    }

    /// One more object set aside, for `reason`.
    mutating func setAside(_ reason: String) {
        unreadable += 1
        if reasons.count < Self.reasonsKept { reasons.append(reason) }
    }

    /// "sync: 3 received, 1 sent, no conflicts".
    public var description: String {
        let conflicts =
            switch self.conflicts {
            case 0: "no conflicts"
            case 1: "1 conflict"
            default: "\(self.conflicts) conflicts"
            }
        var unread =
            switch unreadable {
            case 0: ""
            case 1: "; 1 object on the server could not be read and was left alone"
            default: "; \(unreadable) objects on the server could not be read and were left alone"
            }
        if !reasons.isEmpty {
            // "2 set aside, left on the server as they are: a weight dated
            // 1800-01-01, before 1900: ...; a weight ... (change or delete
            // them where they were made)".
            unread = "; \(unreadable) set aside, left on the server as \(unreadable == 1 ? "it is" : "they are"): "
            unread += reasons.joined(separator: "; ")
            if unreadable > reasons.count { unread += "; and \(unreadable - reasons.count) more" }
            unread += " (change or delete \(unreadable == 1 ? "it" : "them") on the phone or computer that made \(unreadable == 1 ? "it" : "them"))"
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
            unreadable: a.unreadable + b.unreadable, reasons: Array((a.reasons + b.reasons).prefix(reasonsKept)),
            sharedUID: a.sharedUID + b.sharedUID)
    }
}
