import ArgumentParser
import GrocerCLI
import GrocerCore
import GrocerStore

/// `grocer items ...`: the grocery list, for scripts and tests.
struct ItemsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "items", abstract: "The grocery list.",
        subcommands: [List.self])

    /// `grocer items list [--json]`: every item sorted by id.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List every grocery item, sorted by id.",
            discussion: "With no store at the path yet, prints nothing ([] with --json), creates nothing and exits 0.")

        @OptionGroup var store: StoreOptions

        @Flag(name: .long, help: "Print a JSON array of objects with id, name, quantity, unit (name or null), listed and collected.")
        var json = false

        func run() throws {
            guard let db = try store.openForReading() else {
                if json { print("[]") }
                return
            }
            defer { try? db.close() }
            try ListOutput.print(
                json: json, path: db.path, read: { each in try db.forEachItem(each) }, object: JSONText.object, line: ItemLine.text)
        }
    }
}
