import Foundation
import GrocerCore

extension Migrator {
    /// Syncs the new file, keeps the old one as a backup (for a rebuild: a
    /// hard link, since the old file is never written again; an in-place
    /// step made its real copy already), renames the new file over the old
    /// one and syncs the folder. A symlink to the store keeps pointing at
    /// it: the rename happens beside the real file.
    func swap(_ files: MigrationFiles, version: Int, summary: inout MigrationSummary) throws {
        let temp = files.temporary
        for companion in ["-journal", "-wal"] where MigrationFiles.isTaken(temp + companion) {
            throw MigrationError.io(path: temp, detail: "a journal is still beside the migrated copy")
        }
        try MigrationFiles.fsync(path: temp)
        hit(.afterSync)
        if options.backup && summary.backupPath == nil {
            summary.backupPath = try files.linkBackup(version: version)
            hit(.afterBackup)
        }
        try MigrationFiles.rename(temp, to: files.store)
        hit(.afterRename)
        try MigrationFiles.fsync(path: files.directory)
    }
}
