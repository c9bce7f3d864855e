import CLinux
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The store's files watched with inotify, so that another process's write
/// wakes the loop at once instead of at the watch's next tick
/// (`AppLoop.watchInterval`). Only a nudge: the loop then asks the store
/// (`AppEffects.checkStore`: the store's worker reads one pragma), which
/// alone says whether another connection committed. The tick stays, so
/// where this gives nothing (inotify missing or out of watches, a file
/// system that reports nothing, the folder gone) the store is still
/// followed, a second late.
///
/// No thread of its own: its two descriptors, the inotify one (the store's
/// folder: the store file, its -wal, where a WAL commit writes, and its
/// -journal) and a timer (timerfd), are added to the mailbox's wait
/// (`Mailbox.alsoWake(on:)`), so the loop's own poll wakes on them and the
/// loop reads them (`take`). A burst of events (a commit writes several
/// frames) is gathered until the files are quiet for 2 ms (20 ms at most):
/// each event sets the timer again, and the loop's check comes when it
/// fires.
final class StoreWatch: Sendable {
    private let inotifyFD: Int32
    private let timerFD: Int32
    private let names: [[UInt8]]
    private let state = Mutex(State())
    private let stopped = Atomic<Bool>(false)

    private struct State {
        /// When the burst being gathered began.
        var burstStart: ContinuousClock.Instant?
        /// How many of `lookAgain`'s waits were taken since the last write.
        var attempt = 0
    }

    /// How long the files must be quiet before the loop checks, and the
    /// most a burst delays it.
    static let quiet: Duration = .milliseconds(2)
    static let mostDelay: Duration = .milliseconds(20)
    /// When a woken check saw no commit and grocer wrote nothing itself,
    /// another process's commit may not be visible yet: SQLite writes the
    /// -wal's frames, syncs them (the store's `synchronous` is FULL: a
    /// disk's flush can take milliseconds), and only then makes them
    /// visible, in the -shm's memory, where inotify sees nothing. The loop
    /// checks again after each of these, until a commit shows or new
    /// events come; then the tick.
    static let lookAgain: [Duration] = [.milliseconds(5), .milliseconds(25), .milliseconds(100), .milliseconds(400)]

    private init(inotifyFD: Int32, timerFD: Int32, names: [[UInt8]]) {
        self.inotifyFD = inotifyFD
        self.timerFD = timerFD
        self.names = names
    }

    /// Watches the store at `path` (its links followed, as SQLite does);
    /// `wakeOn` adds each of its descriptors to the loop's wait and says
    /// whether it could. Nil, silently, when it cannot: the tick then
    /// follows the store alone.
    static func start(path: String, wakeOn: (Int32) -> Bool) -> StoreWatch? {
        let resolved = realpath(path, nil).map { pointer -> String in
            defer { free(pointer) }
            return String(cString: pointer)
        }
        let (folder, base) = split(resolved ?? path)
        guard !base.isEmpty else { return nil }
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        let events = UInt32(IN_MODIFY | IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE)
        let timer = timerfd_create(CLOCK_MONOTONIC, Int32(TFD_NONBLOCK | TFD_CLOEXEC))
        guard timer >= 0, inotify_add_watch(fd, folder, events) >= 0, wakeOn(fd), wakeOn(timer) else {
            close(fd)
            if timer >= 0 { close(timer) }
            return nil
        }
        return StoreWatch(inotifyFD: fd, timerFD: timer, names: watchedNames(base))
    }

    /// Its descriptors, which the loop's wait watches.
    var descriptors: [Int32] { [inotifyFD, timerFD] }

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

    /// Whether the loop should ask the store now (the loop asks at each of
    /// its passes, on its own thread): a burst of writes has gone quiet,
    /// or a look again is due. Reads what the descriptors hold, so that
    /// they wake the loop only for what comes next.
    func take() -> Bool {
        guard !stopped.load(ordering: .sequentiallyConsistent) else { return false }
        // The loop asks at every pass (each key): one poll says whether
        // either descriptor holds anything before a buffer is made or read.
        var ready = [pollfd(fd: inotifyFD, events: Int16(POLLIN), revents: 0), pollfd(fd: timerFD, events: Int16(POLLIN), revents: 0)]
        guard poll(&ready, 2, 0) > 0 else { return false }
        var seen = Seen.none
        if ready[0].revents != 0 {
            var buffer = [UInt8](repeating: 0, count: 4096)
            seen = readEvents(&buffer)
        }
        var expirations: UInt64 = 0
        let fired = ready[1].revents != 0 && read(timerFD, &expirations, 8) == 8
        let now = ContinuousClock.now
        return state.withLock { state in
            if seen == .written {
                state.attempt = 0
                let start = state.burstStart ?? now
                state.burstStart = start
                let left = Self.mostDelay - start.duration(to: now)
                guard left > .zero else {
                    state.burstStart = nil
                    arm(nil)
                    return true
                }
                arm(min(Self.quiet, left))
                return false
            }
            guard fired else { return false }
            // The burst went quiet, or a look again is due.
            state.burstStart = nil
            return true
        }
    }

    /// The check after a wake saw no commit that grocer did not make
    /// itself: check again shortly (`lookAgain`). From any thread.
    func lookAgainSoon() {
        state.withLock { state in
            guard state.burstStart == nil, state.attempt < Self.lookAgain.count else { return }
            arm(Self.lookAgain[state.attempt])
            state.attempt += 1
        }
    }

    /// Closes the descriptors (the loop's wait forgets them as they
    /// close). Safe to call twice.
    func stop() {
        guard !stopped.exchange(true, ordering: .sequentiallyConsistent) else { return }
        close(inotifyFD)
        close(timerFD)
    }

    /// Sets the timer to fire once after `delay`, or disarms it.
    private func arm(_ delay: Duration?) {
        let (seconds, attoseconds) = (delay ?? .zero).components
        var nanoseconds = Int(attoseconds / 1_000_000_000)
        if delay != nil && seconds == 0 && nanoseconds == 0 { nanoseconds = 1 }
        var spec = itimerspec(
            it_interval: timespec(tv_sec: 0, tv_nsec: 0), it_value: timespec(tv_sec: Int(seconds), tv_nsec: nanoseconds))
        _ = timerfd_settime(timerFD, 0, &spec, nil)
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
}
