import Foundation
import Testing

@testable import GrocerCore

/// The typo rule (issue 34): more than 15% from the trend, widened by 0.2%
/// a day from the nearest day with entries, at most 50%; the edge itself
/// is near. Every edge below is worked by hand from a trend of 80.
@Suite struct FarFromTrendTests {
    static let day = CivilDay(year: 2026, month: 11, day: 20)

    static func trend(_ value: String = "80", unit: WeightUnit = .kg, on day: CivilDay = day) -> WeightTrend {
        WeightTrend(days: [DayFigure(day: day, sum: Decimal(string: value)!, count: 1)], unit: unit)
    }

    static func weight(_ digits: String, _ unit: WeightUnit = .kg) -> Weight { Weight(digits: digits, unit: unit)! }

    static func far(_ digits: String, _ unit: WeightUnit = .kg, daysLater: Int = 0, trend: WeightTrend = trend()) -> Bool {
        FarFromTrend.check(weight(digits, unit), on: day.adding(days: daysLater), against: trend) != nil
    }

    @Test(arguments: [
        ("92", false), ("92.01", true), ("68", false), ("67.99", true), ("80", false),
    ])
    func theSameDayAllows15Percent(digits: String, far: Bool) {
        #expect(Self.far(digits) == far)
    }

    @Test func theFirstWeighInHasNoTrendToBeFarFrom() {
        let empty = WeightTrend(days: [], unit: .kg)
        #expect(FarFromTrend.check(Self.weight("7.87"), on: Self.day, against: empty) == nil)
    }

    @Test(arguments: [
        // 30 days: 21% of 80 is 16.8.
        (30, "96.8", false), (30, "96.81", true), (30, "63.2", false), (30, "63.19", true),
        // A year and more: at most 50%.
        (1000, "120", false), (1000, "120.01", true), (1000, "40", false), (1000, "39.99", true),
    ])
    func aLongGapWidensTheBand(days: Int, digits: String, far: Bool) {
        #expect(Self.far(digits, daysLater: days) == far)
    }

    @Test func aBackfilledDayBeforeEveryEntryCountsTheDaysToTheFirst() {
        // 10 days before: 17% of 80 is 13.6.
        #expect(!Self.far("93.6", daysLater: -10))
        #expect(Self.far("93.61", daysLater: -10))
    }

    @Test func aDecimalInTheWrongPlaceIsFarEvenAfterYears() {
        #expect(Self.far("8", daysLater: 5000))
        #expect(Self.far("800", daysLater: 5000))
    }

    @Test(arguments: [
        // A trend of 80 kg: 92 kg is 202.8254 lbs.
        ("202.82", WeightUnit.lbs, WeightUnit.kg, "80", false), ("202.83", .lbs, .kg, "80", true),
        // A trend of 176 lbs: 202.4 lbs is 91.8074 kg.
        ("91.8", .kg, .lbs, "176", false), ("91.81", .kg, .lbs, "176", true),
        ("202.4", .lbs, .lbs, "176", false), ("202.41", .lbs, .lbs, "176", true),
    ])
    func eachUnitIsComparedInTheTrendsUnitExactly(digits: String, unit: WeightUnit, trendUnit: WeightUnit, trend: String, far: Bool) {
        #expect(Self.far(digits, unit, trend: Self.trend(trend, unit: trendUnit)) == far)
    }

    @Test func itNamesTheTrendAndTheDecimalShiftedWhenThatIsNear() throws {
        let trend = Self.trend("78.5")
        let found = try #require(FarFromTrend.check(Self.weight("7.87"), on: Self.day, against: trend))
        #expect(found.suggestion == Self.weight("78.7"))
        #expect(found.trendWeight == Self.weight("78.5"))
        #expect(FarFromTrend.check(Self.weight("787"), on: Self.day, against: trend)?.suggestion == Self.weight("78.7"))
        #expect(FarFromTrend.check(Self.weight("7870"), on: Self.day, against: trend)?.suggestion == Self.weight("78.7"))
    }

    @Test func noSuggestionWhenNoShiftIsNear() throws {
        let found = try #require(FarFromTrend.check(Self.weight("50"), on: Self.day, against: Self.trend()))
        #expect(found.suggestion == nil)
        // The other unit's number: 176 lbs typed in kg.
        #expect(FarFromTrend.check(Self.weight("176"), on: Self.day, against: Self.trend())?.suggestion == nil)
    }

    @Test func aTrendMadeFromTheRecentDaysAnswersFromItsStart() {
        let start = TrendStart(
            day: Self.day, trend: 80, first: TrendPoint(day: Self.day.adding(days: -500), weight: 90, trend: 90), entries: 100)
        let trend = WeightTrend(days: [DayFigure(day: Self.day.adding(days: 5), sum: 80, count: 1)], unit: .kg, start: start)
        #expect(FarFromTrend.check(Self.weight("7.9"), on: Self.day.adding(days: 2), against: trend) != nil)
        #expect(FarFromTrend.check(Self.weight("81"), on: Self.day.adding(days: 2), against: trend) == nil)
        // Before the start: not known here, no check.
        #expect(FarFromTrend.check(Self.weight("7.9"), on: Self.day.adding(days: -2), against: trend) == nil)
    }
}
