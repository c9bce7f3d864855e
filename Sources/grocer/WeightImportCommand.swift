import ArgumentParser
import Foundation
import GrocerCLI
import GrocerCore
import GrocerExchange
import GrocerStore

/// `--format auto|grocer|withings|...`: auto is nil.
enum ImportFormatOption: String, ExpressibleByArgument, CaseIterable {
    case auto, grocer, withings, openscale, libra, hackersdiet, applehealth, fitbit, googlefit, csv

    var format: ImportFormat? { ImportFormat(rawValue: rawValue) }
}

/// `grocer weight import FILE|- [--format ...] [--dry-run] [--strict] [--json]`.
struct WeightImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Import weights from grocer's CSV or JSON, or another tracker's export.",
        discussion: """
            Reads grocer's own CSV and JSON, Withings' weight.csv, openScale's CSV export, Libra's CSV, \
            The Hacker's Diet Online CSV export and its legacy Excel CSV, Apple Health's export.xml (body mass only), \
            Fitbit's weight-YYYY-MM-DD.json, Google Fit's Daily Summaries.csv, and a CSV of dates and weights. \
            A file that does not say its unit (Fitbit's, a plain CSV without one) needs --unit: grocer never guesses. \
            The report says which format was read, the unit taken and from where, and the columns not kept. \
            Times without a zone are local (TZ); a date alone is 12:00 local. Values with more than 2 decimals \
            are rounded half up. An entry already in the store (same time and value) is skipped. Readable rows \
            are imported in one transaction; unreadable ones are listed by line with the reason. \
            Exit status 2 when the file cannot be read at all, or with --strict and a rejected row: then nothing is imported.
            """)

    @Argument(help: ArgumentHelp("The file to import, or - for standard input.", valueName: "file"), completion: .file())
    var file: String

    @Option(
        help:
            "auto (detect from the first lines), grocer, withings, openscale, libra, hackersdiet, applehealth, fitbit, googlefit or csv."
    )
    var format: ImportFormatOption = .auto

    @Option(help: "The unit of a file that does not state its own (lbs or kg); grocer never guesses one.")
    var unit: WeightUnit?

    @Flag(help: "Read and count everything, import nothing.")
    var dryRun = false

    @Flag(help: "Import nothing when any row cannot be read (exit status 2).")
    var strict = false

    @Flag(help: "Print the summary as a JSON object.")
    var json = false

    @OptionGroup var store: StoreOptions

    func run() throws {
        let name = file == "-" ? "standard input" : file
        let stream = try ImportInput.open(file)
        defer { stream.close() }
        StopFlag.stopOnInterrupt()
        // The format is told before the store is opened for writing: a file
        // grocer cannot read leaves no store behind, not even a new one.
        let reader = ImportReader(format: format.format, timeZone: store.zone, defaultUnit: unit, now: Date())
        let prepared: PreparedImport
        do { prepared = try reader.prepare(stream) } catch let error as ImportError {
            throw Failure("cannot import \(name): \(error.message). Nothing was imported.")
        }
        // A dry run creates nothing: with no store yet it counts against an
        // empty one in memory.
        let db =
            try dryRun
            ? (store.openIfThereQuietly() ?? Store.open(at: store.url.path, mode: .memory, zone: store.zone, stop: .process)) : store.open()
        defer { try? db.close() }
        let showsProgress = isatty(STDERR_FILENO) == 1 && !json
        let result = try WeightImport.run(
            prepared, into: db, name: name, dryRun: dryRun, strict: strict,
            progress: { count in
                if showsProgress { StandardOutput.writeError(Data("\rRead \(count) rows…".utf8)) }
            })
        if showsProgress { StandardOutput.writeError(Data("\r\u{1B}[K".utf8)) }
        print(json ? WeightImport.json(result) : WeightImport.text(result), terminator: "")
        if result.refused {
            throw Failure("nothing was imported from \(name): --strict and rows that cannot be read (listed above).")
        }
        // A file with rows of which none could be read is a failure a
        // script must see (rows already in the store are not).
        let summary = result.summary
        if summary.imported == 0, summary.duplicates == 0, summary.rejectedCount > 0 {
            throw Failure("nothing was imported from \(name): none of its \(summary.rejectedCount) rows could be read (listed above).")
        }
    }
}
