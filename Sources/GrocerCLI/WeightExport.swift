import Foundation
import GrocerCore
import GrocerExchange
import GrocerStore

/// `grocer weight export`: the store's entries streamed from its cursor
/// into `ExportWriter` (no Weight, Date or formatter per row), to standard
/// output or to a file that appears only when the export is complete.
public enum WeightExport {
    /// Writes every entry in `[from, before)` to `fd`. Returns what could
    /// not be read (the caller reports it after the output is complete).
    public static func write(
        _ store: Store, format: ExportWriter.Format, from: Date?, before: Date?, to fd: Int32, name: String
    ) throws -> ReadReport {
        try write(store, from: from, before: before, to: fd, name: name) { ExportWriter(format: format, sink: $0) }
    }

    /// `grocer weight list`'s lines for every entry in `[from, before)`,
    /// local to the store's time zone (UTC with `utc`), each weight as
    /// typed or in `shown` (`Weight.shown(in:)`), to `fd`.
    public static func writeLines(
        _ store: Store, utc: Bool, shown: DisplayUnit? = nil, from: Date?, before: Date?, to fd: Int32, name: String
    ) throws -> ReadReport {
        try write(store, from: from, before: before, to: fd, name: name) {
            ExportWriter(lines: utc ? nil : LocalOffsets(zone: store.timeZone), shown: shown, sink: $0)
        }
    }

    private static func write(
        _ store: Store, from: Date?, before: Date?, to fd: Int32, name: String, writer make: (@escaping ExportWriter.Sink) -> ExportWriter
    ) throws -> ReadReport {
        var failure: ExportError? = nil
        let sink = ExportWriter.fileDescriptorSink(fd)
        var writer = make { bytes in
            do { try sink(bytes) } catch let error as ExportError {
                failure = error
                throw error
            }
        }
        do {
            let report = try StoreAccess.reading(store.path) {
                try store.weights.export(from: from, before: before) { id, seconds, digits, unit, note, bodyFat in
                    try writer.append(id: id, seconds: seconds, digits: digits, unit: unit, note: note, bodyFat: bodyFat)
                }
            }
            try writer.finish()
            return report
        } catch {
            if case .writeFailed(let code)? = failure ?? (error as? ExportError) {
                // Standard output's failure in the words every command has for it.
                if fd == 1 { throw Failure(StandardOutput.failureLine(code)) }
                throw fileFailure(name, code)
            }
            throw error
        }
    }

    /// Writes to `path` through a temporary file beside it, renamed over
    /// `path` once everything is written and synced: a failed or stopped
    /// export leaves no half file (and any older file stays as it was).
    public static func write(
        _ store: Store, format: ExportWriter.Format, from: Date?, before: Date?, toFile path: String, replacing: Bool = false
    ) throws -> ReadReport {
        let shown = path  // ErrorReport makes it visible
        // Never the store or its journals (a grocer open on it would lose
        // a save), never through a link, never over a file without --force.
        try WriteTarget.check(path, besideStore: store.path, replacing: replacing)
        let temporary = path + ".partial-\(getpid())"
        // Health data: readable by its owner only, as the store and backups.
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if fd < 0 {
            throw Failure("could not create \(shown): \(String(cString: strerror(errno))). Check the folder exists and can be written.")
        }
        var done = false
        defer {
            if !done { unlink(temporary) }
        }
        let report: ReadReport
        do {
            report = try write(store, format: format, from: from, before: before, to: fd, name: shown)
            guard fsync(fd) == 0 else { throw fileFailure(shown, errno) }
        } catch {
            close(fd)
            throw error
        }
        close(fd)
        try WriteTarget.check(path, besideStore: store.path, replacing: replacing)
        if replacing {
            guard rename(temporary, path) == 0 else {
                throw fileFailure(shown, errno)
            }
        } else {
            // link(2) never replaces a file that came meanwhile.
            guard link(temporary, path) == 0 else {
                if errno == EEXIST { throw BackupError.exists(path: path) }
                throw fileFailure(shown, errno)
            }
            unlink(temporary)
        }
        done = true
        return report
    }

    /// A failed export to a file, which leaves no half file (and an older
    /// file there as it was).
    static func fileFailure(_ shown: String, _ code: Int32) -> Failure {
        Failure("could not write \(shown) (\(String(cString: strerror(code)))); nothing there was changed. Check the disk, or write it elsewhere.")
    }
}
