import ArgumentParser
import Foundation
import GrocerStore

struct StoreCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "store",
        abstract: "Look at the store file.",
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
            if json {
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
                print(String(decoding: try encoder.encode(status), as: UTF8.self))
            } else {
                print(status.text)
            }
        }
    }
}
