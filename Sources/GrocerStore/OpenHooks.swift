import Foundation
import Synchronization

/// Two places where a test can act while a store opens or saves: right
/// after its connection is made (before the file is checked to be the
/// one at the path), and inside a save's transaction, right before the
/// file is checked again and the save commits. Unit tests set a closure
/// for their store's path; the e2e tests, in the test build only
/// (`-DGROCER_TEST_HOOKS`), set `GROCER_TEST_PAUSE_AFTER_CONNECT=FILE`:
/// grocer makes FILE there and waits until it is removed, so the test can
/// rename or delete the store in the window.
enum OpenHooks {
    static let connected = Mutex<[String: @Sendable () -> Void]>([:])
    static let committing = Mutex<[String: @Sendable () -> Void]>([:])

    /// Whether the e2e pause was taken: once per process (the first
    /// connection, whichever asks).
    static let paused = Mutex(false)

    static func afterConnect(_ path: String) {
        if let hook = connected.withLock({ $0[path] }) { hook() }
        #if GROCER_TEST_HOOKS
            let first = paused.withLock { taken in
                defer { taken = true }
                return !taken
            }
            if first, let file = getenv("GROCER_TEST_PAUSE_AFTER_CONNECT").map({ String(cString: $0) }), !file.isEmpty {
                let fd = open(file, O_WRONLY | O_CREAT | O_CLOEXEC, 0o600)
                if fd >= 0 { close(fd) }
                while access(file, F_OK) == 0 { usleep(10_000) }
            }
        #endif
    }

    static func beforeCommit(_ path: String) {
        if let hook = committing.withLock({ $0[path] }) { hook() }
    }
}
