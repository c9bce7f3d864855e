import ArgumentParser
import GrocerCLI
import GrocerStore

struct StoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "store",
        abstract: "Look at the store file, or migrate it.",
        subcommands: [Status.self, StoreMigrateCommand.self]
    )

    struct Status: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Where the store is, its format and state, and its rows.")

        @Flag(help: "Print a JSON object.")
        var json = false

        @OptionGroup var store: StoreOptions

        func run() throws {
            do { try StoreLocation.requireFileOrMissing(store.url) } catch let error as StoreError { throw Failure(error.localizedDescription) }
            let status = StoreStatus.read(path: store.url.path)
            print(json ? try StatusText.json(status) : StatusText.text(status))
        }
    }
}
