import Foundation
import GRDB

/// Why `grocer store backup` made no copy: one line each, naming the file
/// and what to do.
public enum BackupError: Error, Equatable, LocalizedError {
    case exists(path: String)
    case link(path: String)
    case notAFile(path: String, kind: String)
    case isTheStore(path: String)
    case noFolder(path: String)
    case failed(path: String, detail: String)

    public var errorDescription: String? {
        switch self {
        case .exists(let path):
            return "\(path) already exists; nothing was written. Choose another name, or add --force to replace it."
        case .link(let path):
            return "\(path) is a symbolic link; grocer never writes through one. Give the real file's path, or another name."
        case .notAFile(let path, let kind):
            return "\(path) is \(kind), not a file; nothing was written. Choose another name."
        case .isTheStore(let path):
            return "\(path) is the store itself (or one of its journals); nothing was written. Choose another name."
        case .noFolder(let path):
            return "the folder of \(path) does not exist; nothing was written. Create it first, or choose another name."
        case .failed(let path, let detail):
            // A detail that is a sentence of its own ends without its period here.
            let said = detail.hasSuffix(".") ? String(detail.dropLast()) : detail
            return "could not write the copy \(path): \(said). The store is unchanged; nothing was left at that name."
        }
    }
}

extension BackupError {
    /// Why the copy could not be made. The store is only read: a full disk
    /// (or a file size limit) is the copy's disk, named as such, never the
    /// store's.
    static func copyFailed(
        _ error: any Error, target: String, temporary: String, store: String, sizeLimit: UInt64? = FileSystem.sizeLimit()
    ) -> BackupError {
        if let error = error as? BackupError { return error }
        let full: Bool
        switch error {
        case let error as DatabaseError:
            // A file size limit (EFBIG) smaller than the copy fails the
            // copy's write with an I/O error and leaves the disk with room
            // (SQLite then truncates the copy again); the store is only read.
            let overLimit = sizeLimit.map { $0 <= FileSystem.storeBytes(store) + 64 * 1024 } ?? false
            full = error.resultCode == .SQLITE_FULL || (error.resultCode == .SQLITE_IOERR && (FileSystem.isFull(temporary) || overLimit))
        case StoreError.diskFull: full = true
        default: full = false
        }
        if full {
            return .failed(
                path: target,
                detail: "the disk it is on is full (or a file size limit was reached); free some space there, or choose another disk")
        }
        let mapped = StoreError.from(error, path: store)
        return .failed(path: target, detail: mapped.errorDescription ?? "\(mapped)")
    }
}

extension Store {
    /// Copies the store to a new file at `destination` with SQLite's online
    /// backup: one read transaction, so the copy is the store as of one
    /// instant even while other grocers save (WAL mode lets them go on).
    ///
    /// The copy is written to a new private file (mode 0600, O_EXCL |
    /// O_NOFOLLOW) beside the destination, checked (`integrity_check`, and
    /// the schema as opening it would check it), and only then given its
    /// name: with `link(2)` when it must be new, so an existing file is
    /// never replaced, or `rename(2)` with `replacing`. A symbolic link at
    /// the destination is refused either way.
    public func backup(to destination: URL, replacing: Bool = false, stop: StopFlag = .process) throws {
        let target = destination.standardizedFileURL.path
        let folder = (target as NSString).deletingLastPathComponent
        // A folder reached through a symbolic link is a folder.
        let realFolder = URL(fileURLWithPath: folder.isEmpty ? "." : folder).resolvingSymlinksInPath().path
        guard FileSystem.kind(realFolder) == .directory else { throw BackupError.noFolder(path: target) }
        try WriteTarget.check(target, besideStore: path, replacing: replacing)

        let temporary = folder + "/." + (target as NSString).lastPathComponent + ".grocer-backup-\(getpid())"
        do {
            try FileSystem.createNew(temporary)
        } catch {
            throw BackupError.failed(path: target, detail: "the temporary file \(temporary) cannot be made (\(error.localizedDescription))")
        }
        var named = false
        defer {
            if !named {
                for suffix in ["", "-journal", "-wal", "-shm"] { unlink(temporary + suffix) }
            }
        }
        do {
            let config = Connection.configuration(label: "grocer.backup", readonly: false, stop: stop)
            let copy = try DatabaseQueue(path: temporary, configuration: config)
            do {
                try writer.base.backup(to: copy)
                try copy.writeWithoutTransaction { db in
                    let check = try String.fetchAll(db, sql: "PRAGMA integrity_check")
                    guard check == ["ok"] else {
                        throw BackupError.failed(
                            path: target, detail: "the copy failed its integrity check (\(check.prefix(2).joined(separator: "; ")))")
                    }
                    try Self.verify(db, path: target)
                    // Every row in the file itself: a copy that travels
                    // alone loses nothing.
                    try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)")
                }
            } catch {
                try? copy.close()
                throw error
            }
            try copy.close()
        } catch {
            throw BackupError.copyFailed(error, target: target, temporary: temporary, store: path)
        }
        try WriteTarget.check(target, besideStore: path, replacing: replacing)
        if replacing {
            guard rename(temporary, target) == 0 else { throw BackupError.failed(path: target, detail: String(cString: strerror(errno))) }
        } else {
            guard link(temporary, target) == 0 else {
                if errno == EEXIST { throw BackupError.exists(path: target) }
                throw BackupError.failed(path: target, detail: String(cString: strerror(errno)))
            }
            unlink(temporary)
        }
        named = true
        Self.syncFolder(folder)
    }

    /// The new name survives a power cut once the command says it is done.
    private static func syncFolder(_ folder: String) {
        let fd = Glibc.open(folder.isEmpty ? "." : folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        Glibc.close(fd)
    }
}
