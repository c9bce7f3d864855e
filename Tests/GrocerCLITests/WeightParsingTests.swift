import GrocerCLI
import GrocerCore
import Testing

@Suite struct WeightParsingTests {
    @Test(arguments: [("72.5", "72.5"), ("072.50", "72.50"), ("1500", "1500"), ("0.01", "0.01")])
    func takesAPlainDecimal(text: String, digits: String) throws {
        #expect(try WeightParsing.parse(text, unit: .lbs).digits == digits)
    }

    @Test(arguments: [
        "7\u{301}2", "٧٢", "７２", "7２", "72.\u{301}5", "72,5", "72.", ".", "", "0", "0.00", "72.555", "-1", "1e3", " 72",
    ])
    func refusesAnythingButWholeASCIIDigits(text: String) {
        #expect(throws: CommandError.notAWeight(text)) { try WeightParsing.parse(text, unit: .kg) }
    }

    @Test func refusesOverTheUnitsMaximumNamingIt() {
        #expect(throws: CommandError.overMaximum("1500.01", maximum: WeightUnit.lbs.maximum, unit: .lbs)) {
            try WeightParsing.parse("1500.01", unit: .lbs)
        }
    }
}
