import Foundation

/// When a weigh-in can have been: from 1900 on, and no later than a few
/// minutes after now (a clock a little ahead is forgiven; a typo for 2030
/// is not, as it would end every graph in 2030). One rule for `weight add`
/// and `edit`, the screen's form and every import reader; `now` is passed
/// in (this layer reads no clock).
public enum WeighInTime {
    /// 1900-01-01 00:00:00 UTC.
    public static let earliest = Date(timeIntervalSince1970: -2_208_988_800)
    /// How far after now a weigh-in may be.
    public static let slack: TimeInterval = 5 * 60

    public enum Problem: Equatable, Sendable {
        case beforeEarliest
        case inTheFuture

        /// Ends a sentence that starts with the time: "'2030-01-01' is in
        /// the future: ...".
        public var reason: String {
            switch self {
            case .beforeEarliest: return "before 1900: grocer takes weigh-ins from 1900 on"
            case .inTheFuture: return "in the future: a weigh-in can be at most 5 minutes after now"
            }
        }
    }

    public static func problem(_ date: Date, now: Date) -> Problem? {
        if date < earliest { return .beforeEarliest }
        if date.timeIntervalSince(now) > slack { return .inTheFuture }
        return nil
    }
}
