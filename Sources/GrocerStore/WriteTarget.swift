import Foundation

/// A file a command writes beside the store (`store backup`, `weight export
/// --output`), judged by its path alone: no connection needed, so not a
/// member of `Store`.
public enum WriteTarget {
    /// Refuses a destination that is a link, not a file, the store itself
    /// or one of its journals (`-journal`, `-wal`, `-shm`, its lock),
    /// compared with links in its folder resolved, or (unless replacing)
    /// any existing name. For every file a command writes beside a store
    /// (`store backup`, `weight export --output`).
    public static func check(_ target: String, besideStore path: String, replacing: Bool) throws {
        let real = (try? FileSystem.resolveStorePath(path)) ?? path
        let folder = (target as NSString).deletingLastPathComponent
        let resolvedFolder = URL(fileURLWithPath: folder.isEmpty ? "." : folder).resolvingSymlinksInPath().path
        let resolved = (resolvedFolder as NSString).appendingPathComponent((target as NSString).lastPathComponent)
        let names = [target, resolved]
        if ["", "-journal", "-wal", "-shm", ".lock"].contains(where: { suffix in
            names.contains(real + suffix) || names.contains(path + suffix)
        }) {
            throw BackupError.isTheStore(path: target)
        }
        switch FileSystem.kind(target) {
        case .missing: return
        case .symlink: throw BackupError.link(path: target)
        case .regular:
            if let mine = FileSystem.Identity(path: real), FileSystem.Identity(path: target) == mine {
                throw BackupError.isTheStore(path: target)
            }
            if !replacing { throw BackupError.exists(path: target) }
        case let other: throw BackupError.notAFile(path: target, kind: other.description)
        }
    }
}
