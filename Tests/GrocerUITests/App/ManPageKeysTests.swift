import Foundation
import Testing

@testable import GrocerUI

/// The manual page's KEYS section names every key that acts everywhere,
/// from the same table that handles them.
@Suite struct ManPageKeysTests {
    static let keysSection: String = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let page = (try? String(contentsOf: root.appendingPathComponent("Resources/grocer.1"), encoding: .utf8)) ?? ""
        guard let start = page.range(of: ".Sh KEYS\n"), let end = page.range(of: "\n.Sh ", range: start.upperBound..<page.endIndex)
        else { return "" }
        return String(page[start.upperBound..<end.lowerBound])
    }()

    @Test func everyGlobalKeyIsInTheManPage() {
        #expect(!Self.keysSection.isEmpty)
        let items = Self.keysSection.split(separator: "\n").filter { $0.hasPrefix(".It ") }
        for binding in GlobalKeys.bindings {
            for key in binding.helpKeys.split(separator: " ").map(String.init) where !key.isEmpty {
                let spelled = key == "?" ? "\\&?" : key
                #expect(items.contains { $0.split(separator: " ").contains(Substring(spelled)) }, "\(key) (\(binding.help))")
            }
        }
    }
}
