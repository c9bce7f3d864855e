import Foundation

/// Everything the store layer can refuse, worded in one place: what
/// happened, to which file, and what to do next.
public enum StoreError: Error, LocalizedError, Equatable, Sendable {
    case newer(path: String, version: Int)
    case foreign(path: String)
    case corrupt(path: String, detail: String)
    case migrationNotPossible(path: String, version: Int)
    case cannotCreateDirectory(path: String, detail: String)
    case io(path: String, detail: String)

    public var errorDescription: String? {
        switch self {
        case let .newer(path, version):
            return "\(path) was written by a newer grocer (format version \(version); this grocer knows up to \(StoreFormat.currentVersion)). Upgrade grocer to open it; the file was not changed."
        case let .foreign(path):
            return "\(path) is an SQLite file that grocer did not write. Point --store (or GROCER_STORE) at a grocer store or a new path; the file was not changed."
        case let .corrupt(path, detail):
            return "\(path) is damaged or not an SQLite file (\(detail)). Restore it from a backup, or move it aside to start a new store; the file was not changed."
        case let .migrationNotPossible(path, version):
            return "\(path) was written by an older grocer (format version \(version)). Migrate it with 'grocer store migrate --store \(path)'; the file was not changed."
        case let .cannotCreateDirectory(path, detail):
            return "Cannot create the folder \(path) for the store (\(detail)). Check its permissions, or choose another place with --store PATH."
        case let .io(path, detail):
            return "Cannot use the store \(path): \(detail)."
        }
    }

    /// Exit status for the command line: 2 for every refusal.
    public var exitCode: Int32 { 2 }
}
