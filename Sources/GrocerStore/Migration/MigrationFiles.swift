import Foundation

/// The files a migration of `store` uses beside it, and the careful file
/// steps (space, sync, link, rename).
struct MigrationFiles {
    let store: String
    var temporary: String { store + ".migrating" }
    var directory: String { (store as NSString).deletingLastPathComponent }

    /// What an interrupted run can leave: the temporary file and SQLite's
    /// companions of it. Never the store, its backup or its journal.
    var leftovers: [String] {
        [temporary] + ["-journal", "-wal", "-shm"].map { temporary + $0 }
    }

    /// Removes what an interrupted or failed run left; returns what it removed.
    @discardableResult
    func removeLeftovers() -> [String] {
        leftovers.filter { unlink($0) == 0 }
    }

    /// `grocer.sqlite.v2.bak`, or `grocer.sqlite.v2-2.bak` (and so on) when
    /// that name holds another file; a link to the store itself (left by an
    /// interrupted run) is reused.
    func backupPath(version: Int) -> String {
        var n = 1
        while true {
            let candidate = store + ".v\(version)" + (n == 1 ? "" : "-\(n)") + ".bak"
            if !FileManager.default.fileExists(atPath: candidate) || sameFile(candidate, store) { return candidate }
            n += 1
        }
    }

    func sameFile(_ a: String, _ b: String) -> Bool {
        var sa = stat(), sb = stat()
        return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_ino == sb.st_ino && sa.st_dev == sb.st_dev
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

    /// Keeps the old file under `backup` without copying it: a second name
    /// for the same data, which costs no space. Falls back to a copy where
    /// the file system has no hard links.
    static func link(_ store: String, as backup: String) throws {
        if FileManager.default.fileExists(atPath: backup) { return }  // our own link from an interrupted run
        if Glibc.link(store, backup) == 0 { return }
        let linkError = errno
        guard linkError == EPERM || linkError == EXDEV || linkError == ENOTSUP else {
            throw MigrationError.io(path: backup, detail: "link: " + String(cString: strerror(linkError)))
        }
        do {
            try FileManager.default.copyItem(atPath: store, toPath: backup)
            try fsync(path: backup)
        } catch let error as MigrationError {
            throw error
        } catch {
            unlink(backup)
            throw MigrationError.io(path: backup, detail: (error as NSError).localizedDescription)
        }
    }

    static func rename(_ from: String, to: String) throws {
        guard Glibc.rename(from, to) == 0 else {
            throw MigrationError.io(path: to, detail: "rename: " + String(cString: strerror(errno)))
        }
    }
}
