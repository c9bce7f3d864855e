import Foundation
import Testing

@testable import GrocerCore

/// A recipe's ingredient lines read into quantity, unit, name and note
/// (issue 33).
struct IngredientLineTests {
    @Test func readsTheFiftyFourLinesOfPublicRecipeSitesAsCheckedByHand() {
        #expect(IngredientLineFixture.rows.count >= 50)
        for row in IngredientLineFixture.rows {
            let read = IngredientLine.read(row.line)
            #expect(read.quantity.map { "\($0)" } == row.quantity, "\(row.line)")
            #expect(read.unit == row.unit, "\(row.line)")
            #expect(read.name == row.name, "\(row.line)")
            #expect(read.note == row.note, "\(row.line)")
        }
    }

    @Test(
        arguments: [
            ("2 cups flour", "2", "cup", "flour", ""),
            ("1 (400 g) can tomatoes", "1", "can", "tomatoes", "400 g"),
            ("3 large eggs", "3", nil, "eggs", "large"),
            ("salt to taste", nil, nil, "salt", "to taste"),
            ("½ tsp cumin", "0.5", "tsp", "cumin", ""),
            ("1½ cups milk", "1.5", "cup", "milk", ""),
            ("1 ½ cups milk", "1.5", "cup", "milk", ""),
            ("2-3 carrots", "3", nil, "carrots", ""),
            ("2 to 3 carrots", "3", nil, "carrots", ""),
            ("1,5 l Milch", "1.5", "l", "Milch", ""),
            ("2 EL Olivenöl", "2", "tbsp", "Olivenöl", ""),
            ("2 cuillères à soupe d'huile", "2", "tbsp", "huile", ""),
            ("1 cucharadita de sal", "1", "tsp", "sal", ""),
            ("3 dientes de ajo", "3", "clove", "ajo", ""),
            ("a pinch of salt", nil, nil, "salt", "a pinch"),
            ("2 cups of flour", "2", "cup", "flour", ""),
            ("7up", nil, nil, "7up", ""),
            ("- 2 onions, chopped", "2", nil, "onions", "chopped"),
            ("2 l", nil, nil, "2 l", "2 l"),
        ] as [(String, String?, String?, String, String)])
    func readsTheShapesTheIssueNames(line: String, quantity: String?, unit: String?, name: String, note: String) {
        let read = IngredientLine.read(line)
        #expect(read.quantity.map { "\($0)" } == quantity)
        #expect(read.unit == unit)
        #expect(read.name == name)
        #expect(read.note == note)
    }

    /// What cannot be read is the name, the line kept whole in the note.
    @Test func aLineWithNothingButAnAmountIsItsOwnNameAndNote() {
        #expect(IngredientLine.read("1 cup") == IngredientLine(quantity: nil, unit: nil, name: "1 cup", note: "1 cup"))
        #expect(IngredientLine.read("to taste") == IngredientLine(quantity: nil, unit: nil, name: "to taste", note: "to taste"))
    }

    /// A file is untrusted: control characters never reach a name, and a
    /// line is bounded.
    @Test func controlCharactersBecomeSpacesAndALineIsBounded() {
        let read = IngredientLine.read("2 cups \u{1B}[31mflour\u{7}\u{202E}")
        #expect(read.name == "[31mflour")
        #expect(!read.name.unicodeScalars.contains { PlainText.isControl($0) || PlainText.isInvisible($0) })
        let long = IngredientLine.read("1 " + String(repeating: "ü", count: 10_000))
        #expect(long.name.count <= IngredientLine.maximumLength)
        #expect(IngredientLine.read("").name == "")
    }

    @Test func scalingKeepsMeasuresExactAndCountsWhole() {
        let flour = IngredientLine.read("1 1/2 cups flour").scaled(by: Decimal(2) / 3)
        #expect(flour.quantity == 1)
        let eggs = IngredientLine.read("3 eggs").scaled(by: 1.5)
        #expect(eggs.quantity == 5)
        let cans = IngredientLine.read("1 can tomatoes").scaled(by: 0.5)
        #expect(cans.quantity == 1)
        let third = IngredientLine.read("1/3 cup sugar")
        #expect(third.groceryQuantity?.canonical == "0.334")
        #expect(IngredientLine.read("salt").scaled(by: 2).quantity == nil)
        #expect(IngredientLine.read("20000 g flour").groceryQuantity == nil)
    }

    @Test(
        arguments: [
            ("4", "4"), ("8 servings", "8"), ("Serves 4-6", "6"), ("Für 4 Personen", "4"), ("6 parts", "6"), ("a lot", nil),
        ] as [(String, String?)])
    func theYieldIsItsFirstNumber(text: String, servings: String?) {
        #expect(RecipeYield.servings(text).map { "\($0)" } == servings)
    }
}
