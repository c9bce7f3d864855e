import Foundation

/// File-system steps the store needs, with health-data permissions.
enum FileSystem {
    /// Creates `dir` (and its parents) if needed; the last folder gets 0700.
    static func prepareDirectory(_ dir: URL) throws {
        let fm = FileManager.default
        var isDir: ObjCBool = false
        if fm.fileExists(atPath: dir.path, isDirectory: &isDir) { return }
        do {
            try fm.createDirectory(at: dir, withIntermediateDirectories: true,
                                   attributes: [.posixPermissions: 0o700])
        } catch {
            throw StoreError.cannotCreateDirectory(path: dir.path, detail: (error as NSError).localizedDescription)
        }
    }

    /// An empty file readable by its owner only; SQLite keeps the mode for
    /// the file and gives its journals the same.
    static func createPrivateFile(_ path: String) throws {
        let fd = Glibc.open(path, O_WRONLY | O_CREAT, 0o600)
        guard fd >= 0 else {
            throw StoreError.io(path: path, detail: String(cString: strerror(errno)))
        }
        fchmod(fd, 0o600)
        close(fd)
    }
}
