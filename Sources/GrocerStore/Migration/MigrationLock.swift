import Foundation

/// An exclusive lock beside the store (`grocer.sqlite.lock`, flock(2)), so
/// two grocers never migrate the same file. The kernel drops it when the
/// process dies, so a kill never leaves a stale lock. The lock file is
/// never opened through a symbolic link (O_NOFOLLOW) and is made with
/// O_EXCL. Creating a missing store takes it too, so that several grocers
/// starting at once create the store once.
final class MigrationLock {
    let path: String
    private var fd: Int32

    private init(path: String, fd: Int32) {
        self.path = path
        self.fd = fd
    }

    /// Takes the lock; if another process holds it, calls `onWait` once and
    /// waits (or throws `busy` when `wait` is false).
    static func acquire(storePath: String, wait: Bool, onWait: () -> Void) throws -> MigrationLock {
        let path = storePath + ".lock"
        var told = false
        while true {
            let fd: Int32
            do {
                fd = try FileSystem.openLockFile(path)
            } catch let error as POSIXError {
                let detail = error.code == .EINVAL ? "it is not a regular file" : String(cString: strerror(error.code.rawValue))
                throw MigrationError.io(path: path, detail: detail)
            }
            if flock(fd, LOCK_EX | LOCK_NB) != 0 {
                guard errno == EWOULDBLOCK else {
                    let detail = String(cString: strerror(errno))
                    close(fd)
                    throw MigrationError.io(path: path, detail: detail)
                }
                guard wait else {
                    close(fd)
                    throw MigrationError.busy(path: storePath)
                }
                if !told {
                    onWait()
                    told = true
                }
                while flock(fd, LOCK_EX) != 0 && errno == EINTR {}
            }
            // The holder may have removed the file as it finished: only a
            // lock on the file still at `path` counts.
            var held = stat()
            var named = stat()
            if fstat(fd, &held) == 0, stat(path, &named) == 0, held.st_ino == named.st_ino, held.st_dev == named.st_dev {
                return MigrationLock(path: path, fd: fd)
            }
            close(fd)
        }
    }

    /// Removes the lock file, then releases the lock.
    func release() {
        guard fd >= 0 else { return }
        unlink(path)
        close(fd)
        fd = -1
    }

    deinit { release() }
}
