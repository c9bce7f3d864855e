import ArgumentParser
import Foundation
import GrocerApp
import GrocerCLI
import GrocerCore
import GrocerStore
import GrocerTerminal

/// `grocer`: with no subcommand, the interactive screen; otherwise one of
/// the scripted subcommands. This target only parses and wires; every
/// command throws, and `Main` alone turns an error into its message and
/// exit status (`ErrorReport`).
struct Grocer: ParsableCommand {
    static let version = "0.4.0"

    static let configuration = CommandConfiguration(
        commandName: "grocer",
        abstract: "A keyboard-first grocery and health tracker for the terminal.",
        discussion: """
            Run without a subcommand for the interactive screen (F1 shows its keys).
            The store is --store PATH, else $GROCER_STORE, else \
            $XDG_DATA_HOME/grocer/grocer.sqlite (~/.local/share/grocer/grocer.sqlite).

            ENVIRONMENT
              GROCER_STORE     the store file, when --store is not given
              XDG_DATA_HOME    the store's folder is in it (default ~/.local/share)
              XDG_STATE_HOME   the migration log's and first-frame cache's folder is in it
                               (~/.local/state)
              NO_COLOR         set and not empty: no colour on screen
              ESCDELAY         ms to wait after Esc for the rest of a key (25)
              LANG, LC_ALL, LC_NUMERIC, LC_TIME, LC_MONETARY
                               how numbers, dates and money are written and typed
              LC_MEASUREMENT   its region (LC_ALL first, else LANG) is the unit of a store
                               with none chosen: lbs in US, LR, MM; st in GB, IE; else kg
              TZ               the time zone dates are shown in (kept in UTC): a name
                               (Europe/Paris) or a POSIX offset (JST-9 is UTC+9)
              NETRC            the .netrc sync reads a login from (~/.netrc), when the
                               account has no password command
              GROCER_SYNC_DEADLINE
                               seconds a sync may take in all, when --deadline is not
                               given (sync: 600; the grocery screen's sync: 120)

            EXIT STATUS
              0    done (also help, --version, a store with nothing to migrate)
              1    an unexpected error (please report it)
              2    bad input, or a store grocer refuses (the message says why)
              130  stopped by Ctrl-C or SIGTERM; nothing half-done is kept

            The manual page, grocer(1), has more.
            """,
        version: version,
        subcommands: [
            WeightCommand.self, UnitCommand.self, TipCommand.self, ItemsCommand.self, AislesCommand.self, ShopsCommand.self, StorageCommand.self,
            UnitsCommand.self, StoreCommand.self, HeightCommand.self, SyncCommand.self,
        ]
    )

    @OptionGroup var store: StoreOptions

    func run() throws {
        let code = try InteractiveApp(storePath: store.url.path, environment: Environment.process).run()
        if code != 0 { throw ExitCode(code) }
    }
}

/// `--store PATH`, on every command.
struct StoreOptions: ParsableArguments {
    @Option(
        name: .long, help: ArgumentHelp("The store file (default: $GROCER_STORE, else the XDG data folder).", valueName: "path"),
        completion: .file())
    var store: String?

    var url: URL { StoreLocation.resolve(explicit: store, environment: Environment.process) }

    /// Opens the store, creating it when missing; a refusal is thrown as
    /// the store's `StoreError`. A damaged file is refused before anything
    /// is written (`pageCheck`). A new store starts with the catalogue's
    /// aisles in the person's language (`CatalogueFiling.firstAisles`).
    func open() throws -> Store {
        let aisles = CatalogueFiling.firstAisles(in: language)
        return try Store.open(at: url.path, mode: .create, zone: zone, stop: .process, pageCheck: pageCheck, firstAisles: aisles)
    }

    /// The person's time zone: Foundation's `TimeZone.current`, which is
    /// read once for the run (`ZoneVariable.takeProcessSetting` decides it
    /// before anything asks). The store's days and the times typed and
    /// shown are in this one zone.
    var zone: TimeZone { .current }

    /// Every command's store is judged before anything is written or kept
    /// in it, as the screen's launch judges it: its pages are read unless
    /// the file is as when a check last passed (`PageCheck`).
    var pageCheck: PageCheck { CommandPageCheck.forStore(at: url.path, environment: Environment.process) }
}

/// The one-line error type the commands throw (see `ErrorReport`).
typealias Failure = GrocerCLI.Failure

extension WeightUnit: ExpressibleByArgument {}
extension DisplayUnit: ExpressibleByArgument {}

@main
enum Main {
    static func main() {
        // A file size limit (ulimit -f) fails a write with EFBIG, reported
        // as any failed write, instead of killing grocer (and leaving a
        // terminal raw or a partial file) with SIGXFSZ.
        signal(SIGXFSZ, SIG_IGN)
        // Before any store is opened.
        SQLiteProcess.configure()
        // Before anything asks ICU: a locale variable ICU's default locale
        // would crash on is dropped (see UserLocale.isWellFormed).
        for name in UserLocale.variables {
            if let value = getenv(name), !UserLocale.isWellFormed(String(cString: value)) { unsetenv(name) }
        }
        // `grocer` alone (or with --store) opens the screen without building
        // argument-parser's command tree, whose reflection is costly before
        // the first frame (docs/MEASURED.md).
        let launch = LaunchArguments.ofThisProcess()
        // Before anything asks for the time zone.
        let zoneRefusal = ZoneVariable.takeProcessSetting()
        do {
            if case .screen(let store) = launch {
                if let zoneRefusal { throw Failure(zoneRefusal) }
                // Not through ProcessInfo, costly before the first frame
                // (docs/MEASURED.md).
                let environment = Environment.process
                let path = StoreLocation.resolvePath(explicit: store, environment: environment)
                exit(try InteractiveApp(storePath: path, environment: environment).run())
            }
            var command = try Grocer.parseAsRoot()
            if let zoneRefusal { throw Failure(zoneRefusal) }
            try command.run()
            exit(outputStatus(0, saved: (command as? any SavingCommand)?.saves == true))
        } catch {
            var report = ErrorReport(for: error, command: Grocer.self)
            // The screen's refusal is read on the terminal: whole, wrapped
            // at spaces to its width.
            if launch != .command, let width = TerminalWidth.columns(of: 2) { report = report.wrapped(toWidth: width) }
            if !report.text.isEmpty {
                let data = Data((report.text + "\n").utf8)
                if report.stream == .standardOutput { StandardOutput.write(data) } else { StandardOutput.writeError(data) }
            }
            exit(outputStatus(report.status))
        }
    }

    /// `status`, unless something written to standard output did not get
    /// there (a full disk, a closed descriptor): then one line, and exit 2,
    /// unless the command's save landed (`StandardOutput.ending`).
    static func outputStatus(_ status: Int32, saved: Bool = false) -> Int32 {
        let ending = StandardOutput.ending(status: status, failure: StandardOutput.finish(), saved: saved)
        if let line = ending.line { StandardOutput.writeError(Data(("grocer: " + line + "\n").utf8)) }
        return ending.status
    }
}
