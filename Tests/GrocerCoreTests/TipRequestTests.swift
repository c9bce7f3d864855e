import Foundation
import Testing

@testable import GrocerCore

@Suite struct TipRequestTests {
    @Test func defaultsAreEighteenPercentAndOnePerson() throws {
        let r = try TipRequest(digits: "5632")
        #expect(r.bill.digits == "5632")
        #expect(r.customPercent == 18)
        #expect(r.people == 1)
    }

    @Test(
        arguments: [
            ("12a", nil, nil, "bill \"12a\" is not a number of minor units: give 1 to 12 digits only (5632 is 56.32)"),
            ("", nil, nil, "bill \"\" is not a number of minor units: give 1 to 12 digits only (5632 is 56.32)"),
            ("56.32", nil, nil, "bill \"56.32\" is not a number of minor units: give 1 to 12 digits only (5632 is 56.32)"),
            ("1234567890123", nil, nil, "bill \"1234567890123\" is too long: give 1 to 12 digits (leading zeros do not count)"),
            ("5632", "31", nil, "custom percent \"31\" is out of range: give a whole percent from 0 to 30"),
            ("5632", "-1", nil, "custom percent \"-1\" is out of range: give a whole percent from 0 to 30"),
            ("5632", "1.5", nil, "custom percent \"1.5\" is out of range: give a whole percent from 0 to 30"),
            ("5632", nil, "0", "split \"0\" is out of range: give a whole number of people from 1 to 20"),
            ("5632", nil, "21", "split \"21\" is out of range: give a whole number of people from 1 to 20"),
            ("5632", nil, "two", "split \"two\" is out of range: give a whole number of people from 1 to 20"),
        ] as [(String, String?, String?, String)])
    func invalidInputNamesTheValueAndTheRange(digits: String, custom: String?, split: String?, message: String) {
        #expect {
            try TipRequest(digits: digits, customPercent: custom, people: split)
        } throws: { error in
            (error as? TipInputError)?.description == message
        }
    }

    @Test(arguments: [("0", "1"), ("30", "20"), ("07", "02")])
    func boundsAreAccepted(custom: String, split: String) throws {
        let r = try TipRequest(digits: "000123456789012", customPercent: custom, people: split)
        #expect(r.customPercent == Int(custom))
        #expect(r.people == Int(split))
        #expect(r.bill.digits == "123456789012")
    }
}
