import Foundation
import GrocerCore
import Testing

@testable import GrocerCLI

/// `--fat` (issue 34): a percentage typed as a weight is, with the locale's
/// separator; a trailing "%" taken.
@Suite struct BodyFatParsingTests {
    @Test(arguments: [
        ("18.4", "en_US", "18.4"), ("18,4", "de_DE", "18.4"), ("18.4", "de_DE", "18.4"), ("18.4 %", "en_US", "18.4"), ("9%", "en_US", "9"),
    ])
    func aPercentageIsABodyFat(text: String, locale: String, digits: String) throws {
        #expect(try WeightParsing.bodyFat(text, locale: Locale(identifier: locale)).digits == digits)
    }

    @Test(arguments: ["140", "0", "18.456", "18.", "abc", "", "-5", "18,4"])
    func anythingElseIsRefusedWithOneLine(text: String) {
        #expect(throws: CommandError.notABodyFat(text)) { try WeightParsing.bodyFat(text, locale: Locale(identifier: "en_US")) }
    }
}
