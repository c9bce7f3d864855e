import Foundation

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

    public var errorDescription: String? {
        switch self {
        case let .notNeeded(path, state):
            return state == .missing
                ? "There is no store at \(path); nothing to migrate."
                : "\(path) is already at format version \(StoreFormat.currentVersion); nothing to migrate."
        case let .refused(error):
            return error.errorDescription
        case let .busy(path):
            return "Another grocer is migrating \(path) right now. Wait for it to finish, then try again; the file was not changed."
        case let .insufficientSpace(path, needed, available):
            return "Not enough free space to migrate \(path): about \(Self.megabytes(needed)) needed, \(Self.megabytes(available)) free. Free some space and try again; the file was not changed."
        case let .diskFull(path):
            return "The disk became full (or a file size limit was reached) while migrating \(path). Free some space and try again; the file was not changed."
        case let .io(path, detail):
            return "Migrating \(path) failed: \(detail). The file was not changed."
        case let .verificationFailed(path, detail):
            return "The migrated copy of \(path) did not verify (\(detail)); it was thrown away and the file was not changed. Please report this."
        case let .cancelled(path):
            return "Migration stopped; \(path) was left as it was."
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

    static func megabytes(_ bytes: Int64) -> String {
        String(format: "%.1f MB", Double(bytes) / 1_000_000)
    }
}
