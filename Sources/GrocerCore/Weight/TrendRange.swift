import Foundation

/// The spans the history graph shows: keys 1-6, or `[` and `]`.
public enum TrendRange: String, CaseIterable, Sendable {
    case week = "1w"
    case month = "1m"
    case threeMonths = "3m"
    case sixMonths = "6m"
    case year = "1y"
    case all

    public static let `default` = TrendRange.threeMonths

    /// The first day of the range ending at `last`: a week before it, or the
    /// same day of the month 1, 3, 6 or 12 months before; nil for `all`.
    public func firstDay(endingAt last: CivilDay) -> CivilDay? {
        switch self {
        case .week: return last.adding(days: -7)
        case .month: return last.adding(months: -1)
        case .threeMonths: return last.adding(months: -3)
        case .sixMonths: return last.adding(months: -6)
        case .year: return last.adding(months: -12)
        case .all: return nil
        }
    }

    /// The next longer range (`]`), staying at `all`.
    public var longer: TrendRange {
        let all = TrendRange.allCases
        return all[min(all.count - 1, all.firstIndex(of: self)! + 1)]
    }

    /// The next shorter range (`[`), staying at `1w`.
    public var shorter: TrendRange {
        let all = TrendRange.allCases
        return all[max(0, all.firstIndex(of: self)! - 1)]
    }
}
