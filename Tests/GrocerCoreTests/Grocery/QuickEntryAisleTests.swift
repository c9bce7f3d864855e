import Foundation
import Testing

@testable import GrocerCore

/// " @Aisle" on the add line files the item in that aisle (issue 33), and
/// completes from the person's aisles.
@Suite struct QuickEntryAisleTests {
    static let locale = Locale(identifier: "en_US")

    @Test(
        arguments: [
            ("6 eggs @Dairy", "eggs", "Dairy"),
            ("2 l milk @Dairy and eggs", "milk", "Dairy and eggs"),
            ("eggs @ Dairy", "eggs", "Dairy"),
            ("@home wipes", "@home wipes", nil),
            ("me@home", "me@home", nil),
        ] as [(String, String, String?)])
    func theAisleIsWhatFollowsAnAtAfterTheName(typed: String, name: String, aisle: String?) throws {
        let entry = try QuickEntry.parse(typed, knownUnits: [], locale: Self.locale).get()
        #expect(entry.name == name)
        #expect(entry.aisle == aisle)
    }

    @Test func anAtWithNoAisleOrNoNameIsRefused() {
        #expect(QuickEntry.parse("eggs @", knownUnits: [], locale: Self.locale) == .failure(.noAisle))
        #expect(QuickEntry.parse("6 @Dairy", knownUnits: [], locale: Self.locale) == .failure(.emptyName))
    }

    @Test func theAisleIsCompletedFromThePersonsAisles() {
        let aisles = NameCompleter(
            candidates: [.init(name: "Dairy", recency: 1), .init(name: "Drinks", recency: 2)], locale: Self.locale)
        let line = "6 eggs @da"
        let fragment = NameCompleter.aisleFragment(in: line)
        #expect(fragment == "da")
        let completion = fragment.flatMap { aisles.completeAisle(line, fragment: $0) }
        #expect(completion?.text == "6 eggs @Dairy")
        #expect(NameCompleter.aisleFragment(in: "@home wipes") == nil)
    }
}
