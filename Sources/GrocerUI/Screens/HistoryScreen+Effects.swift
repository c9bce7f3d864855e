import Foundation
import GrocerCore

/// What the history reads when it opens: how many entries there are (read
/// once), the newest page, the days' figures in the default unit (the
/// store keeps them per day, so this never reads every entry: with `start`,
/// only the days after it, where the trend goes on from), the goal and the
/// height (for the BMI; nil: none set).
public struct HistoryOpening: Equatable, Sendable {
    public let count: Int
    /// Newest first.
    public let newest: [WeightEntry]
    public let days: [DayFigure]
    public let start: TrendStart?
    public let goal: Weight?
    public let height: Height?
    /// A line naming rows that could not be read (they stay in the file).
    public let unreadable: String?

    public init(
        count: Int, newest: [WeightEntry], days: [DayFigure], start: TrendStart? = nil, goal: Weight?, height: Height? = nil,
        unreadable: String? = nil
    ) {
        self.count = count
        self.newest = newest
        self.days = days
        self.start = start
        self.goal = goal
        self.height = height
        self.unreadable = unreadable
    }
}

/// The weeks or months whose lowest and highest weigh-in the history asks
/// for: the periods starting from `first` to `last` (local days, whole
/// periods), in `unit`.
public struct WeightExtremesRequest: Equatable, Sendable {
    public let period: WeightAverages.Period
    public let first: CivilDay
    public let last: CivilDay
    public let unit: WeightUnit

    public init(period: WeightAverages.Period, first: CivilDay, last: CivilDay, unit: WeightUnit) {
        self.period = period
        self.first = first
        self.last = last
        self.unit = unit
    }
}

/// A page of the weeks or months (`w`) the history asks for: at most
/// `limit` periods with weigh-ins starting before `before` (nil: from the
/// newest), newest first, in `unit`.
public struct WeightPeriodsRequest: Equatable, Sendable {
    public let period: WeightAverages.Period
    public let before: CivilDay?
    public let limit: Int
    public let unit: WeightUnit

    public init(period: WeightAverages.Period, before: CivilDay?, limit: Int, unit: WeightUnit) {
        self.period = period
        self.before = before
        self.limit = limit
        self.unit = unit
    }
}

/// A change this session made, as `u` undoes it and `U` makes it again.
public enum HistoryChange: Equatable, Sendable {
    case deleted([WeightEntry])
    case edited(before: WeightEntry, after: WeightEntry)
    /// A weight saved on the weight screen (issue 34).
    case added(WeightEntry)
}

/// The `all` graph's blocks of days the history asks for (issue 35): of
/// the size a graph `dots` dot columns wide reads (an upper bound of its
/// width), in `unit`.
public struct GraphBlocksRequest: Equatable, Sendable {
    public let unit: WeightUnit
    public let dots: Int

    public init(unit: WeightUnit, dots: Int) {
        self.unit = unit
        self.dots = dots
    }
}

/// What the `all` graph is made from: the blocks of days of a long
/// history, or every day when it spans too few days for blocks.
public enum AllGraphSource: Equatable, Sendable {
    case blocks([WeightBlock])
    case days([DayFigure])
}
