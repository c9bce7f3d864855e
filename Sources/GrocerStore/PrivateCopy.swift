import Foundation

/// A copy of a store and the companions beside it (-wal, -journal) in a
/// new folder of its own (0700) under the temporary directory, for reading
/// a file SQLite would otherwise write beside: SQLite may open the copy for
/// writing, replay its WAL or roll back its journal, and nothing of the
/// original is touched. `remove()` deletes the folder.
struct PrivateCopy {
    let directory: URL
    /// The copied store.
    let path: String

    /// Throws when there is no room (or the file cannot be read); nothing
    /// is left behind then.
    init(of store: String) throws {
        let fm = FileManager.default
        directory = fm.temporaryDirectory.appendingPathComponent("grocer-copy-\(UUID().uuidString)")
        path = directory.appendingPathComponent("store").path
        do {
            try fm.createDirectory(at: directory, withIntermediateDirectories: false, attributes: [.posixPermissions: 0o700])
            try MigrationFiles.copy(store, to: path)
            for companion in ["-wal", "-journal"] where MigrationFiles.isTaken(store + companion) {
                try MigrationFiles.copy(store + companion, to: path + companion)
            }
        } catch {
            remove()
            throw error
        }
    }

    func remove() {
        try? FileManager.default.removeItem(at: directory)
    }
}
