import Foundation
import Testing

@testable import GrocerCore

@Suite struct TipReportTests {
    @Test func textIsATableInTheLocale() {
        let sheet = TipSheet(bill: bill("5632"), customPercent: 18, people: 3)
        let text = TipReport(sheet: sheet, locale: Locale(identifier: "en_US")).text
        #expect(
            text == """
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
        #expect(
            text.replacingOccurrences(of: "\u{A0}", with: "_") == """
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
