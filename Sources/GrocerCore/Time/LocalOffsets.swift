import Foundation

/// A time zone's offset from UTC for many instants, looked up once per
/// week of time when it is the same at both ends of the week (no zone
/// changes its offset twice within a week), else per instant: asking
/// `TimeZone` for every row of a long list cost more than the rest of the
/// row's work.
public struct LocalOffsets: Sendable {
    public let zone: TimeZone
    private var week: Int64 = .min
    private var weekOffset = 0
    private var constant = false

    public init(zone: TimeZone) { self.zone = zone }

    static let weekSeconds: Int64 = 7 * 86_400

    /// The offset in seconds at `seconds` (Unix time).
    public mutating func offset(_ seconds: Int64) -> Int {
        let w = seconds >= 0 ? seconds / Self.weekSeconds : (seconds - Self.weekSeconds + 1) / Self.weekSeconds
        if w != week {
            week = w
            let start = w * Self.weekSeconds
            weekOffset = zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(start)))
            let end = zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(start + Self.weekSeconds - 1)))
            constant = weekOffset == end
        }
        return constant ? weekOffset : zone.secondsFromGMT(for: Date(timeIntervalSince1970: TimeInterval(seconds)))
    }
}
