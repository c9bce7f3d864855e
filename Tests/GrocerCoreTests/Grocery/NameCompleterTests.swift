import Foundation
import Testing

@testable import GrocerCore

@Suite struct NameCompleterTests {
    static let en = Locale(identifier: "en_US")
    static let candidates: [NameCompleter.Candidate] = [
        .init(name: "Milk", recency: 5),
        .init(name: "Mint", recency: 9),
        .init(name: "Crème fraîche", recency: 1),
        .init(name: "flour", recency: 3),
        .init(name: "Flatbread", recency: 3),
        .init(name: "apples", recency: 2),
        .init(name: "Apricots", recency: 2),
    ]

    /// (typed, best name or nil)
    @Test(
        arguments: [
            ("mi", "Mint"),
            ("mil", "Milk"),
            ("MIL", "Milk"),
            ("creme", "Crème fraîche"),
            ("CRÈ", "Crème fraîche"),
            ("f", "Flatbread"),
            ("flo", "flour"),
            ("ap", "apples"),
            ("apr", "Apricots"),
            ("milk", nil),
            ("x", nil),
            ("", nil),
            ("ilk", nil),
        ] as [(String, String?)])
    func offersTheMostRecentThenAlphabeticalPrefixMatch(typed: String, best: String?) {
        let completer = NameCompleter(candidates: Self.candidates, locale: Self.en)
        #expect(completer.best(for: typed)?.name == best)
    }

    @Test func completesOnlyTheNamePartOfALine() {
        let completer = NameCompleter(candidates: Self.candidates, locale: Self.en)
        #expect(completer.complete("2 kg flo", knownUnits: []) == .init(name: "flour", text: "2 kg flour", suffix: "ur"))
        #expect(completer.complete("2 kg ", knownUnits: []) == nil)
        #expect(completer.complete("3 mil", knownUnits: []) == .init(name: "Milk", text: "3 Milk", suffix: nil))
        #expect(completer.complete("creme", knownUnits: []) == .init(name: "Crème fraîche", text: "Crème fraîche", suffix: nil))
        #expect(completer.complete("Cr", knownUnits: []) == .init(name: "Crème fraîche", text: "Crème fraîche", suffix: "ème fraîche"))
        #expect(completer.complete("0 mil", knownUnits: []) == nil)
    }
}
