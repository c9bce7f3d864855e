import ArgumentParser
import Foundation
import GrocerCLI
import GrocerStore

struct StoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "store",
        abstract: "Look at the store file, migrate it, or copy it.",
        subcommands: [Status.self, StoreMigrateCommand.self, Backup.self]
    )

    struct Status: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Where the store is, its format and state, and its rows.",
            discussion: "Creates nothing: with no store at the path yet, the state is missing (exit 0).")

        @Flag(help: "Print a JSON object.")
        var json = false

        @OptionGroup var store: StoreOptions

        func run() throws {
            do { try StoreLocation.requireFileOrMissing(store.url) } catch let error as StoreError { throw Failure(error.localizedDescription) }
            let status = StoreStatus.read(path: store.url.path)
            print(json ? try StatusText.json(status) : StatusText.text(status))
            if status.state == .missing, status.detail == nil {
                StandardOutput.writeError(Data((StoreOptions.noStoreYet(store.url.path) + "\n").utf8))
            }
        }
    }

    /// `grocer store backup FILE [--force]`: a consistent copy, even while
    /// another grocer saves.
    struct Backup: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Copy the store to a new file, consistently, even while another grocer saves.",
            discussion: """
                The copy (mode 0600) is checked before it gets its name. An existing FILE is \
                refused unless --force is given; a symbolic link at FILE is always refused. \
                Exit status: 0 copied, 2 refused or failed (no store yet included).
                """)

        @Argument(help: ArgumentHelp("The new file.", valueName: "file"))
        var file: String

        @Flag(name: .long, help: "Replace FILE if it exists (never through a symbolic link).")
        var force = false

        @Flag(help: "Print a JSON object {store, backup}: the store's path and the copy's.")
        var json = false

        @OptionGroup var store: StoreOptions

        func run() throws {
            guard let db = try store.openIfThereQuietly() else {
                throw Failure("there is no store at \(store.url.path) to back up; nothing was written.")
            }
            defer { try? db.close() }
            guard !file.isEmpty else { throw Failure("store backup needs the new file's name.") }
            let target = URL(fileURLWithPath: file)
            do {
                try db.backup(to: target, replacing: force)
            } catch let error as BackupError {
                throw Failure(error.errorDescription ?? "\(error)")
            }
            if json {
                return JSONText.write(JSONText.fields([("store", JSONText.string(db.path)), ("backup", JSONText.string(target.path))]))
            }
            print("Copied \(db.path) to \(target.path)")
        }
    }
}
