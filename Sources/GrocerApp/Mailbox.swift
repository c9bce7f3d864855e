import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Events from background work to the UI thread. Posting never touches the
/// terminal: it appends under a lock and writes one byte to a pipe that the
/// input loop polls beside stdin, so the loop wakes at once.
public final class Mailbox<Event: Sendable>: Sendable {
    private let events = Mutex<[Event]>([])
    private let pipeFDs: [Int32]

    public init() {
        var fds: [Int32] = [-1, -1]
        if pipe(&fds) == 0 {
            for fd in fds { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
        }
        pipeFDs = fds
    }

    deinit {
        for fd in pipeFDs where fd >= 0 { close(fd) }
    }

    /// The end the input loop polls.
    public var readFD: Int32 { pipeFDs[0] }
    /// The end signal handlers may poke.
    public var writeFD: Int32 { pipeFDs[1] }

    public func post(_ event: Event) {
        events.withLock { $0.append(event) }
        var byte: UInt8 = 1
        _ = write(pipeFDs[1], &byte, 1)
    }

    /// Wakes the loop with no event: the store watch's nudge (the loop then
    /// asks `AppEffects.storeTouched`).
    public func wake() {
        var byte: UInt8 = 1
        _ = write(pipeFDs[1], &byte, 1)
    }

    /// Everything posted so far, oldest first.
    public func drain() -> [Event] {
        events.withLock { events in
            defer { events.removeAll() }
            return events
        }
    }
}
