import Foundation
import GrocerStore
import Testing

/// The manual page (Resources/grocer.1) says what this grocer does.
@Suite struct ManPageTests {
    static let page: String = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return (try? String(contentsOf: root.appendingPathComponent("Resources/grocer.1"), encoding: .utf8)) ?? ""
    }()

    @Test func noExampleIsGivenTwice() {
        let examples = Self.page.split(separator: "\n").filter { $0.hasPrefix(".Dl ") }
        #expect(!examples.isEmpty)
        var seen = Set<Substring>()
        let repeated = examples.filter { !seen.insert($0).inserted }
        #expect(repeated.isEmpty)
    }

    @Test func itNamesTheFormatsThatAreMigrated() {
        #expect(Self.page.contains("(format versions 1 to \(StoreFormat.currentVersion - 1)) is migrated"))
    }
}
