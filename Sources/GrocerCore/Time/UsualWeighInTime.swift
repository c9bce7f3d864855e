import Foundation

/// The time of day a person usually weighs in, for a weight backfilled on
/// an earlier day (issue 34): the median local time of their recent
/// weigh-ins (`recent`, the newest), each read in the zone's offset at
/// its own instant (a 7:00 weigh-in in summer and one in winter are both
/// 7:00). Times of day go round midnight: the median is taken from the
/// widest gap between them, so 23:50, 0:10 and 0:20 give 0:10, not noon.
/// An even count takes the earlier of the two middle times (a time the
/// person did weigh in at). No weigh-ins: none (the caller uses now).
public enum UsualWeighInTime {
    /// How many of the newest weigh-ins count.
    public static let recent = 30
    static let day = 24 * 60

    /// Minutes after local midnight; nil without dates.
    public static func minutes(of dates: [Date], timeZone: TimeZone) -> Int? {
        var offsets = LocalOffsets(zone: timeZone)
        let minutes = dates.map { date -> Int in
            let seconds = Int64(date.timeIntervalSince1970.rounded(.down))
            let local = seconds + Int64(offsets.offset(seconds))
            let inDay = local - (local >= 0 ? local / 86_400 : (local - 86_399) / 86_400) * 86_400
            return Int(inDay / 60)
        }
        return median(minutes)
    }

    /// The circular median of minutes in a day.
    static func median(_ minutes: [Int]) -> Int? {
        let sorted = minutes.sorted()
        guard let first = sorted.first, let last = sorted.last else { return nil }
        // Start after the widest gap (the one across midnight included).
        var widest = first + day - last
        var cut = 0
        for i in 1..<max(1, sorted.count) where sorted[i] - sorted[i - 1] > widest {
            widest = sorted[i] - sorted[i - 1]
            cut = i
        }
        let turned = Array(sorted[cut...]) + sorted[..<cut].map { $0 + day }
        return turned[(turned.count - 1) / 2] % day
    }

    /// `day` at `minutes` after its local midnight in `timeZone`. A time
    /// the clocks skip (2:30 on the spring change) is the same time moved
    /// on by the gap (3:30); one they pass twice, the first.
    public static func date(_ day: CivilDay, minutes: Int, timeZone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        var parts = DateComponents()
        parts.year = day.year
        parts.month = day.month
        parts.day = day.day
        parts.hour = minutes / 60
        parts.minute = minutes % 60
        if let date = calendar.date(from: parts) { return date }
        // Not expected: the wall time read as UTC, then the zone's offset.
        let seconds = TimeInterval(day.number * 86_400 + minutes * 60)
        return Date(timeIntervalSince1970: seconds - TimeInterval(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: seconds))))
    }
}
