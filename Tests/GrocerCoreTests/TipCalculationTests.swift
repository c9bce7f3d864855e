import Foundation
import Testing
@testable import GrocerCore

private let usd = Currency(code: "USD")
private let jpy = Currency(code: "JPY")
private let bhd = Currency(code: "BHD")
private let kwd = Currency(code: "KWD")

private func bill(_ digits: String, _ currency: Currency = usd) -> Money {
    try! BillDigits(digits).money(in: currency)
}

@Suite struct CurrencyTests {
    @Test(arguments: [
        ("USD", 2), ("EUR", 2), ("GBP", 2), ("JPY", 0), ("KRW", 0), ("BHD", 3), ("KWD", 3), ("TND", 3), ("usd", 2),
    ])
    func minorDigitsComeFromFoundation(code: String, digits: Int) {
        #expect(Currency(code: code).minorDigits == digits)
        #expect(Currency(code: code).code == code.uppercased())
    }

    @Test(arguments: [("en_US", "USD"), ("de_DE", "EUR"), ("fr_FR", "EUR"), ("ja_JP", "JPY"), ("ar_BH", "BHD"), ("en", "USD")])
    func aLocaleBringsItsCurrency(identifier: String, code: String) {
        #expect(Currency(locale: Locale(identifier: identifier)).code == code)
    }
}

@Suite struct BillDigitsTests {
    @Test(arguments: [("5632", "5632"), ("0005632", "5632"), ("0", ""), ("000", ""), ("", ""),
                      ("999999999999", "999999999999"), ("000000999999999999", "999999999999")])
    func leadingZerosDoNotCount(typed: String, kept: String) throws {
        #expect(try BillDigits(typed).digits == kept)
    }

    @Test func aThirteenthDigitIsRefusedAndChangesNothing() throws {
        var digits = try BillDigits("123456789012")
        let rejection = digits.append("3")
        #expect(rejection == .tooManyDigits)
        #expect(digits.digits == "123456789012")
        #expect(throws: BillDigits.Rejection.tooManyDigits) { try BillDigits("1234567890123") }
    }

    @Test(arguments: ["x", ".", ",", "-", " ", "٣", "５"] as [Character])
    func onlyASCIIDigitsAreTaken(ch: Character) {
        var digits = BillDigits()
        digits.append("5")
        let rejection = digits.append(ch)
        #expect(rejection == .notADigit(ch))
        #expect(digits.digits == "5")
    }

    @Test func backspaceRemovesTheLastDigitUntilEmpty() throws {
        var digits = try BillDigits("56")
        var removed = digits.removeLast()
        #expect(removed && digits.digits == "5")
        removed = digits.removeLast()
        #expect(removed && digits.isEmpty)
        removed = digits.removeLast()
        #expect(!removed && digits.isEmpty)
    }

    @Test(arguments: [("5632", "USD", "56.32"), ("5632", "JPY", "5632"), ("5632", "BHD", "5.632"), ("5", "USD", "0.05"),
                      ("5", "KWD", "0.005"), ("", "USD", "0.00"), ("", "JPY", "0"), ("", "BHD", "0.000"),
                      ("999999999999", "USD", "9999999999.99")])
    func digitsAreMinorUnits(digits: String, code: String, decimal: String) {
        let money = bill(digits, Currency(code: code))
        #expect(money.decimalString == decimal)
        #expect(money.amount == Decimal(string: decimal)!)
    }
}

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
        Case("5630", usd, 15, tip: "8.45", total: "64.75"),     // 8.445, half even 8.44
        Case("5670", usd, 15, tip: "8.51", total: "65.21"),     // 8.505, half even 8.50
        Case("1230", usd, 15, tip: "1.85", total: "14.15"),     // 1.845, half even 1.84
        Case("2", usd, 25, tip: "0.01", total: "0.03"),         // 0.005, half even 0.00
        Case("30", jpy, 15, tip: "5", total: "35"),             // 4.5, half even 4
        Case("5630", bhd, 15, tip: "0.845", total: "6.475"),    // 0.8445, half even 0.844
        Case("5630", kwd, 15, tip: "0.845", total: "6.475"),
    ])
    func tiesRoundHalfUp(c: Case) {
        let calc = TipCalculation(bill: bill(c.digits, c.currency), percent: c.percent)
        #expect(calc.tip.decimalString == c.tip)
        #expect(calc.total.decimalString == c.total)
    }

    @Test(arguments: [
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

@Suite struct TipFormattingTests {
    private static func locale(_ id: String) -> Locale { Locale(identifier: id) }

    @Test(arguments: [
        ("en_US", "5632", "$56.32"),
        ("de_DE", "5632", "56,32\u{A0}€"),
        ("fr_FR", "5632", "56,32\u{A0}€"),
        ("ja_JP", "5632", "¥5,632"),
        ("en_US", "999999999999", "$9,999,999,999.99"),
        ("de_DE", "999999999999", "9.999.999.999,99\u{A0}€"),
        ("fr_FR", "999999999999", "9\u{202F}999\u{202F}999\u{202F}999,99\u{A0}€"),
        ("ja_JP", "999999999999", "¥999,999,999,999"),
        ("en_US", "", "$0.00"),
        ("ja_JP", "", "¥0"),
    ])
    func moneyFollowsTheLocale(identifier: String, digits: String, expected: String) {
        let l = Self.locale(identifier)
        #expect(bill(digits, Currency(locale: l)).formatted(l) == expected)
    }

    @Test(arguments: [("en_US", 18, "18%"), ("de_DE", 18, "18\u{A0}%"), ("fr_FR", 5, "5\u{A0}%"), ("ja_JP", 30, "30%"), ("en_US", 0, "0%")])
    func percentsFollowTheLocale(identifier: String, percent: Int, expected: String) {
        #expect(PercentFormat.string(percent, locale: Self.locale(identifier)) == expected)
    }

    @Test(arguments: [["LANG": "C"], ["LANG": "C.UTF-8"], ["LC_ALL": "POSIX"], ["LC_MONETARY": "C", "LANG": "de_DE.UTF-8"], [:]])
    func theCLocaleFormatsAsUSEnglish(environment: [String: String]) {
        let l = UserLocale.locale(for: .monetary, environment: environment)
        let text = bill("5632", Currency(locale: l)).formatted(l)
        #expect(text == "$56.32")
        #expect(!text.contains("¤"))
    }

    @Test func unevenSharesReadAsCountsTimesAmounts() {
        let f = TipFormatter(locale: Self.locale("de_DE"))
        let even = TipCalculation(bill: bill("6477", Currency(code: "EUR")), percent: 0, people: 3)
        let uneven = TipCalculation(bill: bill("6646", Currency(code: "EUR")), percent: 0, people: 3)
        #expect(f.shareLines(even) == ["21,59\u{A0}€"])
        #expect(f.shareLines(uneven) == ["1 × 22,16\u{A0}€", "2 × 22,15\u{A0}€"])
    }
}

@Suite struct TipRequestTests {
    @Test func defaultsAreEighteenPercentAndOnePerson() throws {
        let r = try TipRequest(digits: "5632")
        #expect(r.bill.digits == "5632")
        #expect(r.customPercent == 18)
        #expect(r.people == 1)
    }

    @Test(arguments: [
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

@Suite struct TipReportTests {
    @Test func textIsATableInTheLocale() {
        let sheet = TipSheet(bill: bill("5632"), customPercent: 18, people: 3)
        let text = TipReport(sheet: sheet, locale: Locale(identifier: "en_US")).text
        #expect(text == """
            Bill            $56.32
            Split         3 people

                               15%         18%
            Tip              $8.45      $10.14
            Total           $64.77      $66.46
            Per person      $21.59  1 × $22.16
                                    2 × $22.15
            """)
    }

    @Test func textUnderGermanUsesItsSeparators() {
        let sheet = TipSheet(bill: bill("5632", Currency(code: "EUR")), customPercent: 20, people: 1)
        let text = TipReport(sheet: sheet, locale: Locale(identifier: "de_DE")).text
        #expect(text.replacingOccurrences(of: "\u{A0}", with: "_") == """
            Bill        56,32_€
            Split      1 person

                           15_%     20_%
            Tip          8,45_€  11,26_€
            Total       64,77_€  67,58_€
            Per person  64,77_€  67,58_€
            """)
    }

    @Test func jsonHasDecimalStringsWithTheMinorDigits() throws {
        let sheet = TipSheet(bill: bill("5632"), customPercent: 18, people: 3)
        let json = TipReport(sheet: sheet, locale: Locale(identifier: "de_DE")).json
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        #expect(object["bill"] as? String == "56.32")
        #expect(object["currency"] as? String == "USD")
        #expect(object["tip15"] as? String == "8.45")
        #expect(object["total15"] as? String == "64.77")
        #expect(object["customPercent"] as? Int == 18)
        #expect(object["tipCustom"] as? String == "10.14")
        #expect(object["totalCustom"] as? String == "66.46")
        #expect(object["split"] as? Int == 3)
        #expect(object["perPerson15"] as? String == "21.59")
        #expect(object["perPersonCustom"] as? String == "22.16")
        #expect(object["sharesCustom"] as? [String] == ["22.16", "22.15", "22.15"])
    }

    @Test func jsonKeepsTrailingZerosAndZeroDigitCurrencies() throws {
        let yen = TipReport(sheet: TipSheet(bill: bill("5632", jpy), customPercent: 0, people: 1), locale: Locale(identifier: "ja_JP")).json
        let dollars = TipReport(sheet: TipSheet(bill: bill("5000"), customPercent: 20, people: 1), locale: Locale(identifier: "en_US")).json
        #expect(yen.contains(#""bill" : "5632""#))
        #expect(yen.contains(#""tipCustom" : "0""#))
        #expect(yen.contains(#""currency" : "JPY""#))
        #expect(dollars.contains(#""tipCustom" : "10.00""#))
        #expect(dollars.contains(#""total15" : "57.50""#))
    }
}
