import Foundation

/// Which bytes a store holds, as far as stat(2) can tell without reading
/// them: the file's device, inode, size and change time (ctime, which
/// every write, copy over it or `touch` moves and no program can set back),
/// and the same of its -wal when the -wal has frames. The launch keeps the
/// fingerprint a `PRAGMA quick_check` passed on, and checks the pages again
/// only when the fingerprint moved (`StoreJudge.judgeAtLaunch`).
public struct StoreFingerprint: Equatable, Sendable {
    /// Digits, colons, dots and a plus; compared whole, never parsed.
    public let text: String
    /// Whether every change time in it is older than the system's coarse
    /// clock, which file times are taken from: a write in the very tick of
    /// the last change could leave the same time (and size) behind, so a
    /// fingerprint is kept only once it is settled.
    public let isSettled: Bool

    public init(text: String) {
        self.text = text
        isSettled = true
    }

    /// nil when the file (a symbolic link followed) is not there.
    public init?(path given: String) {
        guard let path = try? FileSystem.resolveStorePath(given), let file = Self.describe(path) else { return nil }
        var now = timespec()
        clock_gettime(CLOCK_REALTIME_COARSE, &now)
        var text = file.text
        var settled = Self.isBefore(file.changed, now)
        if let wal = Self.describe(path + "-wal", unlessEmpty: true) {
            text += "+" + wal.text
            settled = settled && Self.isBefore(wal.changed, now)
        }
        self.text = text
        isSettled = settled
    }

    public static func == (a: StoreFingerprint, b: StoreFingerprint) -> Bool { a.text == b.text }

    /// The file's fingerprint once settled: right after a write its change
    /// time is in the coarse clock's current tick, so this waits for the
    /// next tick (a few ms at most) and takes it again. nil when the file
    /// is gone or changed meanwhile.
    public static func settled(path: String) -> StoreFingerprint? {
        guard let first = StoreFingerprint(path: path) else { return nil }
        if first.isSettled { return first }
        var tick = timespec()
        clock_getres(CLOCK_REALTIME_COARSE, &tick)
        for _ in 0..<4 {
            var wait = tick
            nanosleep(&wait, nil)
            guard let again = StoreFingerprint(path: path), again == first else { return nil }
            if again.isSettled { return again }
        }
        return nil
    }

    static func describe(_ path: String, unlessEmpty: Bool = false) -> (text: String, changed: timespec)? {
        var info = stat()
        guard stat(path, &info) == 0, !unlessEmpty || info.st_size > 0 else { return nil }
        let text = "\(info.st_dev):\(info.st_ino):\(info.st_size):\(info.st_ctim.tv_sec).\(info.st_ctim.tv_nsec)"
        return (text, info.st_ctim)
    }

    static func isBefore(_ a: timespec, _ b: timespec) -> Bool {
        a.tv_sec < b.tv_sec || (a.tv_sec == b.tv_sec && a.tv_nsec < b.tv_nsec)
    }
}
