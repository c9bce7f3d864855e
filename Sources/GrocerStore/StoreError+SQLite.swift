import Foundation
import GRDB

extension StoreError {
    /// Maps an error from SQLite to what a person can act on. Busy is never
    /// damage; SQL text never reaches the message.
    static func from(_ error: any Error, path: String) -> StoreError {
        if let error = error as? StoreError { return error }
        guard let error = error as? DatabaseError else {
            return .io(path: path, detail: String(describing: type(of: error)))
        }
        switch error.resultCode {
        case .SQLITE_BUSY, .SQLITE_LOCKED:
            return .busy(path: path)
        case .SQLITE_READONLY:
            // SQLITE_READONLY_DBMOVED: the file was unlinked or renamed.
            if error.extendedResultCode.rawValue == 1032 { return .moved(path: path) }
            return .readOnly(path: path)
        case .SQLITE_PERM, .SQLITE_AUTH:
            return .readOnly(path: path)
        case .SQLITE_FULL:
            return .diskFull(path: path)
        case .SQLITE_INTERRUPT:
            return .interrupted(path: path)
        case .SQLITE_CORRUPT, .SQLITE_NOTADB:
            return .corrupt(path: path, detail: describe(error))
        case .SQLITE_CANTOPEN:
            // WAL mode needs its -shm beside the file: on a read-only disk
            // or folder the file opens but the -shm cannot be made.
            if !FileSystem.isWritable(path) { return .readOnly(path: path) }
            if FileSystem.isFull(path) { return .diskFull(path: path) }
            return .io(path: path, detail: "it cannot be opened (\(describe(error)))")
        case .SQLITE_IOERR:
            // Running out of room often shows as an I/O error (growing the
            // -shm or the -wal), as does a file size limit (EFBIG).
            if FileSystem.isFull(path) { return .diskFull(path: path) }
            if !FileSystem.isWritable(path) { return .readOnly(path: path) }
            return .io(path: path, detail: "the disk reported an error (is it full, removed, or read-only?)")
        default:
            return .io(path: path, detail: describe(error))
        }
    }

    /// SQLite's own short message (never the SQL that failed).
    static func describe(_ error: any Error) -> String {
        if let e = error as? DatabaseError { return e.message ?? "SQLite error \(e.resultCode.rawValue)" }
        return String(describing: error)
    }
}
