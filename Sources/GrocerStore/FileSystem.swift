import Foundation

/// File-system steps the store needs, with health-data permissions. Every
/// file grocer makes is made without following a symbolic link, and with
/// O_EXCL where it must be new.
enum FileSystem {
    /// What is at a path, seen with lstat(2): nothing is opened, so a FIFO
    /// cannot block and a device is not touched.
    enum Kind: Equatable {
        case missing, regular, directory, symlink
        case other(String)

        /// "a folder", "a FIFO (named pipe)", ... for messages.
        var description: String {
            switch self {
            case .missing: return "missing"
            case .regular: return "a file"
            case .directory: return "a folder"
            case .symlink: return "a symbolic link"
            case .other(let text): return text
            }
        }
    }

    static func kind(_ path: String) -> Kind {
        var info = stat()
        guard lstat(path, &info) == 0 else { return .missing }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .regular
        case S_IFDIR: return .directory
        case S_IFLNK: return .symlink
        case S_IFCHR: return .other("a character device")
        case S_IFBLK: return .other("a block device")
        case S_IFIFO: return .other("a FIFO (named pipe)")
        case S_IFSOCK: return .other("a socket")
        default: return .other("not a regular file")
        }
    }

    /// The real file behind `path`: a symbolic link is followed to its end
    /// so that grocer works beside the real file (its journal, lock and
    /// backups) and the link stays a link. Anything else is returned as
    /// given, so messages name what the person typed.
    static func resolveStorePath(_ path: String) throws -> String {
        guard kind(path) == .symlink else { return path }
        guard let real = realpath(path, nil) else {
            let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: path)) ?? "?"
            throw StoreError.danglingLink(path: path, target: target)
        }
        defer { free(real) }
        return String(cString: real)
    }

    /// Refuses anything at `path` that is neither a regular file nor
    /// missing, before anything opens it.
    static func requireFileOrMissing(_ path: String) throws {
        switch kind(path) {
        case .missing, .regular: return
        case let other: throw StoreError.notAFile(path: path, kind: other.description)
        }
    }

    /// Creates `dir` (and its parents) if needed; the last folder gets 0700.
    static func prepareDirectory(_ dir: URL) throws {
        let fm = FileManager.default
        var isDir: ObjCBool = false
        if fm.fileExists(atPath: dir.path, isDirectory: &isDir) { return }
        do {
            try fm.createDirectory(
                at: dir, withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
        } catch {
            throw StoreError.cannotCreateDirectory(path: dir.path, detail: (error as NSError).localizedDescription)
        }
    }

    /// The store file readable by its owner only, made if missing (an
    /// existing empty file is kept); never through a link. SQLite gives its
    /// journals the file's mode.
    static func createPrivateFile(_ path: String) throws {
        let fd = Glibc.open(path, O_WRONLY | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw StoreError.io(path: path, detail: String(cString: strerror(errno))) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw StoreError.notAFile(path: path, kind: "not a regular file")
        }
        fchmod(fd, 0o600)
    }

    /// A new, empty file (mode 0600) that did not exist: O_CREAT | O_EXCL |
    /// O_NOFOLLOW, so neither an existing file nor a link planted at `path`
    /// is ever written through. Throws `POSIXError` (`.EEXIST` when the
    /// name is taken by anything, a dangling link included).
    static func createNew(_ path: String) throws {
        let fd = Glibc.open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        fchmod(fd, 0o600)
        close(fd)
    }

    /// Opens (or makes, 0600) a lock file for flock(2), never through a
    /// link and never anything but a regular file. Returns the descriptor
    /// or throws `POSIXError`.
    static func openLockFile(_ path: String) throws -> Int32 {
        while true {
            var fd = Glibc.open(path, O_RDWR | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
            if fd < 0 && errno == ENOENT {
                fd = Glibc.open(path, O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
                if fd < 0 && errno == EEXIST { continue }  // made by another grocer just now
            }
            guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            var info = stat()
            guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
                close(fd)
                throw POSIXError(.EINVAL)  // a FIFO, folder or device planted at the name
            }
            return fd
        }
    }

    /// Whether the file (or, when missing, its folder) and its folder may be
    /// written: false on a read-only mount (EROFS) or without permission.
    static func isWritable(_ path: String) -> Bool {
        let folder = (path as NSString).deletingLastPathComponent
        let fileOK = access(path, W_OK) == 0 || (errno == ENOENT)
        return fileOK && access(folder.isEmpty ? "." : folder, W_OK) == 0
    }

    /// Whether the file system holding `path` has no room left for this
    /// user.
    static func isFull(_ path: String) -> Bool {
        let folder = (path as NSString).deletingLastPathComponent
        var info = statvfs()
        guard statvfs(folder.isEmpty ? "." : folder, &info) == 0 else { return false }
        return info.f_bavail == 0
    }

    /// The bytes of a store's file and its -wal: about what a copy of it
    /// takes.
    static func storeBytes(_ path: String) -> UInt64 {
        ["", "-wal"].reduce(0) { total, suffix in
            var info = stat()
            return total + (stat(path + suffix, &info) == 0 ? UInt64(info.st_size) : 0)
        }
    }

    /// This process's file size limit (`ulimit -f`) in bytes; nil when
    /// there is none. A write past it fails with EFBIG, which SQLite
    /// reports as an I/O error, on a disk with room.
    static func sizeLimit() -> UInt64? {
        var limit = rlimit()
        guard getrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else { return nil }
        return UInt64(limit.rlim_cur)
    }

    /// The room a read of a WAL-mode store needs beside it: SQLite's -shm
    /// (32 KiB) and an empty -wal, with a margin.
    static let roomToRead: UInt64 = 40 * 1024

    /// Whether the file system holding `path` has room for what even a
    /// read of a WAL-mode store makes beside it: `roomToRead` bytes and two
    /// new files (a file system that counts no files has no such limit).
    static func hasRoomToRead(_ path: String) -> Bool {
        let folder = (path as NSString).deletingLastPathComponent
        var info = statvfs()
        guard statvfs(folder.isEmpty ? "." : folder, &info) == 0 else { return true }
        return hasRoomToRead(
            bytes: UInt64(info.f_bavail) * UInt64(info.f_frsize), files: UInt64(info.f_favail), fileLimit: UInt64(info.f_files))
    }

    /// The rule, on what statvfs(2) says: `bytes` and `files` free for
    /// this user, `fileLimit` the files the file system can hold (0: no
    /// such limit, as btrfs says).
    static func hasRoomToRead(bytes: UInt64, files: UInt64, fileLimit: UInt64) -> Bool {
        bytes >= roomToRead && (fileLimit == 0 || files >= 2)
    }

    /// Which file a path names now (device and inode), to notice a store
    /// deleted or replaced while open.
    struct Identity: Equatable, Sendable {
        let device: UInt64
        let inode: UInt64

        init?(path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
        }
    }
}
