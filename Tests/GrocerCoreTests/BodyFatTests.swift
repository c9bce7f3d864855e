import Foundation
import GrocerCore
import Testing

/// Body fat (issue 34): what is a body fat, how another program's file
/// gives one, and its trend.
@Suite struct BodyFatTests {
    @Test(arguments: [
        ("18.4", "18.4", 1840), ("18.40", "18.40", 1840), ("018.4", "18.4", 1840), ("9", "9", 900), ("0.5", "0.5", 50),
        ("99.99", "99.99", 9999), ("22.05", "22.05", 2205),
    ])
    func aPercentageBelow100IsABodyFat(text: String, digits: String, hundredths: Int) throws {
        let fat = try #require(BodyFat(digits: text))
        #expect(fat.digits == digits && fat.hundredths == hundredths)
    }

    @Test(arguments: ["", "0", "0.0", "100", "100.0", "150", "18.456", "18,4", "-3", "1e1", ".", "abc", "18.4 %"])
    func anythingElseIsNot(text: String) {
        #expect(BodyFat(digits: text) == nil)
        #expect(BodyFat.problem(text) != nil)
    }

    @Test func hundredthsGiveTheShortestDigits() {
        #expect(BodyFat(hundredths: 1840)?.digits == "18.4")
        #expect(BodyFat(hundredths: 1805)?.digits == "18.05")
        #expect(BodyFat(hundredths: 2100)?.digits == "21")
        #expect(BodyFat(hundredths: 0) == nil && BodyFat(hundredths: 10_000) == nil)
    }

    /// Withings writes the fat mass in the weight's unit: its share, to a
    /// tenth of a percent, half up.
    @Test func withingsFatMassOverTheWeightIsAPercentage() {
        #expect(BodyFat.share(fatMass: Decimal(string: "15.2")!, of: Decimal(string: "72.4")!)?.digits == "21")  // 20.994
        #expect(BodyFat.share(fatMass: Decimal(string: "14.2")!, of: Decimal(string: "78.5")!)?.digits == "18.1")  // 18.089
        #expect(BodyFat.share(fatMass: Decimal(string: "30.1")!, of: Decimal(string: "160.4")!)?.digits == "18.8")
        #expect(BodyFat.share(fatMass: 0, of: 72) == nil)
        #expect(BodyFat.share(fatMass: 80, of: 72) == nil)
    }

    /// openScale writes "0.0" where nothing was measured; files may carry
    /// more decimals than grocer keeps.
    @Test func anImportedBodyFatIsRoundedOrNone() {
        #expect(BodyFat.imported("20.1")?.digits == "20.1")
        #expect(BodyFat.imported(" 20.125 ")?.digits == "20.13")
        #expect(BodyFat.imported("20.124")?.digits == "20.12")
        #expect(BodyFat.imported("0.0") == nil)
        #expect(BodyFat.imported("") == nil)
        #expect(BodyFat.imported("null") == nil)
        #expect(BodyFat.imported("120") == nil)
        #expect(BodyFat.imported("20,1") == nil)
    }

    /// The weight's rule: from the first day's mean, a tenth of the way to
    /// each later day's; days without a body fat carry it.
    @Test func theTrendMovesATenthOfTheWayOnDaysWithABodyFat() throws {
        let trend = BodyFatTrend(days: [
            .init(day: CivilDay(number: 100), hundredths: 2000, count: 1),
            .init(day: CivilDay(number: 101), hundredths: 0, count: 0),
            .init(day: CivilDay(number: 102), hundredths: 3000 + 3200, count: 2),
        ])
        #expect(trend.points.map(\.day.number) == [100, 102])
        #expect(trend.points.map(\.bodyFat) == [20, 31])
        #expect(trend.points.map(\.trend) == [20, Decimal(string: "21.1")!])
        #expect(trend.trend(on: CivilDay(number: 99)) == nil)
        #expect(trend.trend(on: CivilDay(number: 101)) == 20)
        #expect(trend.latest == Decimal(string: "21.1")!)
    }
}
