import Foundation
import GrocerCore
import Synchronization
import Testing

@testable import GrocerApp
@testable import GrocerUI

/// The launch's page check and opening run on the background queue while
/// the loop answers keys (issue 35); the worker holds every request asked
/// meanwhile, so none reads or writes the store before its pages passed,
/// and each is answered after the opening.
@Suite struct LaunchSettleTests {
    @Test func aRequestAskedWhileTheLaunchSettlesRunsAfterIt() {
        let posted = LiveEffectsSaveTests.Posted()
        let live = LiveEffects(
            path: "/nonexistent-\(UUID().uuidString)/grocer.sqlite", environment: [:], zone: { .current },
            post: { posted.post($0) })
        let release = DispatchSemaphore(value: 0)
        live.settleInBackground {
            release.wait()
            return .storeOpened(LaunchHints(unit: .kg))
        }
        live.worker.ask { _ in .storeChanged }
        // Answered only after the launch's own answer.
        release.signal()
        live.worker.waitUntilIdle()
        #expect(posted.all == [.storeOpened(LaunchHints(unit: .kg)), .storeChanged])
    }
}
