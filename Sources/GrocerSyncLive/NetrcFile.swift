import Foundation
import GrocerSync

#if canImport(Glibc)
    import Glibc
#endif

/// `~/.netrc` read from the disk, bounded (`Netrc.maximumSize`: a larger
/// file is refused, not read), for `Credentials.resolve`. The path is
/// handed in (the executable knows HOME and NETRC; libraries read no
/// environment). As ftp and Python's netrc do, a file that others can
/// read or write, or that another user owns, is refused when it holds a
/// password: someone else may have read it, or put a login there.
public enum NetrcFile {
    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        case unreadable(path: String, why: String)
        case unreadableText(path: String, Netrc.Problem)
        /// Group or others may read or write it, or another user owns it.
        case notPrivate(path: String)

        public var description: String {
            switch self {
            case .unreadable(let path, let why): return "\(path) could not be read (\(why))"
            case .unreadableText(let path, let problem): return "\(path) could not be read: \(problem)"
            case .notPrivate(let path): return "\(path) holds passwords others can read or change: chmod 600 \(path)"
            }
        }
    }

    /// nil when there is no file at `path`.
    public static func read(_ path: String) throws(Failure) -> Netrc? {
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK)
        guard fd >= 0 else {
            if errno == ENOENT { return nil }
            throw .unreadable(path: path, why: String(cString: strerror(errno)))
        }
        defer { close(fd) }
        var facts = stat()
        guard fstat(fd, &facts) == 0 else { throw .unreadable(path: path, why: String(cString: strerror(errno))) }
        guard facts.st_mode & S_IFMT == S_IFREG else { throw .unreadable(path: path, why: "not a regular file") }
        guard facts.st_size <= Netrc.maximumSize else { throw .unreadableText(path: path, .tooLarge(limit: Netrc.maximumSize)) }
        // One byte past the limit: a file that grew meanwhile is refused too.
        var bytes = [UInt8](repeating: 0, count: Netrc.maximumSize + 1)
        defer { bytes.withUnsafeMutableBufferPointer { $0.update(repeating: 0) } }
        var filled = 0
        while filled < bytes.count {
            let count = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + filled, $0.count - filled) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else { throw .unreadable(path: path, why: String(cString: strerror(errno))) }
            if count == 0 { break }
            filled += count
        }
        let netrc: Netrc
        do {
            netrc = try Netrc(Array(bytes[0..<filled]))
        } catch {
            throw .unreadableText(path: path, error)
        }
        let shared = facts.st_mode & (S_IRWXG | S_IRWXO) != 0 || facts.st_uid != getuid()
        if shared, netrc.entries.contains(where: { $0.password != nil }) { throw .notPrivate(path: path) }
        return netrc
    }
}
