import Foundation
import GrocerCore

/// What the weight screen knows of the person's weigh-ins (issue 34),
/// read through the store worker each time it appears
/// (`Effect.loadWeighInHabits`): the per-day figures the history's trend
/// is made from (the recent days and where the trend goes on from, in
/// `unit`), for the typo check (`FarFromTrend`), and the times of the
/// newest weigh-ins, for the usual time a past day takes
/// (`UsualWeighInTime`).
public struct WeighInHabits: Equatable, Sendable {
    public let days: [DayFigure]
    public let start: TrendStart?
    public let unit: WeightUnit
    /// The newest weigh-ins' times, at most `UsualWeighInTime.recent`.
    public let recent: [Date]

    public init(days: [DayFigure], start: TrendStart?, unit: WeightUnit, recent: [Date]) {
        self.days = days
        self.start = start
        self.unit = unit
        self.recent = recent
    }

    public var trend: WeightTrend { WeightTrend(days: days, unit: unit, start: start) }

    /// What is far about `weight` saved at `date`, or nil.
    public func far(_ weight: Weight, at date: Date, timeZone: TimeZone) -> FarFromTrend? {
        FarFromTrend.check(weight, on: CivilDay(date, in: timeZone), against: trend)
    }

    /// The usual weigh-in time in minutes after local midnight; nil with
    /// no weigh-ins.
    public func usualMinutes(timeZone: TimeZone) -> Int? {
        UsualWeighInTime.minutes(of: recent, timeZone: timeZone)
    }
}
