import Foundation
import GrocerCore

/// A recipe from a file (issue 33, `grocer items add --recipe`): its name,
/// how many it serves and its ingredient lines, as text still to be read
/// (`IngredientLine`). Three shapes:
///
/// - schema.org Recipe JSON-LD (Mealie, Tandoor and Nextcloud Cookbook
///   export it): the Recipe found at the top, in `@graph` or nested;
///   `recipeIngredient`, `recipeYield`, `name`;
/// - an HTML page holding one, as recipe sites publish them: each
///   `<script type="application/ld+json">` block read in turn;
/// - plain text: one ingredient a line (empty lines, `#` comments and
///   headings ending in ":" skipped).
///
/// The file is untrusted: at most `maximumBytes`, UTF-8, nothing fetched
/// (a URL in it is text), no entity expansion (HTML's character references
/// are decoded, nothing else), the JSON searched to a bounded depth, at
/// most `maximumIngredients` lines kept; control characters are left to
/// `IngredientLine` to drop.
public typealias RecipeFile = GroceryBatch.Recipe

extension GroceryBatch.Recipe {
    public static let maximumBytes = 4 << 20
    public static let maximumIngredients = GroceryBatch.maximumLines

    public enum Problem: Error, Equatable, Sendable {
        case tooLarge
        case notText
        /// JSON or a web page without a schema.org Recipe.
        case noRecipe(String)
        case noIngredients

        /// One line: what is wrong, and what to do.
        public var message: String {
            switch self {
            case .tooLarge: return "The recipe file is larger than \(GroceryBatch.Recipe.maximumBytes >> 20) MB; give the recipe's page or its JSON."
            case .notText: return "The recipe file is not UTF-8 text; save the page or the recipe as text and try again."
            case .noRecipe(let what):
                return "\(what) holds no schema.org Recipe; save the recipe's own page, or its ingredients as text, one a line."
            case .noIngredients: return "The recipe lists no ingredients."
            }
        }
    }

    public static func read(_ bytes: [UInt8]) throws(Problem) -> RecipeFile {
        guard bytes.count <= maximumBytes else { throw .tooLarge }
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        guard let text = String(validating: body, as: UTF8.self) else { throw .notText }
        let start = text.first { !$0.isWhitespace }
        let recipe: RecipeFile
        if start == "{" || start == "[" {
            guard let found = RecipeJSONLD.recipe(in: Array(body)) else { throw .noRecipe("The JSON") }
            recipe = found
        } else if RecipeJSONLD.looksLikeHTML(body) {
            guard let found = RecipeJSONLD.scripts(in: Array(body)).lazy.compactMap(RecipeJSONLD.recipe(in:)).first else {
                throw .noRecipe("The web page")
            }
            recipe = found
        } else {
            recipe = RecipeFile(ingredients: plainLines(text))
        }
        var bounded = recipe
        bounded.ingredients = Array(
            recipe.ingredients.lazy.map { IngredientLine.clean($0) }.filter { !$0.isEmpty }.prefix(maximumIngredients))
        guard !bounded.ingredients.isEmpty else { throw .noIngredients }
        bounded.name = recipe.name.map(IngredientLine.clean).flatMap { $0.isEmpty ? nil : $0 }
        return bounded
    }

    static func plainLines(_ text: String) -> [String] {
        text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }.filter { line in
            !line.isEmpty && !line.hasPrefix("#") && !line.hasSuffix(":")
        }
    }
}
