import Foundation

/// The files a migration of `store` (the real file, never a symlink to it)
/// uses beside it, and the careful file steps: every file grocer makes is
/// created new (O_EXCL) without following a symlink (O_NOFOLLOW), and a
/// name already taken by anything is never reused as a backup.
struct MigrationFiles {
    let store: String
    var temporary: String { store + ".migrating" }
    /// A private copy of an old file that has a -wal or -journal beside it.
    var sourceSnapshot: String { store + ".migrating-source" }
    /// A real backup copy, before it gets its final name.
    var partialBackup: String { store + ".migrating-backup" }
    var directory: String { (store as NSString).deletingLastPathComponent }

    /// What an interrupted run can leave: the temporary files and SQLite's
    /// companions of them. Never the store, its backup or its journal.
    var leftovers: [String] {
        [temporary, sourceSnapshot, partialBackup].flatMap { file in [file] + ["-journal", "-wal", "-shm"].map { file + $0 } }
    }

    /// Removes what an interrupted or failed run left; returns what it removed.
    @discardableResult
    func removeLeftovers() -> [String] {
        leftovers.filter { unlink($0) == 0 }
    }

    /// The real file `path` names: a symlink (or a chain of them) is
    /// followed, so a migration works beside the real file and keeps the
    /// link. A dangling link is returned as it is.
    static func resolve(_ path: String) -> String {
        var s = stat()
        guard lstat(path, &s) == 0, (s.st_mode & S_IFMT) == S_IFLNK, let real = realpath(path, nil) else { return path }
        defer { free(real) }
        return String(cString: real)
    }

    /// `grocer.sqlite.v2.bak`, then `grocer.sqlite.v2-2.bak` and so on.
    func backupName(version: Int, _ n: Int) -> String {
        store + ".v\(version)" + (n == 1 ? "" : "-\(n)") + ".bak"
    }

    /// The regular files named as backups of `version` (`backupName`),
    /// with their sizes, by number: a migration killed after its backup
    /// was made leaves one, and the next run makes another.
    func backups(version: Int) -> [(path: String, bytes: Int64)] {
        let base = (store as NSString).lastPathComponent + ".v\(version)"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.isEmpty ? "." : directory) else { return [] }
        return names.compactMap { name -> (Int, String, Int64)? in
            guard name.hasPrefix(base), name.hasSuffix(".bak") else { return nil }
            let middle = name.dropFirst(base.count).dropLast(4)
            let n: Int
            if middle.isEmpty {
                n = 1
            } else if middle.first == "-", let number = Int(middle.dropFirst()), number > 1 {
                n = number
            } else {
                return nil
            }
            let path = (directory as NSString).appendingPathComponent(name)
            var info = stat()
            guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
            return (n, path, Int64(info.st_size))
        }
        .sorted { $0.0 < $1.0 }
        .map { ($0.1, $0.2) }
    }

    /// Whether anything at all (a dangling symlink included) has the name.
    static func isTaken(_ path: String) -> Bool {
        var s = stat()
        return lstat(path, &s) == 0
    }

    /// Whether `path` is a regular file (not a symlink) that is the store
    /// itself: the hard link an interrupted run made.
    func isHardLinkToStore(_ path: String) -> Bool {
        var a = stat()
        var b = stat()
        return lstat(path, &a) == 0 && (a.st_mode & S_IFMT) == S_IFREG && lstat(store, &b) == 0
            && a.st_ino == b.st_ino && a.st_dev == b.st_dev
    }

    /// Keeps the old file under the first free backup name without copying
    /// it: a hard link, a second name for data no one changes again (the
    /// new file is renamed over the store's name). Reuses the link an
    /// interrupted run made; a copy where links are not supported.
    func linkBackup(version: Int) throws -> String {
        var n = 1
        while true {
            let name = backupName(version: version, n)
            n += 1
            if isHardLinkToStore(name) { return name }
            if Self.isTaken(name) { continue }
            if Glibc.link(store, name) == 0 { return name }
            let linkError = errno
            if linkError == EEXIST { continue }
            guard linkError == EPERM || linkError == EXDEV || linkError == ENOTSUP else {
                throw MigrationError.io(path: name, detail: "link: " + String(cString: strerror(linkError)))
            }
            try Self.copy(store, to: partialBackup)
            return try publish(partialBackup, version: version)
        }
    }

    /// Gives the finished copy `file` the first free backup name (a link
    /// never replaces anything), synced; returns the name.
    func publish(_ file: String, version: Int) throws -> String {
        try Self.fsync(path: file)
        var n = 1
        while true {
            let name = backupName(version: version, n)
            n += 1
            if Self.isTaken(name) { continue }
            if Glibc.link(file, name) == 0 {
                unlink(file)
                try Self.fsync(path: directory)
                return name
            }
            guard errno == EEXIST else {
                throw MigrationError.io(path: name, detail: "link: " + String(cString: strerror(errno)))
            }
        }
    }

    /// Creates an empty file that must be new, readable by its owner only,
    /// never through a symlink (a racing link at the name is an error, not
    /// a way to write elsewhere).
    static func createExclusive(_ path: String) throws {
        let fd = Glibc.open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw MigrationError.io(path: path, detail: "create: " + String(cString: strerror(errno))) }
        fchmod(fd, 0o600)
        close(fd)
    }

    /// Copies `source` (opened without following a symlink at the name)
    /// into the new file `target`, synced. A full disk or a file size limit
    /// is `diskFull`; the partial copy is removed.
    static func copy(_ source: String, to target: String) throws {
        let input = Glibc.open(source, O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        guard input >= 0 else { throw MigrationError.io(path: source, detail: String(cString: strerror(errno))) }
        defer { close(input) }
        try createExclusive(target)
        let output = Glibc.open(target, O_WRONLY | O_NOFOLLOW | O_CLOEXEC)
        guard output >= 0 else { throw MigrationError.io(path: target, detail: String(cString: strerror(errno))) }
        defer { close(output) }
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if n == 0 { break }
            if n < 0 {
                if errno == EINTR { continue }
                let detail = String(cString: strerror(errno))
                unlink(target)
                throw MigrationError.io(path: source, detail: "read: " + detail)
            }
            var written = 0
            while written < n {
                let w = buffer.withUnsafeBytes { write(output, $0.baseAddress! + written, n - written) }
                if w < 0 {
                    if errno == EINTR { continue }
                    let code = errno
                    unlink(target)
                    if code == ENOSPC || code == EFBIG || code == EDQUOT { throw MigrationError.diskFull(path: source) }
                    throw MigrationError.io(path: target, detail: "write: " + String(cString: strerror(code)))
                }
                written += w
            }
        }
        guard Glibc.fsync(output) == 0 else {
            let detail = String(cString: strerror(errno))
            unlink(target)
            throw MigrationError.io(path: target, detail: "fsync: " + detail)
        }
    }

    static func size(_ path: String) -> Int64 {
        var s = stat()
        return stat(path, &s) == 0 ? Int64(s.st_size) : 0
    }

    static func availableSpace(in directory: String) -> Int64? {
        var s = statvfs()
        guard statvfs(directory, &s) == 0 else { return nil }
        return Int64(s.f_bavail) * Int64(s.f_frsize)
    }

    static func fsync(path: String) throws {
        let fd = Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw MigrationError.io(path: path, detail: String(cString: strerror(errno))) }
        defer { close(fd) }
        guard Glibc.fsync(fd) == 0 else {
            throw MigrationError.io(path: path, detail: "fsync: " + String(cString: strerror(errno)))
        }
    }

    static func rename(_ from: String, to: String) throws {
        guard Glibc.rename(from, to) == 0 else {
            throw MigrationError.io(path: to, detail: "rename: " + String(cString: strerror(errno)))
        }
    }
}
