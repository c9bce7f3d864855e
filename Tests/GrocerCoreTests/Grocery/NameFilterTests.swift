import Foundation
import Testing

@testable import GrocerCore

@Suite struct NameFilterTests {
    static let names = ["Crème fraîche", "Cream", "Straße Brot", "İstanbul simit", "ISPANAK", "Ｍｉｌｋ", "apples", "Äpfel"]

    /// (locale, typed, names found)
    @Test(arguments: [
        ("en_US", "creme", ["Crème fraîche"]),
        ("en_US", "CRÈME", ["Crème fraîche"]),
        ("en_US", "fraiche", ["Crème fraîche"]),
        ("en_US", "cre", ["Crème fraîche", "Cream"]),
        ("de_DE", "strasse", ["Straße Brot"]),
        ("de_DE", "STRASSE", ["Straße Brot"]),
        ("de_DE", "straße", ["Straße Brot"]),
        ("en_US", "milk", ["Ｍｉｌｋ"]),
        ("de_DE", "apf", ["Äpfel"]),
        ("en_US", "ap", ["apples", "Äpfel"]),
        ("tr_TR", "istanbul", ["İstanbul simit"]),
        ("tr_TR", "ıspanak", ["ISPANAK"]),
        ("tr_TR", "ispanak", []),
        ("en_US", "ispanak", ["ISPANAK"]),
        ("en_US", "istanbul", ["İstanbul simit"]),
        ("en_US", "zz", []),
        ("en_US", " simit ", ["İstanbul simit"]),
    ])
    func findsNamesContainingTheTextIgnoringCaseAndAccents(locale: String, typed: String, found: [String]) {
        let filter = NameFilter(names: Self.names, locale: Locale(identifier: locale))
        #expect(filter.matches(typed).map { Self.names[$0] } == found)
    }

    /// Whole words (or the whole name) first, each part in the names' order.
    @Test(arguments: [
        ("99", ["item 99", "99 bottles", "Crème 99", "99", "item 1099", "x99y", "item 990"]),
        ("item 9", ["item 9", "item 99", "item 990"]),
        ("creme", ["Crème 99", "Cremeux"]),
        ("γαλα", ["γάλα 2", "καφές γάλα", "γάλαξ", "ωγάλα"]),
        ("-2", ["a-2", "a-2b"]),
    ])
    func wholeWordsComeFirst(typed: String, found: [String]) {
        let names = [
            "item 1099", "item 99", "x99y", "99 bottles", "Cremeux", "item 990", "Crème 99", "item 9", "99", "γάλαξ", "γάλα 2",
            "ωγάλα", "καφές γάλα", "a-2b", "a-2",
        ]
        let filter = NameFilter(names: names, locale: Locale(identifier: "en_US"))
        #expect(filter.matches(typed).map { names[$0] } == found)
    }

    /// ASCII names skip Foundation's folding; the result must be the same.
    @Test(arguments: ["en_US", "de_DE", "tr_TR", "az_AZ", "lt_LT"])
    func theASCIIFastPathFoldsAsFoundationDoes(locale id: String) {
        let locale = Locale(identifier: id)
        let folder = NameFolder(locale: locale)
        for name in ["ISPANAK", "Istanbul", "MILK", "Oat Milk 2%", "i", "", "A-Z_[]{}~"] {
            let slow = name.lowercased(with: locale)
                .folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: locale)
            #expect(folder.key(name).bytes == Array(slow.utf8), "\(id): \(name)")
        }
    }

    @Test func emptyTextMatchesEverythingInOrder() {
        let filter = NameFilter(names: Self.names, locale: Locale(identifier: "en_US"))
        #expect(filter.matches("") == Array(Self.names.indices))
        #expect(filter.matches("  ") == Array(Self.names.indices))
        #expect(filter.matches("creme", at: 0))
        #expect(!filter.matches("creme", at: 1))
    }

    @Test func aKeyContainsAneedleAtItsEndAndNotPastIt() {
        let en = Locale(identifier: "en_US")
        #expect(NameKey("abc", locale: en).contains(NameKey("bc", locale: en)))
        #expect(!NameKey("abc", locale: en).contains(NameKey("bcd", locale: en)))
        #expect(NameKey("aab", locale: en).contains(NameKey("ab", locale: en)))
        #expect(NameKey("abc", locale: en).hasPrefix(NameKey("AB", locale: en)))
        #expect(!NameKey("abc", locale: en).hasPrefix(NameKey("bc", locale: en)))
    }
}
