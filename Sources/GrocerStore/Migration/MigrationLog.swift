import Foundation

/// Appends one record per migration (its figures, repairs and outcome) to
/// `$XDG_STATE_HOME/grocer/migration.log`; folder 0700, file 0600, never
/// opened through a symlink.
struct MigrationLog {
    let url: URL

    func append(_ lines: [String], at date: Date) {
        let dir = url.deletingLastPathComponent()
        try? FileSystem.prepareDirectory(dir)
        let fd = Glibc.open(url.path, O_WRONLY | O_CREAT | O_APPEND | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return }
        defer { close(fd) }
        let stamp = ISO8601DateFormatter().string(from: date)
        let text =
            lines.enumerated().map { $0.offset == 0 ? "\(stamp) \($0.element)" : "    \($0.element)" }
            .joined(separator: "\n") + "\n"
        _ = text.withCString { write(fd, $0, strlen($0)) }
    }
}
