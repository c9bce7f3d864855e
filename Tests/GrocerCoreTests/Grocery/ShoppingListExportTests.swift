import Foundation
import Testing

@testable import GrocerCore

@Suite struct ShoppingListExportTests {
    typealias F = Fixture
    static let en = Locale(identifier: "en_US")

    static let items: [GroceryItem] = [
        F.item(1, "flour", quantity: 2, unit: F.kg, aisle: F.baking),
        F.item(2, "sugar", collected: true, aisle: F.baking),
        F.item(3, "apples", quantity: 3, aisle: F.fruit),
        F.item(4, "milk\u{1B}[2J", unit: GroceryUnit(id: 9, name: "bottle\u{07}")),
        F.item(5, "bananas", listed: false, aisle: F.fruit),
        F.item(6, "Mehl", quantity: 2, unit: F.kg, aisle: F.baking, amount: "1.5"),
        F.item(7, "salt"),
    ]

    @Test func markdownIsAChecklistByAisleOfWhatIsStillToGet() {
        #expect(
            ShoppingListExport.render(Self.items, format: .markdown, locale: Self.en) == #"""
                ## Baking
                - [ ] 2 kg flour
                - [ ] 1.5 kg Mehl

                ## Fruit
                - [ ] 3 apples

                ## Other
                - [ ] 1 bottle␇ milk␛\[2J
                - [ ] salt

                """#)
    }

    /// A name is shown as typed, never as Markdown: emphasis, links,
    /// code, HTML, a heading's closing hashes and entities are escaped.
    @Test func markdownEscapesWhatWouldBeMarkup() {
        let items = [
            F.item(1, "*bold* _it_ [link](x) `code` <b>", aisle: GroceryAisle(id: 1, name: "# Top ##", position: 1)),
            F.item(2, "a\\b ~~x~~ |t| &amp; !img"),
            F.item(3, "plain (1.5) - 7up"),
        ]
        #expect(
            ShoppingListExport.render(items, format: .markdown, locale: Self.en) == ##"""
                ## \# Top \#\#
                - [ ] \*bold\* \_it\_ \[link\](x) \`code\` \<b\>

                ## Other
                - [ ] a\\b \~\~x\~\~ \|t\| \&amp; \!img
                - [ ] plain (1.5) - 7up

                """##)
        #expect(ShoppingListExport.render(items, format: .text, locale: Self.en).contains("*bold* _it_ [link](x)"))
    }

    @Test func textUsesTheLocalesSeparator() {
        #expect(
            ShoppingListExport.render(Self.items, format: .text, locale: Locale(identifier: "de_DE")) == """
                Baking
                  [ ] 2 kg flour
                  [ ] 1,5 kg Mehl

                Fruit
                  [ ] 3 apples

                Other
                  [ ] 1 bottle␇ milk␛[2J
                  [ ] salt

                """)
    }

    @Test func jsonEscapesControlCharactersAndParses() throws {
        let json = ShoppingListExport.render(Self.items, format: .json, locale: Self.en)
        #expect(!json.unicodeScalars.contains { PlainText.isControl($0) && $0 != "\n" })
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let aisles = try #require(object["aisles"] as? [[String: Any]])
        #expect(aisles.map { $0["aisle"] as? String } == ["Baking", "Fruit", nil])
        let other = try #require(aisles[2]["items"] as? [[String: Any]])
        #expect(other[0]["name"] as? String == "milk\u{1B}[2J")
        #expect(other[0]["quantity"] as? String == "1")
        let baking = try #require(aisles[0]["items"] as? [[String: Any]])
        #expect(baking[1]["quantity"] as? String == "1.5")
    }

    @Test(arguments: ShoppingListExport.Format.allCases)
    func anEmptyListExportsSomethingValid(format: ShoppingListExport.Format) {
        let out = ShoppingListExport.render([F.item(1, "x", collected: true)], format: format, locale: Self.en)
        #expect(out == (format == .json ? "{\"aisles\": []}\n" : ""))
    }

    @Test func controlCharactersAreMadeVisible() {
        #expect(PlainText.visible("a\u{1B}b\u{7F}c\u{9B}d\u{202E}e") == "a␛b␡c<U+009B>d<U+202E>e")
        #expect(PlainText.visible("Crème ½ 日本") == "Crème ½ 日本")
    }
}
