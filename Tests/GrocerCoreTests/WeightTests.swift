import Foundation
import Testing

@testable import GrocerCore

@Suite struct WeightTests {
    @Test(arguments: [
        ("180.4", "180.4"), ("72.50", "72.50"), ("007.5", "7.5"), ("200", "200"), ("0.5", "0.5"), ("72.", "72"),
    ])
    func keepsTheDigitsAsTyped(raw: String, stored: String) throws {
        let weight = try #require(Weight(digits: raw, unit: .lbs))
        #expect(weight.digits == stored)
    }

    @Test(arguments: ["", "0", "0.0", "00", "-1", "abc", "1.234", "1..2", ".", "1,5"])
    func refusesWhatIsNotAPositiveDecimal(raw: String) {
        #expect(Weight(digits: raw, unit: .kg) == nil)
    }

    @Test(arguments: [
        ("100", WeightUnit.lbs, WeightUnit.kg, "45.36"),
        ("180.4", .lbs, .kg, "81.83"),
        ("72.5", .kg, .lbs, "159.84"),
        ("1", .kg, .lbs, "2.2"),
        ("72.5", .kg, .kg, "72.5"),
    ])
    func convertsExactlyAndRoundsForDisplay(digits: String, from: WeightUnit, to: WeightUnit, expected: String) throws {
        let weight = try #require(Weight(digits: digits, unit: from))
        #expect(weight.converted(to: to) == Decimal(string: expected))
    }

    @Test func formatsWithTheLocalesSeparator() throws {
        let weight = try #require(Weight(digits: "72.5", unit: .kg))
        #expect(weight.formatted(Locale(identifier: "de_DE")) == "72,5 kg")
        #expect(weight.formatted(Locale(identifier: "en_US")) == "72.5 kg")
    }
}
