import ArgumentParser
import GrocerCLI
import GrocerCore
import GrocerStore

/// `grocer storage list|add|rename|rm`: places at home.
struct StorageCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "storage", abstract: "The places where things are kept at home.",
        subcommands: [List.self, Add.self, Rename.self, Remove.self])

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the places at home, one a line.",
            discussion: "With no store at the path yet, prints nothing and creates nothing.")
        @OptionGroup var output: NameJSONFlag
        @OptionGroup var store: StoreOptions
        func run() throws { try GroceryNameCommands.list(.place, json: output.json, store: store) }
    }

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add a storage place.")
        @OptionGroup var named: NameArgument
        @OptionGroup var output: NameJSONFlag
        @OptionGroup var store: StoreOptions
        func run() throws { try GroceryNameCommands.add(.place, name: named.name, json: output.json, store: store) }
    }

    struct Rename: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Rename a storage place.")
        @OptionGroup var names: RenameArguments
        @OptionGroup var output: NameJSONFlag
        @OptionGroup var store: StoreOptions
        func run() throws { try GroceryNameCommands.rename(.place, from: names.old, to: names.new, json: output.json, store: store) }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rm", abstract: "Delete a storage place; its items stay, kept nowhere in particular.")
        @OptionGroup var named: NameArgument
        @OptionGroup var output: NameJSONFlag
        @OptionGroup var store: StoreOptions
        func run() throws { try GroceryNameCommands.remove(.place, name: named.name, json: output.json, store: store) }
    }
}
