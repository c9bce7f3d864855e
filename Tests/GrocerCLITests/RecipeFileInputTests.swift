import Foundation
import GrocerCore
import Testing

@testable import GrocerCLI

#if canImport(Glibc)
    import Glibc
#endif

/// The grocery screen's `R` (issue 33): a path as typed, `~` the home
/// folder; only a regular file is read, as `items add --recipe` reads it.
@Suite struct RecipeFileInputTests {
    static func folder() throws -> String {
        let path = NSTemporaryDirectory() + "grocer-recipe-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func aTildeIsTheHomeFolder() {
        #expect(RecipeFileInput.expanded("~/quiche.json", home: "/home/ann") == "/home/ann/quiche.json")
        #expect(RecipeFileInput.expanded("~", home: "/home/ann") == "/home/ann")
        #expect(RecipeFileInput.expanded("~bob/x", home: "/home/ann") == "~bob/x")
        #expect(RecipeFileInput.expanded("~/x", home: nil) == "~/x")
    }

    @Test func aJSONLDRecipeIsRead() throws {
        let home = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let json = #"{"@type": "Recipe", "name": "Quiche", "recipeYield": "4", "recipeIngredient": ["200 g flour", "3 eggs"]}"#
        try json.write(toFile: home + "/q.json", atomically: true, encoding: .utf8)
        let recipe = try RecipeFileInput.read("~/q.json", home: home)
        #expect(recipe == GroceryBatch.Recipe(name: "Quiche", servings: 4, ingredients: ["200 g flour", "3 eggs"]))
    }

    /// A pipe would wait for ever; a folder or a missing file is one line.
    @Test func onlyARegularFileIsRead() throws {
        let home = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: home) }
        #expect(mkfifo(home + "/pipe", 0o600) == 0)
        #expect(throws: Failure("Cannot read \(home)/pipe: it is not a file. Give a recipe file's path.")) {
            try RecipeFileInput.read(home + "/pipe", home: nil)
        }
        #expect(throws: Failure("Cannot read \(home): it is not a file. Give a recipe file's path.")) {
            try RecipeFileInput.read(home, home: nil)
        }
        #expect(throws: Failure("Cannot read \(home)/none: there is no such file. Check the path.")) {
            try RecipeFileInput.read(home + "/none", home: nil)
        }
    }

    @Test func aFileWithoutARecipeSaysSo() throws {
        let home = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: home) }
        try "{\"a\": 1}".write(toFile: home + "/x.json", atomically: true, encoding: .utf8)
        #expect(throws: Failure("The JSON holds no schema.org Recipe; save the recipe's own page, or its ingredients as text, one a line.")) {
            try RecipeFileInput.read(home + "/x.json", home: nil)
        }
    }
}
