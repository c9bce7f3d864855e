import Foundation

/// Where sync stands, as a screen shows it: whether it is set up, when the
/// last sync ended well, how many changes wait to go out, how many
/// conflicts wait to be looked at, whether the last try failed (and why, in
/// a few words and in one line), and whether a sync runs now. A plain
/// value: whoever reads the store's sync tables makes it, so the grocery
/// screen depends on no engine.
public struct SyncStatus: Equatable, Sendable {
    /// Why the last try failed: a few words for a header ("offline", "login
    /// refused") and one line saying what to do.
    public struct Failure: Equatable, Sendable {
        public var headline: String
        public var line: String

        public init(headline: String, line: String) {
            self.headline = headline
            self.line = line
        }
    }

    /// No account: nothing is shown and nothing runs.
    public var isSetUp: Bool
    /// When a sync last ended without an error; nil: never.
    public var lastSync: Date?
    /// Local changes the server has not been sent yet.
    public var waiting: Int
    /// Conflicts recorded and not yet dismissed.
    public var conflicts: Int
    /// The last try's failure; nil when it went well (or none was made).
    public var failure: Failure?
    /// A sync runs now.
    public var running: Bool

    public init(
        isSetUp: Bool = true, lastSync: Date? = nil, waiting: Int = 0, conflicts: Int = 0, failure: Failure? = nil, running: Bool = false
    ) {
        self.isSetUp = isSetUp
        self.lastSync = lastSync
        self.waiting = waiting
        self.conflicts = conflicts
        self.failure = failure
        self.running = running
    }

    /// No account in the store.
    public static let notSetUp = SyncStatus(isSetUp: false)

    /// The header's words at `now`: "synced 2 min ago", "syncing…",
    /// "offline · 3 waiting · 1 conflict"; nil when sync is not set up
    /// (nothing is shown). What needs the person comes first (running or
    /// failed, then waiting, then conflicts), so a header that has to cut
    /// it keeps the most telling part; "synced … ago" is said only when
    /// nothing waits, since "3 waiting" already says the list is not all
    /// out. Each part is short: all three fit in the 48 columns the
    /// grocery screen's header has beside its tabs at 80, for counts below
    /// a thousand and a headline of a few words.
    public func headerText(now: Date) -> String? {
        guard isSetUp else { return nil }
        var parts: [String] = []
        if running {
            parts.append("syncing…")
        } else if let failure {
            parts.append(failure.headline)
        } else if waiting == 0 {
            parts.append(lastSync.map { "synced " + Self.ago($0, now: now) } ?? "not synced yet")
        }
        if waiting > 0 { parts.append("\(waiting) waiting") }
        if conflicts > 0 { parts.append(conflicts == 1 ? "1 conflict" : "\(conflicts) conflicts") }
        return parts.joined(separator: " · ")
    }

    /// How long before `now` `date` was, in the largest whole unit: "just
    /// now" (under a minute, or a clock that went back), "2 min ago", "3 h
    /// ago", "1 day ago", "12 days ago".
    public static func ago(_ date: Date, now: Date) -> String {
        let seconds = now.timeIntervalSince(date)
        guard seconds >= 60 else { return "just now" }
        let minutes = Int(seconds / 60)
        if minutes < 60 { return "\(minutes) min ago" }
        let hours = minutes / 60
        if hours < 24 { return "\(hours) h ago" }
        let days = hours / 24
        return days == 1 ? "1 day ago" : "\(days) days ago"
    }
}

/// One recorded conflict as a screen lists it: the item (or weight), the
/// field both sides changed, each side's value as a person reads it (nil:
/// deleted on that side, or no value), which one grocer kept, and when.
public struct SyncConflictLine: Equatable, Sendable, Identifiable {
    /// Which side's value a conflict kept.
    public enum Side: String, Equatable, Sendable {
        /// This grocer's value.
        case local
        /// The server's (another device's) value.
        case remote

        /// The side not kept: what "take the other value" takes.
        public var other: Side { self == .local ? .remote : .local }
    }

    /// The store's id for the conflict.
    public var id: Int64
    /// What it is called ("flour", "72.50 kg on 3 Mar").
    public var title: String
    /// The field's name ("quantity", "ticked", "presence").
    public var field: String
    /// The value here and on the server.
    public var here: String?
    public var there: String?
    public var kept: Side
    public var at: Date

    public init(id: Int64, title: String, field: String, here: String?, there: String?, kept: Side, at: Date) {
        self.id = id
        self.title = title
        self.field = field
        self.here = here
        self.there = there
        self.kept = kept
        self.at = at
    }

    /// The value on `side`.
    public func value(_ side: Side) -> String? { side == .local ? here : there }
}
