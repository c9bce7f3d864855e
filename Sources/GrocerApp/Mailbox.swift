import CLinux
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Events from background work to the UI thread. Posting never touches the
/// terminal: it appends under a lock and writes one byte to a pipe; the
/// input loop polls `readFD` beside stdin, so the loop wakes at once.
///
/// `readFD` is an epoll set holding the pipe and whatever else should wake
/// the loop (`alsoWake(on:)`: the store watch's descriptors), so the loop
/// waits on every source in its one poll. Its pipe is emptied by `drain`,
/// before the events are taken: a post after that wakes the loop again.
public final class Mailbox<Event: Sendable>: Sendable {
    private let events = Mutex<[Event]>([])
    private let pipeFDs: [Int32]
    /// The epoll set, or -1 where none could be made (the pipe alone).
    private let setFD: Int32

    public init() {
        var fds: [Int32] = [-1, -1]
        if pipe(&fds) == 0 {
            for fd in fds {
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
                _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            }
        }
        pipeFDs = fds
        var set = epoll_create1(Int32(EPOLL_CLOEXEC))
        if set >= 0, fds[0] >= 0, !Self.add(fds[0], to: set) {
            close(set)
            set = -1
        }
        setFD = set
    }

    deinit {
        for fd in pipeFDs + [setFD] where fd >= 0 { close(fd) }
    }

    /// What the input loop polls: the epoll set (or the pipe alone).
    public var readFD: Int32 { setFD >= 0 ? setFD : pipeFDs[0] }
    /// The end signal handlers may poke.
    public var writeFD: Int32 { pipeFDs[1] }

    public func post(_ event: Event) {
        events.withLock { $0.append(event) }
        var byte: UInt8 = 1
        _ = write(pipeFDs[1], &byte, 1)
    }

    /// Makes `fd` wake the loop too while it is readable (the loop must
    /// read what it holds, or the loop wakes again at once); false where
    /// it cannot (no epoll set). Closing `fd` takes it out.
    public func alsoWake(on fd: Int32) -> Bool {
        setFD >= 0 && Self.add(fd, to: setFD)
    }

    /// Everything posted so far, oldest first.
    public func drain() -> [Event] {
        var buffer = [UInt8](repeating: 0, count: 64)
        while read(pipeFDs[0], &buffer, buffer.count) > 0 {}
        return events.withLock { events in
            defer { events.removeAll() }
            return events
        }
    }

    private static func add(_ fd: Int32, to set: Int32) -> Bool {
        var event = epoll_event()
        event.events = EPOLLIN.rawValue
        event.data.fd = fd
        return epoll_ctl(set, EPOLL_CTL_ADD, fd, &event) == 0
    }
}
