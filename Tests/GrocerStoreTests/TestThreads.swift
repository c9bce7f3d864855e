import Foundation

/// Work a test waits on runs on a thread of its own, never on Dispatch's
/// global queue: that queue shares its threads (two on a 2-core machine)
/// with the tests themselves, and two tests that each wait for such work
/// can hold every one of them, so the work never runs.
func onOwnThread(after seconds: Double = 0, _ work: @escaping @Sendable () -> Void) {
    Thread.detachNewThread {
        if seconds > 0 { Thread.sleep(forTimeInterval: seconds) }
        work()
    }
}
