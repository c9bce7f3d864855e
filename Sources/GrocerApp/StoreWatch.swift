import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The store's files watched with inotify, so that another process's write
/// wakes the loop at once instead of at the watch's next tick
/// (`AppLoop.watchInterval`). Only a nudge: the loop then asks the store
/// (`AppEffects.checkStore`: the store's worker reads one pragma), which alone says whether
/// another connection committed. The tick stays, so where this gives
/// nothing (inotify missing or out of watches, a file system that reports
/// nothing, the folder gone) the store is still followed, a second late.
///
/// One thread waits in `poll` on the inotify descriptor (the store's
/// folder: the store file, its -wal, where a WAL commit writes, and its
/// -journal) and on a pipe that stops it or asks it to look again. A burst
/// of events (a commit writes several frames) is gathered until the files
/// are quiet for 2 ms (20 ms at most), then the loop is woken once; while
/// a wake is not yet taken (`take`), no other is sent.
final class StoreWatch: Sendable {
    private let inotifyFD: Int32
    private let controlRead: Int32
    private let controlWrite: Int32
    private let names: [[UInt8]]
    private let wake: @Sendable () -> Void
    /// A wake sent and not yet taken by the loop.
    private let pending = Atomic<Bool>(false)
    /// The loop asked to be woken again soon (`lookAgainSoon`).
    private let again = Atomic<Bool>(false)
    private let stopping = Atomic<Bool>(false)
    private let stopped = Atomic<Bool>(false)
    private let ended = DispatchSemaphore(value: 0)

    /// How long the files must be quiet before the loop is woken, and the
    /// most a burst delays it.
    static let quiet: Int32 = 2
    static let mostDelay: Duration = .milliseconds(20)
    /// When a woken check saw no commit and grocer wrote nothing itself,
    /// another process's commit may not be visible yet: SQLite writes the
    /// -wal's frames, syncs them (the store's `synchronous` is FULL: a
    /// disk's flush can take milliseconds), and only then makes them
    /// visible, in the -shm's memory, where inotify sees nothing. The loop
    /// is woken again after each of these, until a commit shows or new
    /// events come; then the tick.
    static let lookAgain: [Duration] = [.milliseconds(5), .milliseconds(25), .milliseconds(100), .milliseconds(400)]

    private init(inotifyFD: Int32, control: (Int32, Int32), names: [[UInt8]], wake: @escaping @Sendable () -> Void) {
        self.inotifyFD = inotifyFD
        self.controlRead = control.0
        self.controlWrite = control.1
        self.names = names
        self.wake = wake
    }

    /// Watches the store at `path` (its links followed, as SQLite does) and
    /// calls `wake` from its own thread when its files are written. Nil,
    /// silently, when it cannot: the tick then follows the store alone.
    static func start(path: String, wake: @escaping @Sendable () -> Void) -> StoreWatch? {
        let resolved = realpath(path, nil).map { pointer -> String in
            defer { free(pointer) }
            return String(cString: pointer)
        }
        let (folder, base) = split(resolved ?? path)
        guard !base.isEmpty else { return nil }
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        let events = UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE)
        var control: [Int32] = [-1, -1]
        guard inotify_add_watch(fd, folder, events) >= 0, pipe(&control) == 0 else {
            close(fd)
            return nil
        }
        for end in control {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        let watch = StoreWatch(inotifyFD: fd, control: (control[0], control[1]), names: watchedNames(base), wake: wake)
        let thread = Thread { watch.run() }
        thread.name = "grocer.store-watch"
        thread.start()
        return watch
    }

    /// The folder and the file's name.
    static func split(_ path: String) -> (folder: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let folder = String(path[..<slash])
        return (folder.isEmpty ? "/" : folder, String(path[path.index(after: slash)...]))
    }

    /// The names in the store's folder whose writes may be a commit: the
    /// store, its -wal and its -journal (not the -shm, which readers write
    /// too).
    static func watchedNames(_ base: String) -> [[UInt8]] {
        [base, base + "-wal", base + "-journal"].map { Array($0.utf8) }
    }

    /// Whether the files were written since the last call (the loop asks
    /// when it wakes); taking it lets the next write wake the loop again.
    func take() -> Bool {
        pending.exchange(false, ordering: .sequentiallyConsistent)
    }

    /// The check after a wake saw no commit that grocer did not make
    /// itself: wake the loop again shortly (`lookAgain`).
    func lookAgainSoon() {
        again.store(true, ordering: .sequentiallyConsistent)
        poke()
    }

    /// Ends the thread and closes the descriptors; waits for the thread.
    func stop() {
        guard !stopped.exchange(true, ordering: .sequentiallyConsistent) else { return }
        stopping.store(true, ordering: .sequentiallyConsistent)
        poke()
        ended.wait()
        for fd in [inotifyFD, controlRead, controlWrite] { close(fd) }
    }

    private func poke() {
        var byte: UInt8 = 1
        _ = write(controlWrite, &byte, 1)
    }

    private func signal() {
        if !pending.exchange(true, ordering: .sequentiallyConsistent) { wake() }
    }

    // MARK: The watch's thread

    private func run() {
        defer { ended.signal() }
        let clock = ContinuousClock()
        var buffer = [UInt8](repeating: 0, count: 8192)
        var attempt = 0
        var againAt: ContinuousClock.Instant?
        while true {
            let timeout = againAt.map { Self.milliseconds(until: $0, clock) } ?? -1
            var fds = [pollfd(fd: inotifyFD, events: Int16(POLLIN), revents: 0), pollfd(fd: controlRead, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, 2, timeout)
            if ready < 0, errno != EINTR { return }
            if fds[1].revents != 0 {
                drain(controlRead, &buffer)
                if stopping.load(ordering: .sequentiallyConsistent) { return }
                if again.exchange(false, ordering: .sequentiallyConsistent), attempt < Self.lookAgain.count {
                    againAt = clock.now + Self.lookAgain[attempt]
                    attempt += 1
                }
            }
            if fds[0].revents != 0 {
                switch readEvents(&buffer) {
                case .gone: return
                case .none: break
                case .written:
                    settle(&buffer, clock)
                    if stopping.load(ordering: .sequentiallyConsistent) { return }
                    attempt = 0
                    againAt = nil
                    signal()
                }
            }
            if let due = againAt, clock.now >= due {
                againAt = nil
                signal()
            }
        }
    }

    /// Reads on while events come less than `quiet` ms apart, up to
    /// `mostDelay` in all: one wake for a burst.
    private func settle(_ buffer: inout [UInt8], _ clock: ContinuousClock) {
        let until = clock.now + Self.mostDelay
        while clock.now < until {
            var fds = [pollfd(fd: inotifyFD, events: Int16(POLLIN), revents: 0)]
            guard poll(&fds, 1, Self.quiet) > 0, readEvents(&buffer) != .gone else { return }
        }
    }

    private enum Seen { case none, written, gone }

    /// Every event waiting: whether one names a watched file (or events
    /// were lost: the queue overflowed), or the watch ended (the folder
    /// removed or its file system unmounted).
    private func readEvents(_ buffer: inout [UInt8]) -> Seen {
        var seen = Seen.none
        while true {
            let count = read(inotifyFD, &buffer, buffer.count)
            guard count > 0 else { return seen }
            var offset = 0
            while offset + 16 <= count {
                let (mask, length) = buffer.withUnsafeBytes { raw in
                    (raw.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self), raw.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                }
                let start = offset + 16
                offset = start + Int(length)
                if mask & UInt32(IN_IGNORED) != 0 { return .gone }
                if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                    seen = .written
                    continue
                }
                let bytes = buffer[start..<min(offset, count)]
                let name = bytes.prefix { $0 != 0 }
                if names.contains(where: { $0.elementsEqual(name) }) { seen = .written }
            }
        }
    }

    private func drain(_ fd: Int32, _ buffer: inout [UInt8]) {
        while read(fd, &buffer, buffer.count) > 0 {}
    }

    private static func milliseconds(until instant: ContinuousClock.Instant, _ clock: ContinuousClock) -> Int32 {
        let left = clock.now.duration(to: instant)
        guard left > .zero else { return 0 }
        let (seconds, attoseconds) = left.components
        return Int32(min(60_000, seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1))
    }
}
