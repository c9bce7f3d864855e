import Foundation
import GRDB

/// Reads a file without writing to it and without leaving anything beside
/// it, for the judge and `store status`.
///
/// A read-only SQLite connection to a WAL-mode file makes a -wal and a
/// -shm beside it and cannot remove them (only a connection that may
/// checkpoint does). So when a WAL-mode file has no -wal beside it (every
/// committed row is in the file itself), it is read as `immutable`, which
/// creates nothing; the file's identity, size and times are compared
/// before and after, and a change (another grocer wrote meanwhile) means
/// reading again the ordinary way, where the -wal now belongs to that
/// grocer. Any other file gets an ordinary read-only connection: with no
/// journal beside it, SQLite creates nothing.
///
/// On a disk with no room for a -shm (`FileSystem.hasRoomToRead`), a -wal
/// with no frames (and a -shm, both left by a grocer that could not finish
/// opening) does not stop an immutable read either: every row is in the
/// file, and the ordinary read would need the -shm to grow.
enum ReadOnlyFile {
    static func read<T>(path: String, stop: StopFlag, _ body: (Database) throws -> T) throws -> T {
        let fm = FileManager.default
        let untouched = !fm.fileExists(atPath: path + "-wal") && !fm.fileExists(atPath: path + "-shm")
        if Header(path: path)?.isWAL == true, untouched || (!StoreJudge.hasContent(path + "-wal") && !FileSystem.hasRoomToRead(path)) {
            let before = Snapshot(path: path)
            let walBefore = Snapshot(path: path + "-wal")
            // Nothing written meanwhile: the file as it was, and its -wal
            // (if any) neither made nor changed.
            func unchanged() -> Bool { Snapshot(path: path) == before && Snapshot(path: path + "-wal") == walBefore }
            let config = Connection.configuration(label: "grocer.immutable", readonly: true, stop: stop)
            do {
                let queue = try DatabaseQueue(path: immutableURI(path), configuration: config)
                defer { try? queue.close() }
                let value = try queue.read(body)
                if before != nil, unchanged() { return value }
            } catch {
                // Pages changed under an immutable read look like damage:
                // only believe it when nothing changed.
                if unchanged() { throw error }
            }
        }
        if fm.fileExists(atPath: path + "-wal"), !fm.fileExists(atPath: path + "-shm"), let value = try readSnapshot(path: path, stop: stop, body) {
            return value
        }
        let queue = try DatabaseQueue(path: path, configuration: Connection.configuration(label: "grocer.readonly", readonly: true, stop: stop))
        defer { try? queue.close() }
        return try queue.read(body)
    }

    /// A -wal with no -shm beside it (a file copied without its -shm; no
    /// grocer has it open, or the -shm would be there): any connection would
    /// make a -shm. So the file and its -wal are copied into a private
    /// folder and read there (SQLite replays the -wal into the copy); nil
    /// when there is no room for the copy (then the file is read in place).
    static func readSnapshot<T>(path: String, stop: StopFlag, _ body: (Database) throws -> T) throws -> T? {
        guard let copy = try? PrivateCopy(of: path) else { return nil }
        defer { copy.remove() }
        let config = Connection.configuration(label: "grocer.snapshot", readonly: false, stop: stop)
        let queue = try DatabaseQueue(path: copy.path, configuration: config)
        defer { try? queue.close() }
        return try queue.read(body)
    }

    /// `file:PATH?immutable=1`, with the characters a URI gives meaning to
    /// escaped (SQLite is built with URI file names enabled).
    static func immutableURI(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#%")
        let escaped = path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
        return "file:\(escaped)?immutable=1"
    }

    /// What changes when a file is written or replaced.
    struct Snapshot: Equatable {
        let device: UInt64, inode: UInt64, size: Int64
        let modified: Int, modifiedNanos: Int, changed: Int, changedNanos: Int

        init?(path: String) {
            var info = stat()
            guard stat(path, &info) == 0 else { return nil }
            device = UInt64(info.st_dev)
            inode = UInt64(info.st_ino)
            size = Int64(info.st_size)
            modified = info.st_mtim.tv_sec
            modifiedNanos = info.st_mtim.tv_nsec
            changed = info.st_ctim.tv_sec
            changedNanos = info.st_ctim.tv_nsec
        }

        /// The same bytes as far as stat(2) tells, whatever the change time
        /// (which a rename moves): device, inode, size, modification time.
        func sameBytes(as other: Snapshot) -> Bool {
            (device, inode, size, modified, modifiedNanos) == (other.device, other.inode, other.size, other.modified, other.modifiedNanos)
        }
    }
}
