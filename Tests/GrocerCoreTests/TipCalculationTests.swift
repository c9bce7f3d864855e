import Foundation
import Testing

@testable import GrocerCore

@Suite struct TipCalculationTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let digits: String, currency: Currency, percent: Int, tip: String, total: String
        init(_ digits: String, _ currency: Currency, _ percent: Int, tip: String, total: String) {
            (self.digits, self.currency, self.percent, self.tip, self.total) = (digits, currency, percent, tip, total)
        }
        var testDescription: String { "\(digits) \(currency.code) at \(percent)%" }
    }

    @Test(arguments: [
        Case("5632", usd, 15, tip: "8.45", total: "64.77"),
        Case("5632", usd, 18, tip: "10.14", total: "66.46"),
        Case("5632", usd, 0, tip: "0.00", total: "56.32"),
        Case("5632", usd, 30, tip: "16.90", total: "73.22"),
        Case("100", usd, 18, tip: "0.18", total: "1.18"),
        Case("1", usd, 30, tip: "0.00", total: "0.01"),
        Case("", usd, 15, tip: "0.00", total: "0.00"),
        Case("0", usd, 18, tip: "0.00", total: "0.00"),
        Case("999999999999", usd, 15, tip: "1500000000.00", total: "11499999999.99"),
        Case("999999999999", usd, 30, tip: "3000000000.00", total: "12999999999.99"),
        Case("5632", jpy, 15, tip: "845", total: "6477"),
        Case("5632", jpy, 18, tip: "1014", total: "6646"),
        Case("999999999999", jpy, 30, tip: "300000000000", total: "1299999999999"),
        Case("5632", bhd, 15, tip: "0.845", total: "6.477"),
        Case("5632", kwd, 18, tip: "1.014", total: "6.646"),
    ])
    func tipIsRoundedToTheMinorUnitAndTotalAddsUp(c: Case) {
        let calc = TipCalculation(bill: bill(c.digits, c.currency), percent: c.percent)
        #expect(calc.tip.decimalString == c.tip)
        #expect(calc.total.decimalString == c.total)
        #expect(calc.total.amount == calc.bill.amount + calc.tip.amount)
    }

    /// Exact ties: half up and half even (banker's) rounding disagree here.
    @Test(arguments: [
        Case("5630", usd, 15, tip: "8.45", total: "64.75"),  // 8.445, half even 8.44
        Case("5670", usd, 15, tip: "8.51", total: "65.21"),  // 8.505, half even 8.50
        Case("1230", usd, 15, tip: "1.85", total: "14.15"),  // 1.845, half even 1.84
        Case("2", usd, 25, tip: "0.01", total: "0.03"),  // 0.005, half even 0.00
        Case("30", jpy, 15, tip: "5", total: "35"),  // 4.5, half even 4
        Case("5630", bhd, 15, tip: "0.845", total: "6.475"),  // 0.8445, half even 0.844
        Case("5630", kwd, 15, tip: "0.845", total: "6.475"),
    ])
    func tiesRoundHalfUp(c: Case) {
        let calc = TipCalculation(bill: bill(c.digits, c.currency), percent: c.percent)
        #expect(calc.tip.decimalString == c.tip)
        #expect(calc.total.decimalString == c.total)
    }

    @Test(
        arguments: [
            ("6646", usd, 1, ["66.46"]),
            ("6477", usd, 3, ["21.59", "21.59", "21.59"]),
            ("6646", usd, 3, ["22.16", "22.15", "22.15"]),
            ("100", usd, 3, ["0.34", "0.33", "0.33"]),
            ("1", usd, 4, ["0.01", "0.00", "0.00", "0.00"]),
            ("0", usd, 2, ["0.00", "0.00"]),
            ("6646", jpy, 4, ["1662", "1662", "1661", "1661"]),
            ("6477", bhd, 2, ["3.239", "3.238"]),
            ("1000", kwd, 6, ["0.167", "0.167", "0.167", "0.167", "0.166", "0.166"]),
        ] as [(String, Currency, Int, [String])])
    func sharesArePennyExactWithTheFirstOnesHigher(total digits: String, currency: Currency, people: Int, expected: [String]) {
        let total = bill(digits, currency)
        let shares = TipCalculation.shares(of: total, among: people)
        #expect(shares.map(\.decimalString) == expected)
        #expect(shares.reduce(Money.zero(currency), +) == total)
    }

    @Test(arguments: TipCalculation.peopleRange)
    func sharesAlwaysAddUpToTheTotal(people: Int) {
        for digits in ["999999999999", "1", "6646", "123456789"] {
            let calc = TipCalculation(bill: bill(digits), percent: 30, people: people)
            #expect(calc.shares.count == people)
            #expect(calc.shares.reduce(Money.zero(usd), +) == calc.total)
            let units = calc.shares.map(\.minorUnits)
            #expect(units.max()! - units.min()! <= 1)
            #expect(units == units.sorted(by: >))
        }
    }

    @Test func sharesAreGroupedByAmount() {
        let calc = TipCalculation(bill: bill("999999999999"), percent: 30, people: 7)
        #expect(calc.shareGroups.map(\.count) == [1, 6])
        #expect(calc.shareGroups.map(\.amount.decimalString) == ["1857142857.15", "1857142857.14"])
        #expect(calc.perPerson.decimalString == "1857142857.15")
    }

    @Test func theSheetHasAFifteenPercentAndACustomColumn() {
        let sheet = TipSheet(bill: bill("5632"), customPercent: 20, people: 2)
        #expect(sheet.standard.percent == 15)
        #expect(sheet.custom.percent == 20)
        #expect(sheet.standard.total.decimalString == "64.77")
        #expect(sheet.custom.total.decimalString == "67.58")
        #expect(sheet.custom.shares.map(\.decimalString) == ["33.79", "33.79"])
    }
}
