import ArgumentParser
import Foundation
import GrocerCLI
import GrocerCore
import GrocerExchange
import GrocerStore

#if canImport(Glibc)
    import Glibc
#endif

extension ExportWriter.Format: ExpressibleByArgument {}

/// `grocer weight export [--format csv|json] [--since DATE] [--until DATE] [--output FILE]`.
struct WeightExportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write every weight as grocer's CSV or JSON, oldest first.",
        discussion: """
            CSV (RFC 4180): a header recorded_at,value,unit,note, then one row per entry: the time in ISO 8601 UTC, \
            the value exactly as typed (72.50 stays 72.50), the unit and the note (empty for none). JSON: what 'weight list --json' prints. \
            'grocer weight import' reads both back. With no store at the path yet, writes an empty export.
            """)

    @Option(help: "csv or json (default: csv).")
    var format: ExportWriter.Format = .csv

    @Option(help: ArgumentHelp("Only entries from this local day on (YYYY-MM-DD).", valueName: "date"))
    var since: String?

    @Option(help: ArgumentHelp("Only entries up to and including this local day (YYYY-MM-DD).", valueName: "date"))
    var until: String?

    @Option(
        help: ArgumentHelp("Write to this file instead of standard output; it appears only once complete.", valueName: "file"),
        completion: .file())
    var output: String?

    @Flag(help: "With --output: replace a file already there.")
    var force = false

    @OptionGroup var store: StoreOptions

    func run() throws {
        let (from, before) = try DayBounds.range(since: since, until: until, in: store.zone)
        StopFlag.stopOnInterrupt()
        guard let db = try store.openIfThere() else {
            try writeEmpty()
            return
        }
        defer { try? db.close() }
        let report: ReadReport
        if let output {
            report = try WeightExport.write(db, format: format, from: from, before: before, toFile: output, replacing: force)
        } else {
            report = try WeightExport.write(db, format: format, from: from, before: before, to: 1, name: "standard output")
        }
        try report.requireComplete(path: db.path)
    }

    /// The header alone (CSV) or [] (JSON).
    func writeEmpty() throws {
        var bytes: [UInt8] = []
        var writer = ExportWriter(format: format) { bytes.append(contentsOf: $0) }
        try writer.finish()
        if let output {
            // As with a store: owner-only, never through a link, never over
            // a file without --force.
            let flags = O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC | (force ? O_TRUNC : O_EXCL)
            let fd = open(output, flags, 0o600)
            guard fd >= 0 else {
                if errno == EEXIST { throw BackupError.exists(path: output) }
                throw Failure("could not create \(output): \(String(cString: strerror(errno))). Check the folder exists and can be written.")
            }
            defer { close(fd) }
            guard bytes.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) == bytes.count else {
                throw Failure("could not write \(output): \(String(cString: strerror(errno))).")
            }
        } else {
            StandardOutput.write(Data(bytes))
        }
    }
}
