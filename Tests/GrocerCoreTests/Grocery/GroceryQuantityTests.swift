import Foundation
import Testing

@testable import GrocerCore

@Suite struct GroceryQuantityTests {
    @Test(arguments: [
        ("en_US", "1.5", "1.5"), ("de_DE", "1,5", "1.5"), ("de_DE", "12", "12"),
        ("en_US", "0.50", "0.5"), ("en_US", "007", "7"), ("en_US", "9999", "9999"),
    ])
    func readsTypedTextInTheLocale(locale: String, typed: String, canonical: String) throws {
        #expect(try GroceryQuantity(typed: typed, locale: Locale(identifier: locale)).canonical == canonical)
    }

    @Test(arguments: ["en_US", "de_DE", "fr_FR", "ar_SA"])
    func formattedTextReadsBackInTheSameLocale(locale: String) throws {
        let l = Locale(identifier: locale)
        for canonical in ["1", "1.5", "0.125", "9999"] {
            let q = try GroceryQuantity(canonical: canonical)
            #expect(try GroceryQuantity(typed: q.formatted(locale: l), locale: l) == q)
        }
    }

    @Test func formatsWithTheLocalesSeparator() throws {
        let q = try GroceryQuantity(canonical: "1.5")
        #expect(q.formatted(locale: Locale(identifier: "de_DE")) == "1,5")
        #expect(q.formatted(locale: Locale(identifier: "en_US")) == "1.5")
        #expect(q.decimal == Decimal(string: "1.5"))
    }

    @Test(arguments: [(0, GroceryQuantity.Problem.notPositive), (-1, .notANumber("-1")), (10000, .overMaximum)])
    func aWholeNumberOutsideTheRangeIsRefused(count: Int, problem: GroceryQuantity.Problem) {
        #expect(throws: problem) { try GroceryQuantity(count) }
    }
}
