import Foundation
import GrocerSync

#if canImport(Glibc)
    import Glibc
#endif

/// The person's logins file (`Logins`) on the disk, at a path the
/// executable hands in (`Logins.path`). It says which command grocer runs,
/// so it is read only when the person alone can change it: the file and
/// its folder owned by this user and writable by no group or other
/// (refused with what to do, as ssh refuses a shared `authorized_keys`).
/// Bounded (`Logins.maximumSize`). Written whole: a temporary file (0600)
/// in the same folder, synced, renamed over the old one, the folder made
/// 0700 when grocer makes it.
public enum LoginsFile {
    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        case unreadable(path: String, why: String)
        case unreadableText(path: String, Logins.Problem)
        /// Group or others may write it (or its folder).
        case othersCanWrite(path: String)
        /// Another user owns it (or its folder).
        case otherOwner(path: String)
        case unwritable(path: String, why: String)

        public var description: String {
            switch self {
            case .unreadable(let path, let why): return "your sync logins \(path) could not be read (\(why))"
            case .unreadableText(let path, let problem): return "your sync logins \(path) could not be read: \(problem); fix that line"
            case .othersCanWrite(let path):
                return "\(path) can be changed by other users, so grocer runs no command from it: chmod go-w \(path)"
            case .otherOwner(let path):
                return "\(path) belongs to another user, so grocer runs no command from it: it must be your own (chown it, or move it away)"
            case .unwritable(let path, let why): return "your sync logins \(path) could not be written (\(why)); nothing was changed"
            }
        }
    }

    /// The file's logins; empty when there is no file (nor folder).
    public static func read(_ path: String) throws(Failure) -> Logins {
        let folder = folderOf(path)
        var facts = stat()
        if stat(folder, &facts) != 0 {
            if errno == ENOENT || errno == ENOTDIR { return Logins() }
            throw .unreadable(path: folder, why: String(cString: strerror(errno)))
        }
        try checkPrivate(facts, path: folder)
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
        guard fd >= 0 else {
            if errno == ENOENT { return Logins() }
            throw .unreadable(path: path, why: String(cString: strerror(errno)))
        }
        defer { close(fd) }
        guard fstat(fd, &facts) == 0 else { throw .unreadable(path: path, why: String(cString: strerror(errno))) }
        guard facts.st_mode & S_IFMT == S_IFREG else { throw .unreadable(path: path, why: "not a regular file") }
        try checkPrivate(facts, path: path)
        guard facts.st_size <= Logins.maximumSize else { throw .unreadableText(path: path, .tooLarge(limit: Logins.maximumSize)) }
        // One byte past the limit: a file that grew meanwhile is refused too.
        var bytes = [UInt8](repeating: 0, count: Logins.maximumSize + 1)
        var filled = 0
        while filled < bytes.count {
            let count = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + filled, $0.count - filled) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw .unreadable(path: path, why: String(cString: strerror(errno))) }
            if count == 0 { break }
            filled += count
        }
        do { return try Logins(Array(bytes[0..<filled])) } catch { throw .unreadableText(path: path, error) }
    }

    /// Writes `logins` as the whole file: the folder made (0700, with any
    /// missing parent) if there is none, and refused as `read` refuses it;
    /// the new text in a temporary file (0600) of the same folder, synced,
    /// then renamed over the old one, so a crash leaves the old file or
    /// the new one, never half of one.
    public static func write(_ logins: Logins, to path: String) throws(Failure) {
        let folder = folderOf(path)
        try makeFolder(folder)
        var facts = stat()
        guard stat(folder, &facts) == 0 else { throw .unwritable(path: folder, why: String(cString: strerror(errno))) }
        try checkPrivate(facts, path: folder)
        if stat(path, &facts) == 0 { try checkPrivate(facts, path: path) }
        var template = Array((folder + "/.logins.XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw .unwritable(path: path, why: String(cString: strerror(errno))) }
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var done = false
        defer {
            close(fd)
            if !done { unlink(temporary) }
        }
        guard fchmod(fd, 0o600) == 0 else { throw .unwritable(path: path, why: String(cString: strerror(errno))) }
        let bytes = Array(logins.text.utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress! + written, $0.count - written) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw .unwritable(path: path, why: String(cString: strerror(errno))) }
            written += count
        }
        guard fsync(fd) == 0 else { throw .unwritable(path: path, why: String(cString: strerror(errno))) }
        guard rename(temporary, path) == 0 else { throw .unwritable(path: path, why: String(cString: strerror(errno))) }
        done = true
        let folderFD = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folderFD >= 0 {
            _ = fsync(folderFD)
            close(folderFD)
        }
    }

    /// Owned by this user, and writable by no group or other.
    static func checkPrivate(_ facts: stat, path: String) throws(Failure) {
        guard facts.st_uid == geteuid() else { throw .otherOwner(path: path) }
        guard facts.st_mode & (S_IWGRP | S_IWOTH) == 0 else { throw .othersCanWrite(path: path) }
    }

    /// `folder` and any missing parent, each made 0700.
    private static func makeFolder(_ folder: String) throws(Failure) {
        var facts = stat()
        if stat(folder, &facts) == 0 { return }
        let parent = folderOf(folder)
        if parent != folder, !parent.isEmpty { try makeFolder(parent) }
        guard mkdir(folder, 0o700) == 0 || errno == EEXIST else { throw .unwritable(path: folder, why: String(cString: strerror(errno))) }
    }

    static func folderOf(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
