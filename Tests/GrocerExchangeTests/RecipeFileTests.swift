import Foundation
import GrocerCore
import Testing

@testable import GrocerExchange

/// A recipe from a file: JSON-LD, a web page holding it, or plain text
/// (issue 33). Untrusted input: bounded, nothing fetched or expanded.
struct RecipeFileTests {
    func read(_ text: String) throws(RecipeFile.Problem) -> RecipeFile { try RecipeFile.read(Array(text.utf8)) }

    @Test func readsARecipeAsJSONLD() throws {
        let recipe = try read(
            """
            {"@context": "https://schema.org", "@type": "Recipe", "name": "Quiche Lorraine", "recipeYield": "4 servings",
             "recipeIngredient": ["200 g flour", "3 eggs", "250 ml milk", "100 g bacon, diced"]}
            """)
        #expect(
            recipe == RecipeFile(name: "Quiche Lorraine", servings: 4, ingredients: ["200 g flour", "3 eggs", "250 ml milk", "100 g bacon, diced"]))
    }

    /// Yoast and other plugins put the Recipe in an @graph beside the page,
    /// the type sometimes a list, the yield a number or a list.
    @Test func findsTheRecipeInAGraphWithATypeListAndANumberYield() throws {
        let recipe = try read(
            """
            {"@context": "https://schema.org", "@graph": [{"@type": "WebPage", "name": "Home"},
             {"@type": ["Recipe", "NewsArticle"], "name": "Soup", "recipeYield": [6, "6 bowls"], "recipeIngredient": ["1 onion"]}]}
            """)
        #expect(recipe.name == "Soup")
        #expect(recipe.servings == 6)
        #expect(recipe.ingredients == ["1 onion"])
        let list = try read(#"[{"@type": "Person"}, {"@type": "http://schema.org/Recipe", "recipeIngredient": ["salt"]}]"#)
        #expect(list.ingredients == ["salt"])
    }

    @Test func readsTheRecipeOfAWebPageAndDecodesItsCharacterReferences() throws {
        let page = """
            <!DOCTYPE html><html><head>
            <script type="application/ld+json">{"@type": "Organization", "name": "Site"}</script>
            <SCRIPT TYPE='application/ld+json' class="yoast">
            {"@type": "Recipe", "name": "Mac &amp; Cheese", "recipeYield": "Serves 4-6",
             "recipeIngredient": ["&frac12; cup <strong>butter</strong>", "2 cups elbow macaroni", "1 tsp salt &#38; pepper"]}
            </SCRIPT>
            <script>var x = "<script type=application/ld+json>";</script>
            </head><body>https://example.com/recipe</body></html>
            """
        let recipe = try read(page)
        #expect(recipe.name == "Mac & Cheese")
        #expect(recipe.servings == 6)
        #expect(recipe.ingredients == ["½ cup butter", "2 cups elbow macaroni", "1 tsp salt & pepper"])
    }

    @Test func readsPlainTextOneIngredientALine() throws {
        let recipe = try read("Ingredients:\n\n2 cups flour\r\n# from grandma\n  3 eggs  \nsalt to taste\n")
        #expect(recipe == RecipeFile(ingredients: ["2 cups flour", "3 eggs", "salt to taste"]))
    }

    @Test func refusesWhatIsNotARecipeInOneLine() {
        #expect(throws: RecipeFile.Problem.noRecipe("The JSON")) { try read(#"{"@type": "Person", "name": "Ann"}"#) }
        #expect(throws: RecipeFile.Problem.noRecipe("The web page")) { try read("<html><body>Hello</body></html>") }
        #expect(throws: RecipeFile.Problem.noIngredients) { try read("\n\n# nothing\n") }
        #expect(throws: RecipeFile.Problem.noIngredients) { try read(#"{"@type": "Recipe", "name": "Air"}"#) }
        #expect(throws: RecipeFile.Problem.notText) { try RecipeFile.read([0x32, 0x20, 0xFF, 0xFE, 0x0A]) }
        #expect(throws: RecipeFile.Problem.tooLarge) { try RecipeFile.read([UInt8](repeating: 0x61, count: RecipeFile.maximumBytes + 1)) }
        #expect(RecipeFile.Problem.noRecipe("The JSON").message.contains("one a line"))
    }

    /// A hostile file: nesting past the bound, more lines than kept,
    /// control characters, a long line.
    @Test func aHostileFileIsBounded() throws {
        let deep = String(repeating: "[", count: 200) + #"{"@type": "Recipe", "recipeIngredient": ["x"]}"# + String(repeating: "]", count: 200)
        #expect(throws: RecipeFile.Problem.noRecipe("The JSON")) { try read(deep) }
        let many = try read((1...2_000).map { "\($0) g flour" }.joined(separator: "\n"))
        #expect(many.ingredients.count == RecipeFile.maximumIngredients)
        let hostile = try read(#"{"@type": "Recipe", "name": "\u001b[2J", "recipeIngredient": ["2 cups \u001b]0;owned\u0007flour"]}"#)
        #expect(hostile.ingredients == ["2 cups ]0;owned flour"])
        #expect(hostile.name == "[2J")
    }
}
