import Foundation
import Testing

@testable import GrocerCore

@Suite struct NameOrderTests {
    static let names = [
        "Ål", "apelsin", "Ost", "Zucchini", "Äpfel", "Apfel", "apfel", "Apfelmus", "äb", "az",
        "Strast", "strase", "Crème fraîche", "creme", "Cremé", "çay", "cay", "Istanbul", "ılık", "ilik", "İnce",
        "e\u{301}clair", "éclair", "eclair", "10 eggs", "9 eggs", "a b", "ab", "a-b", "_x", "Ölfarbe", "oliven", "strasse",
        "ñame", "nabo", "Ｍｉｌｋ", "milk", "日本酒", "にんじん", "😀 snack", "", "chleba", "hrach", "cukr",
        "item 2", "Item 10", "item 1", "item 007", "item 7", "item 99", "item 1099", "x٣", "x10", "v1.10", "v1.9", "item",
        "item b", "0", "00", "10", "9",
    ]

    /// The fast order must equal sorting with the locale's own comparison.
    @Test(arguments: ["en_US", "de_DE", "sv_SE", "tr_TR", "fr_FR", "es_ES", "ja_JP"])
    func sortsAsTheLocalesComparisonDoes(locale id: String) {
        let locale = Locale(identifier: id)
        let order = NameOrder(names: Self.names, locale: locale)
        let indexed = Array(Self.names.enumerated())
        let fast = order.sorted(indexed, name: \.element, tieBreak: { $0.offset < $1.offset }).map(\.element)
        let reference = indexed.sorted { a, b in
            let o = a.element.compare(b.element, options: [.caseInsensitive, .numeric], range: nil, locale: locale)
            return o != .orderedSame ? o == .orderedAscending : a.offset < b.offset
        }.map(\.element)
        #expect(fast == reference)
    }

    /// Numbers by value, wherever they are in the name, case and accents
    /// ignored as ever; leading zeros aside.
    @Test func numbersSortByValue() {
        let names = ["Item 10", "item 2", "item 1099", "Ítem 99", "item 1", "2 eggs", "10 eggs", "v1.10", "v1.9", "item 007", "item b"]
        let order = NameOrder(names: names, locale: Locale(identifier: "en_US"))
        #expect(
            order.sorted(names, name: { $0 }, tieBreak: { $0 < $1 }) == [
                "2 eggs", "10 eggs", "item 1", "item 2", "item 007", "Item 10", "Ítem 99", "item 1099", "item b", "v1.9", "v1.10",
            ])
    }

    /// Foundation finds "Straße" equal to "strasse" yet before "strase", so
    /// no order matches it; NameOrder reads "ß" as "ss", as ICU does.
    @Test func sharpSSortsAsDoubleS() {
        let names = ["Strast", "Straße", "strase", "strasse", "STRASSE"]
        let order = NameOrder(names: names, locale: Locale(identifier: "de_DE"))
        #expect(order.sorted(names, name: { $0 }, tieBreak: { $0 < $1 }) == ["strase", "STRASSE", "Straße", "strasse", "Strast"])
    }

    @Test func namesWithScalarsItHasNotLearntSortLast() {
        let order = NameOrder(names: ["b"], locale: Locale(identifier: "en_US"))
        #expect(order.sorted(["ä", "b"], name: { $0 }, tieBreak: { $0 < $1 }) == ["b", "ä"])
    }
}
