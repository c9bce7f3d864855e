import Foundation
import GRDB

/// Why a migration did not happen or stopped, worded in one place. In every
/// case the old store is as it was.
public enum MigrationError: Error, LocalizedError, Equatable, Sendable {
    /// The file needs no migration (missing or already current).
    case notNeeded(path: String, state: StoreState)
    /// Newer, foreign or corrupt: refused as when opening.
    case refused(StoreError)
    /// Another grocer holds the migration lock and waiting was not allowed.
    case busy(path: String)
    case insufficientSpace(path: String, needed: Int64, available: Int64)
    case diskFull(path: String)
    case io(path: String, detail: String)
    /// The counts after the copy do not add up: a bug, never swapped in.
    case verificationFailed(path: String, detail: String)
    case cancelled(path: String)
    /// The old file's tables are not what its version had (views,
    /// triggers, missing columns): refused, as a file from elsewhere.
    case unexpectedSchema(path: String, version: Int, detail: String)

    public var errorDescription: String? {
        switch self {
        case .notNeeded(let path, let state):
            return state == .missing
                ? "There is no store at \(path); nothing to migrate."
                : "\(path) is already at format version \(StoreFormat.currentVersion); nothing to migrate."
        case .refused(let error):
            return error.errorDescription
        case .busy(let path):
            return "Another grocer is migrating \(path) right now. Wait for it to finish, then try again; the file was not changed."
        case .insufficientSpace(let path, let needed, let available):
            return
                "Not enough free space to migrate \(path): about \(Self.megabytes(needed)) needed, \(Self.megabytes(available)) free. Free some space and try again; the file was not changed."
        case .diskFull(let path):
            return
                "The disk became full (or a file size limit was reached) while migrating \(path). Free some space and try again; the file was not changed."
        case .io(let path, let detail):
            return "Migrating \(path) failed: \(detail). The file was not changed."
        case .verificationFailed(let path, let detail):
            return "The migrated copy of \(path) did not verify (\(detail)); it was thrown away and the file was not changed. Please report this."
        case .cancelled(let path):
            return "Migration stopped; \(path) was left as it was."
        case .unexpectedSchema(let path, let version, let detail):
            return
                "\(path) says it is a grocer store of format version \(version), but its tables are not what that version wrote (\(detail)). grocer will not read it; restore it from a backup, or move it aside to start a new store. The file was not changed."
        }
    }

    /// 0 when there was nothing to do, 130 when stopped, 2 for refusals and failures.
    public var exitCode: Int32 {
        switch self {
        case .notNeeded: return 0
        case .cancelled: return 130
        default: return 2
        }
    }

    /// What an SQLite failure while building the new file means for the
    /// person: a full disk or size limit (EFBIG comes back as an I/O
    /// error), a stop, or an I/O failure.
    static func classify(_ error: DatabaseError, path: String, temp: String) -> MigrationError {
        switch error.resultCode {
        case .SQLITE_FULL:
            return .diskFull(path: path)
        case .SQLITE_IOERR:
            return .io(
                path: path, detail: "writing the migrated copy \(temp) failed (disk I/O error: is the disk full, or a file size limit reached?)")
        case .SQLITE_INTERRUPT:
            return .cancelled(path: path)
        default:
            return .io(path: path, detail: StoreJudge.describe(error))
        }
    }

    static func megabytes(_ bytes: Int64) -> String {
        String(format: "%.1f MB", Double(bytes) / 1_000_000)
    }
}
