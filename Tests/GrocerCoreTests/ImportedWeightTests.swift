import Foundation
import Testing

@testable import GrocerCore

@Suite struct ImportedWeightTests {
    @Test(arguments: [
        ("72.50", "72.50", false), ("72.5", "72.5", false), ("80", "80", false),
        ("72.505", "72.51", true), ("72.504", "72.50", true), ("72.499", "72.50", true),
        ("99.995", "100.00", true), ("0.999", "1.00", true), (" 81.6 ", "81.6", false), ("07.125", "7.13", true),
    ])
    func roundsHalfUpToTwoDecimalsAndSaysSo(raw: String, digits: String, rounded: Bool) throws {
        let reading = try ImportedWeight.read(raw, unit: .kg).get()
        #expect(reading.weight.digits == digits)
        #expect(reading.rounded == rounded)
    }

    @Test(arguments: [
        ("", ImportedWeight.Rejection.notANumber("")), ("abc", .notANumber("abc")), ("72,5", .notANumber("72,5")),
        ("-3", .notANumber("-3")), ("1e2", .notANumber("1e2")), ("0.004", .notAboveZero("0.004")), ("0", .notAboveZero("0")),
        ("681", .overMaximum(680, .kg)), ("680.005", .overMaximum(680, .kg)),
    ])
    func rejectsWhatIsNotAWeightWithAReason(raw: String, rejection: ImportedWeight.Rejection) {
        #expect(throws: rejection) { try ImportedWeight.read(raw, unit: .kg).get() }
    }
}
