import Foundation
import GRDB

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

/// Another grocer's write in progress: a second connection to `path` takes
/// its lock (`begin`, then `sql` inside it) on a thread of its own and lets
/// it go `seconds` after it has it. Returns once the lock is held; the
/// caller closes the connection when done.
func holdingLock(
    _ path: String, begin: String = "BEGIN EXCLUSIVE", sql: String? = nil, releaseAfter seconds: Double = 0.3
) throws -> DatabaseQueue {
    let other = try DatabaseQueue(path: path)
    let holding = DispatchSemaphore(value: 0)
    let release = DispatchSemaphore(value: 0)
    Thread.detachNewThread {
        try? other.writeWithoutTransaction { db in
            try db.execute(sql: begin)
            if let sql { try db.execute(sql: sql) }
            holding.signal()
            release.wait()
            try db.execute(sql: "COMMIT")
        }
    }
    holding.wait()
    onOwnThread(after: seconds) { release.signal() }
    return other
}
