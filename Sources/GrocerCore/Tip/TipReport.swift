import Foundation

/// What `grocer tip` prints: a small table in the person's locale, or JSON
/// with plain decimal strings for scripts.
public struct TipReport: Sendable {
    public let sheet: TipSheet
    public let formatter: TipFormatter

    public init(sheet: TipSheet, locale: Locale) {
        self.sheet = sheet
        self.formatter = TipFormatter(locale: locale)
    }

    /// For example, under en_US:
    ///
    ///     Bill            $56.32
    ///     Split         2 people
    ///
    ///                        15%          18%
    ///     Tip              $8.45       $10.14
    ///     Total           $64.77       $66.46
    ///     Per person      $32.39       $33.23
    public var text: String {
        let f = formatter
        let s = sheet.standard
        let c = sheet.custom
        let standardShares = f.shareLines(s)
        let customShares = f.shareLines(c)
        var rows: [[String]] = [
            ["", f.percent(s.percent), f.percent(c.percent)],
            ["Tip", f.money(s.tip), f.money(c.tip)],
            ["Total", f.money(s.total), f.money(c.total)],
        ]
        for i in 0..<max(standardShares.count, customShares.count) {
            rows.append([
                i == 0 ? "Per person" : "",
                i < standardShares.count ? standardShares[i] : "",
                i < customShares.count ? customShares[i] : "",
            ])
        }
        let labelWidth = 10
        let columnWidth = rows.flatMap { $0.dropFirst() }.map { TextWidth.of($0) }.max()! + 2
        func pad(_ s: String, _ width: Int, right: Bool) -> String {
            let fill = String(repeating: " ", count: max(0, width - TextWidth.of(s)))
            return right ? fill + s : s + fill
        }
        let head = [
            pad("Bill", labelWidth, right: false) + pad(f.money(sheet.bill), columnWidth, right: true),
            pad("Split", labelWidth, right: false) + pad(f.people(sheet.people), columnWidth, right: true),
            "",
        ]
        let table = rows.map { row in
            pad(row[0], labelWidth, right: false) + pad(row[1], columnWidth, right: true) + pad(row[2], columnWidth, right: true)
        }
        return (head + table).map { $0.replacing(/\ +$/, with: "") }.joined(separator: "\n")
    }

    /// Sorted keys, amounts as decimal strings with the currency's minor
    /// digits ("56.32"), percents and the split as numbers.
    public var json: String {
        let s = sheet.standard
        let c = sheet.custom
        let body = JSONBody(
            bill: sheet.bill.decimalString,
            currency: sheet.bill.currency.code,
            standardPercent: s.percent,
            tip15: s.tip.decimalString,
            total15: s.total.decimalString,
            perPerson15: s.perPerson.decimalString,
            shares15: s.shares.map(\.decimalString),
            customPercent: c.percent,
            tipCustom: c.tip.decimalString,
            totalCustom: c.total.decimalString,
            perPersonCustom: c.perPerson.decimalString,
            sharesCustom: c.shares.map(\.decimalString),
            split: sheet.people)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Encoding strings and integers cannot fail.
        return String(decoding: try! encoder.encode(body), as: UTF8.self)
    }

    struct JSONBody: Encodable {
        let bill: String
        let currency: String
        let standardPercent: Int
        let tip15: String
        let total15: String
        let perPerson15: String
        let shares15: [String]
        let customPercent: Int
        let tipCustom: String
        let totalCustom: String
        let perPersonCustom: String
        let sharesCustom: [String]
        let split: Int
    }
}
