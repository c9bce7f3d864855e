import Foundation
import GrocerCore
import Testing

@testable import GrocerUI

/// Tab on the recipe prompt (`R`, issue 33) completes the path: one match
/// takes it whole (a folder with its "/"), several take what they share
/// and are named, none is said.
@Suite struct GroceriesRecipePathTests {
    func prompt(_ folder: [String]) -> (GroceriesScreen, FakeGroceryStore) {
        var store = FakeGroceryStore(items: Kitchen.items, catalog: Kitchen.catalog)
        store.folder = folder
        var s = groceries()
        store.drive(&s, [.char("R")])
        return (s, store)
    }

    @Test func oneMatchIsTakenWholeAndAFolderKeepsItsSlash() {
        var (s, store) = prompt(["~/recipes/", "~/notes.txt", "~/recipes/quiche.json", "~/recipes/soup.json"])
        store.drive(&s, typed("~/rec") + [.tab])
        #expect(s.recipePath.text == "~/recipes/")
        store.drive(&s, typed("q") + [.tab])
        #expect(s.recipePath.text == "~/recipes/quiche.json")
        #expect(screenLines(s, width: 72, height: 4)[1] == " Recipe file: ~/recipes/quiche.json")
        #expect(s.message == nil)
    }

    @Test func severalTakeWhatTheyShareAndAreNamed() {
        var (s, store) = prompt(["~/recipes/", "~/recipes/soup.json", "~/recipes/soup old.json", "~/recipes/salad.json"])
        store.drive(&s, typed("~/recipes/s") + [.tab])
        #expect(s.recipePath.text == "~/recipes/s")
        #expect(s.message == "3 match: salad.json  soup old.json  soup.json")
        store.drive(&s, typed("o") + [.tab])
        #expect(s.recipePath.text == "~/recipes/soup")
        #expect(s.message == "2 match: soup old.json  soup.json")
    }

    /// A file name with a control character is never put on the screen.
    @Test func aNameThatCouldNotBeTypedIsLeftOut() {
        var (s, store) = prompt(["~/soup.json", "~/s\u{1B}[2Jpam.json"])
        store.drive(&s, typed("~/s") + [.tab])
        #expect(s.recipePath.text == "~/soup.json")
        #expect(!screenLines(s).joined().unicodeScalars.contains { PlainText.isControl($0) })
    }

    @Test func noneIsSaidAndAnAnswerForAnOlderLineIsLetGo() {
        var (s, store) = prompt(["~/recipes/"])
        store.drive(&s, typed("~/x") + [.tab])
        #expect(s.recipePath.text == "~/x")
        #expect(s.message == "No file or folder starts with that.")
        var context = testContext()
        #expect(s.receive(.groceries(.pathCompleted(typed: "~/r", ["~/recipes/"])), &context) == .none)
        #expect(s.recipePath.text == "~/x")
    }
}
