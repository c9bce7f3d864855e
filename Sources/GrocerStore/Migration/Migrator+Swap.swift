import Foundation
import GrocerCore

extension Migrator {
    /// Syncs the new file, keeps the old one as a backup (for a rebuild: a
    /// hard link, since the old file is never written again; an in-place
    /// step made its real copy already), renames the new file over the old
    /// one and syncs the folder. A symlink to the store keeps pointing at
    /// it: the rename happens beside the real file.
    /// An old file read from a snapshot (it had a -wal or -journal) gets
    /// the snapshot, which holds all of its rows, as its backup, and is
    /// settled before the rename (`MigrationSource.settle`).
    func swap(_ files: MigrationFiles, source: MigrationSource, version: Int, summary: inout MigrationSummary, stop: StopCheck) throws {
        let temp = files.temporary
        for companion in ["-journal", "-wal"] where MigrationFiles.isTaken(temp + companion) {
            throw MigrationError.io(path: temp, detail: "a journal is still beside the migrated copy")
        }
        try MigrationFiles.fsync(path: temp)
        // Settled (a fingerprint waits out the clock's tick), then taken
        // without the change time, which the rename moves.
        let checked = StoreFingerprint.settled(path: temp).flatMap { _ in ReadOnlyFile.Snapshot(path: temp) }
        hit(.afterSync)
        if options.backup && summary.backupPath == nil {
            // A copy made by this run (in-place steps), else the snapshot, else
            // a link to the old file.
            summary.backupPath =
                try MigrationFiles.isTaken(files.partialBackup)
                ? files.publish(files.partialBackup, version: version)
                : source.isSnapshot
                    ? files.publish(files.sourceSnapshot, version: version)
                    : files.linkBackup(version: version)
            hit(.afterBackup)
        }
        if source.isSnapshot { try MigrationSource.settle(files.store, stop: stop) }
        try MigrationFiles.rename(temp, to: files.store)
        hit(.afterRename)
        try MigrationFiles.fsync(path: files.directory)
        summary.checkedFingerprint = Self.fingerprint(files.store, checked: checked)?.text
    }

    /// The store's settled fingerprint, when the file there is still the
    /// copy `verifyFile` read: the same device, inode, size and
    /// modification time as the copy had before its rename (the rename
    /// moves only its change time, which the fingerprint holds; no one else
    /// could open the copy before it), and no -wal with frames. A write
    /// since, by any program, moves the modification time: nil then.
    static func fingerprint(_ store: String, checked: ReadOnlyFile.Snapshot?) -> StoreFingerprint? {
        guard let checked, let fingerprint = StoreFingerprint.settled(path: store),
            ReadOnlyFile.Snapshot(path: store)?.sameBytes(as: checked) == true, (ReadOnlyFile.Snapshot(path: store + "-wal")?.size ?? 0) == 0
        else { return nil }
        return fingerprint
    }
}
