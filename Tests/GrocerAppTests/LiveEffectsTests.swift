import Foundation
import GrocerCore
import Testing

@testable import GrocerApp
@testable import GrocerUI

@Suite struct LiveEffectsTests {
    /// A store under a file: it can be neither created nor read.
    func effects() -> LiveEffects {
        LiveEffects(path: "/dev/null/grocer.sqlite", environment: [:], zone: { .current }, post: { _ in })
    }

    @Test func aFailedHistoryLoadSaysItCouldNotRead() {
        guard case .failed(_, let message)? = effects().answer(.history(.openHistory(unit: .kg, limit: 10))) else {
            Issue.record("no failure")
            return
        }
        #expect(message.hasPrefix("Could not read /dev/null/grocer.sqlite: "))
    }

    @Test(arguments: [Effect.saveWeight(Weight(digits: "72.5", unit: .kg)!, at: Date(), note: ""), .setDefaultUnit(.kg)])
    func aFailedWriteSaysItCouldNotWrite(effect: Effect) {
        guard case .failed(_, let message)? = effects().answer(effect) else {
            Issue.record("no failure")
            return
        }
        #expect(message.hasPrefix("Could not write to /dev/null/grocer.sqlite: "))
        #expect(message.hasSuffix("Nothing was lost; try again."))
    }

    @Test func aStoreThatWillNotOpenIsAFailure() {
        guard case .failed(_, let message)? = effects().answer(.openStore) else {
            Issue.record("no failure")
            return
        }
        #expect(message.contains("/dev/null/grocer.sqlite"))
    }
}
