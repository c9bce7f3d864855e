import Foundation
import GrocerCore

@testable import GrocerUI

/// A context for screens tested on their own: en_US, UTC, noon on 21
/// November 2026, an 80x24 terminal.
func testContext(unit: WeightUnit = .lbs) -> AppContext {
    AppContext(
        locales: .fixed(), storePath: "/home/me/grocer.sqlite", defaultUnit: unit,
        now: Date(timeIntervalSince1970: 1_795_262_400))
}

extension Screen {
    /// A key with a throwaway context, for screens that do not read it.
    mutating func handle(_ key: Key) -> Outcome {
        var context = testContext()
        return handle(key, &context)
    }

    func render(into canvas: inout Canvas) {
        render(into: &canvas, testContext())
    }
}
