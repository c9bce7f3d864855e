import Foundation
import Testing

@testable import GrocerCLI

/// What Tab on the recipe prompt completes a path to (issue 33), on a
/// temporary folder: its files and folders under the typed prefix, `~`
/// expanded and kept, hidden ones only when asked, the listing bounded.
@Suite struct PathCompletionTests {
    static func folder() throws -> String {
        let path = NSTemporaryDirectory() + "grocer-complete-\(UUID().uuidString)"
        for sub in ["recipes", "recipes/old", "reading"] {
            try FileManager.default.createDirectory(atPath: path + "/" + sub, withIntermediateDirectories: true)
        }
        for file in ["recipes/quiche.json", "recipes/soup.json", "recipes/.hidden.json", "notes.txt"] {
            try "x".write(toFile: path + "/" + file, atomically: true, encoding: .utf8)
        }
        return path
    }

    @Test func filesAndFoldersUnderTheTypedPrefix() throws {
        let home = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: home) }
        #expect(PathCompletion.candidates(for: "~/re", home: home) == ["~/reading/", "~/recipes/"])
        #expect(PathCompletion.candidates(for: "~/recipes/", home: home) == ["~/recipes/old/", "~/recipes/quiche.json", "~/recipes/soup.json"])
        #expect(PathCompletion.candidates(for: "~/recipes/.", home: home) == ["~/recipes/.hidden.json"])
        #expect(PathCompletion.candidates(for: home + "/no", home: nil) == [home + "/notes.txt"])
        #expect(PathCompletion.candidates(for: "~/missing/", home: home).isEmpty)
        #expect(PathCompletion.candidates(for: "~/re", home: nil).isEmpty)
    }

    @Test func theListingIsBounded() throws {
        let home = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: home) }
        #expect(PathCompletion.candidates(for: "~/recipes/", home: home, limit: 2).count <= 2)
    }
}
