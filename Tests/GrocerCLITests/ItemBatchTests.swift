import Foundation
import GrocerCore
import GrocerExchange
import Testing

@testable import GrocerCLI

/// Many items at once (issue 33): lines as typed, a recipe scaled.
struct ItemBatchTests {
    let locale = Locale(identifier: "en_US")

    @Test func eachLineIsReadAsTheAddLineReadsItAndCommentsAreLeftOut() throws {
        let lines = GroceryBatch.quickLines("2 kg flour\n# a comment\n\n  3 apples \n3 kg\n", knownUnits: ["kg"], locale: locale)
        #expect(lines.map(\.text) == ["2 kg flour", "3 apples", "3 kg"])
        #expect(try lines[0].entry.get() == QuickEntry.parse("2 kg flour", knownUnits: ["kg"], locale: locale).get())
        guard case .failure(let skipped) = lines[2].entry else {
            Issue.record("3 kg was read")
            return
        }
        #expect(skipped.reason.contains("names no item"))
    }

    @Test func aRecipeIsScaledToTheServingsAskedForAndNotesItsName() throws {
        let recipe = RecipeFile(name: "Quiche", servings: 4, ingredients: ["200 g flour", "3 large eggs", "salt to taste", "1 cup"])
        let lines = GroceryBatch.lines(of: recipe, servings: 6)
        let flour = try lines[0].entry.get()
        #expect(flour.quantity.canonical == "300" && flour.unit == "g" && flour.name == "flour" && flour.quantityTyped)
        #expect(lines[0].note == "for Quiche")
        let eggs = try lines[1].entry.get()
        #expect(eggs.quantity.canonical == "5" && eggs.unit == nil && eggs.name == "eggs")
        #expect(lines[1].note == "for Quiche; large")
        let salt = try lines[2].entry.get()
        #expect(!salt.quantityTyped && salt.name == "salt")
        #expect(try lines[3].entry.get().name == "1 cup")
        #expect(lines[3].note == "for Quiche; 1 cup")
    }

    @Test func aRecipeThatDoesNotSayItsServingsIsAddedAsWritten() throws {
        let lines = GroceryBatch.lines(of: RecipeFile(ingredients: ["3 eggs", "20000 kg sugar"]), servings: 8)
        #expect(try lines[0].entry.get().quantity.canonical == "3")
        #expect(lines[0].note == "")
        guard case .failure(let skipped) = lines[1].entry else {
            Issue.record("20000 kg was kept")
            return
        }
        #expect(skipped.reason == "its amount is more than the list keeps")
    }
}
