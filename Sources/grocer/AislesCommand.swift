import ArgumentParser
import GrocerCLI
import GrocerCore
import GrocerStore

/// `grocer aisles list|add|rename|move|rm`: the aisles of the person's
/// shop, in the order they walk it.
struct AislesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "aisles", abstract: "The aisles at the shop, in your order.",
        subcommands: [List.self, Add.self, Rename.self, Move.self, Remove.self])

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the aisles in your order: position, a tab, the name.",
            discussion: "With no store at the path yet, prints nothing and creates nothing.")
        @OptionGroup var output: NameJSONFlag
        @OptionGroup var store: StoreOptions
        func run() throws { try GroceryNameCommands.list(.aisle, json: output.json, store: store) }
    }

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add an aisle, last in the order.")
        @OptionGroup var named: NameArgument
        @OptionGroup var output: NameJSONFlag
        @OptionGroup var store: StoreOptions
        func run() throws { try GroceryNameCommands.add(.aisle, name: named.name, json: output.json, store: store) }
    }

    struct Rename: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Rename an aisle.")
        @OptionGroup var names: RenameArguments
        @OptionGroup var output: NameJSONFlag
        @OptionGroup var store: StoreOptions
        func run() throws { try GroceryNameCommands.rename(.aisle, from: names.old, to: names.new, json: output.json, store: store) }
    }

    struct Move: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Move an aisle to a position (1 is first; past the end is last); the aisles are numbered 1 to n again.")
        @OptionGroup var named: NameArgument

        @Argument(help: ArgumentHelp("Where it goes, from 1.", valueName: "position"))
        var position: Int

        @Flag(help: "Print every aisle in the new order, a JSON array of {id, name, position}.")
        var json = false

        @OptionGroup var store: StoreOptions

        func validate() throws {
            if position < 1 { throw ValidationError("The position is 1 or more (1 is first), not \(position).") }
        }

        func run() throws {
            let name = named.name
            let db = try store.openExisting(orElse: GroceryNameCommands.notFound(.aisle, name, path: store.url.path))
            defer { try? db.close() }
            try StoreAccess.writing(db.path) {
                let found = try GroceryNameCommands.find(.aisle, named: name, in: db, locale: store.locale)
                let aisles = try db.groceries.moveAisle(id: found.id, to: position)
                if json {
                    return JSONText.write(
                        array: aisles.map {
                            GroceryNameCommands.json(GroceryNames.Entry(kind: .aisle, id: $0.id, name: $0.name, position: $0.position))
                        })
                }
                let now = aisles.first { $0.id == found.id }?.position ?? position
                print("Moved aisle \(VisibleText.escaped(found.name)) to position \(now) of \(aisles.count).")
            }
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "rm", abstract: "Delete an aisle; its items stay, in no aisle.")
        @OptionGroup var named: NameArgument
        @OptionGroup var output: NameJSONFlag
        @OptionGroup var store: StoreOptions
        func run() throws { try GroceryNameCommands.remove(.aisle, name: named.name, json: output.json, store: store) }
    }
}
