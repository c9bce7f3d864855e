import ArgumentParser
import GrocerCLI
import GrocerCore
import GrocerStore

/// `grocer units list|add|rename|rm`: units.
struct UnitsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "units", abstract: "The units items are counted in (kg, bottle, ...).",
        subcommands: [List.self, Add.self, Rename.self, Remove.self])

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the units, one a line.",
            discussion: "With no store at the path yet, prints nothing and creates nothing.")
        @OptionGroup var output: NameJSONFlag
        @OptionGroup var store: StoreOptions
        func run() throws { try GroceryNameCommands.list(.unit, json: output.json, store: store) }
    }

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add a unit.")
        @OptionGroup var named: NameArgument
        @OptionGroup var output: NameJSONFlag
        @OptionGroup var store: StoreOptions
        func run() throws { try GroceryNameCommands.add(.unit, name: named.name, json: output.json, store: store) }
    }

    struct Rename: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Rename a unit.")
        @OptionGroup var names: RenameArguments
        @OptionGroup var output: NameJSONFlag
        @OptionGroup var store: StoreOptions
        func run() throws { try GroceryNameCommands.rename(.unit, from: names.old, to: names.new, json: output.json, store: store) }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rm", abstract: "Delete a unit; its items stay, counted in no unit.")
        @OptionGroup var named: NameArgument
        @OptionGroup var output: NameJSONFlag
        @OptionGroup var store: StoreOptions
        func run() throws { try GroceryNameCommands.remove(.unit, name: named.name, json: output.json, store: store) }
    }
}
