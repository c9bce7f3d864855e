import ArgumentParser
import Foundation
import GrocerCLI
import GrocerCore
import GrocerStore

/// `grocer items ...`: the grocery list, for scripts and tests.
struct ItemsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "items", abstract: "The grocery list.",
        subcommands: [Add.self, List.self, Edit.self, Check.self, Uncheck.self, Clear.self, Remove.self, Export.self])

    /// `grocer items add TEXT`: quick entry, as the screen's `a`.
    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Put an item on the list with one line, e.g. \"2 kg flour\".",
            discussion: """
                A leading number is the quantity (in your locale), a following known or common unit \
                is the unit, the rest is the name; " @Aisle" after it files the item in that aisle \
                ("6 eggs @Dairy"; a new aisle is created); a name never filed goes in your aisle of its \
                kind from grocer's catalogue (none made), a name filed before keeps its own. A name already on the list gets the \
                quantity added to its own (2 kg + 500 g = 2.5 kg; units that do not convert are both \
                kept: "2 cans + 400 g"); --replace sets it instead. A name off the list goes back on \
                it with the new quantity. Never two items of one name.
                """)

        @Argument(
            help: ArgumentHelp(
                "The line, e.g. \"2 kg flour\", \"3 apples\" or \"milk\"; - reads one line an item from standard input.",
                valueName: "text"))
        var text: [String] = []

        @Option(help: ArgumentHelp("Add one item a line of this file, each line as if typed.", valueName: "file"))
        var from: String?

        @Option(
            help: ArgumentHelp(
                "Add a recipe's ingredients: schema.org Recipe JSON-LD, a web page holding one, or text with one ingredient a line.",
                valueName: "file"))
        var recipe: String?

        @Option(help: ArgumentHelp("With --recipe: scale the amounts to this many servings.", valueName: "n"))
        var servings: Int?

        @Option(help: ArgumentHelp("The aisle at the shop (created when new).", valueName: "name"))
        var aisle: String?

        @Option(name: .customLong("stored-in"), help: ArgumentHelp("Where it is kept at home (created when new).", valueName: "name"))
        var storedIn: String?

        @OptionGroup var shops: AddShopOptions

        @Option(help: ArgumentHelp("A note, one line (\"the organic one\"); \"\" takes it away.", valueName: "text"))
        var note: String?

        @Flag(help: "For an item on the list: set its quantity to this one instead of adding it.")
        var replace = false

        @Flag(help: "Print the item as it is now, a JSON object as 'items list --json' writes it.")
        var json = false

        @OptionGroup var store: StoreOptions

        func validate() throws {
            let batch = [text == ["-"], from != nil, recipe != nil].filter { $0 }.count
            if batch > 1 || (batch == 1 && text != ["-"] && !text.isEmpty) {
                throw ValidationError("Give one of: a line, - (standard input), --from FILE or --recipe FILE.")
            }
            if batch == 0 && text.isEmpty { throw ValidationError("Give the line to add, e.g. \"2 kg flour\".") }
            if servings != nil && recipe == nil { throw ValidationError("--servings goes with --recipe.") }
            if let servings, !(1...1000).contains(servings) { throw ValidationError("--servings takes a number from 1 to 1000.") }
            if batch == 1 && (json || replace || note != nil) {
                throw ValidationError("--json, --replace and --note add one line; each line of a list or recipe is added as typed.")
            }
        }

        func run() throws {
            if text == ["-"] || from != nil || recipe != nil { return try addMany() }
            let locale = store.locale
            let note = try note.map { try WeightParsing.note($0) }
            let db = try store.open()
            defer { try? db.close() }
            let shopIDs = try shops.ids(in: db, locale: locale)
            let units = try StoreAccess.reading(db.path) { try db.groceries.unitNames() }
            let entry: QuickEntry
            switch QuickEntry.parse(text.joined(separator: " "), knownUnits: units, locale: locale) {
            case .success(let parsed): entry = parsed
            case .failure(let problem): throw Failure(problem.message(locale: locale))
            }
            // A sum that cannot be made is the person's input, not a failed save.
            let added: Result<GroceryItemChange, GroceryAddProblem> = try StoreAccess.writing(db.path) {
                do {
                    return .success(
                        try db.groceries.add(
                            entry, aisle: aisle, storedIn: storedIn, note: note, replace: replace, filing: store.filing, locale: locale))
                } catch let problem as GroceryAddProblem {
                    return .failure(problem)
                }
            }
            let change: GroceryItemChange
            switch added {
            case .success(let made): change = made
            case .failure(let problem): throw Failure(problem.message + " Nothing was changed.")
            }
            guard let edit = change.edits.first, let item = edit.after else { return }
            if let shopIDs { try StoreAccess.writing(db.path) { try db.shops.setShops(itemID: item.id, shopIDs) } }
            if json { return JSONText.write(try ItemsCommand.json(item, db)) }
            print("\(ItemsCommand.Added(edit).rawValue) \(ItemLine.added(item, locale: locale))")
        }
    }

    /// `grocer items list [--listed] [--json]`: every item sorted by id.
    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "List every grocery item, sorted by id.",
            discussion: "With no store at the path yet, prints nothing ([] with --json), creates nothing and exits 0.")

        @OptionGroup var store: StoreOptions

        @Flag(help: "Only the items on the shopping list.")
        var listed = false

        @Flag(
            name: .long,
            help: """
                Print a JSON array of objects with id, name, quantity, amount (exact, as text), unit, \
                listed, collected, aisle and storedIn (names or null), second, note, and shops (names) \
                when the item names some.
                """)
        var json = false

        @OptionGroup var shop: ViewShopOption

        func run() throws {
            let locale = store.locale
            guard let db = try store.openIfThere() else {
                if let name = shop.shop { throw ShopText.notFound(name, known: [], path: store.url.path) }
                if json { print("[]") }
                return
            }
            defer { try? db.close() }
            var shops: (Int64) -> [String] = { _ in [] }
            if json { shops = try ItemsCommand.shopNames(db) }
            if let name = shop.shop {
                let items = try ItemsCommand.shopView(name, db: db, locale: locale)
                if json { return JSONText.write(array: items.map { JSONText.object($0, shops: shops($0.id)) }) }
                var out = OutputBuffer()
                for item in items { out.write(ItemLine.text(item, locale: locale) + "\n") }
                return out.flush()
            }
            let onlyListed = listed
            try ListOutput.print(
                json: json, path: db.path,
                read: { each in try db.groceries.forEachItem { if !onlyListed || $0.listed { each($0) } } },
                object: { JSONText.object($0, shops: shops($0.id)) }, line: { ItemLine.text($0, locale: locale) })
        }
    }

    /// `grocer items export`: the shopping list to share.
    struct Export: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the shopping list to share: items on the list not yet ticked, by aisle in your order.",
            discussion: "With no store at the path yet, prints an empty list and creates nothing.")

        @Option(help: "markdown (a checklist, the default), text or json.")
        var format: ShoppingListExport.Format = .markdown

        @OptionGroup var shop: ViewShopOption

        @OptionGroup var store: StoreOptions

        func run() throws {
            let locale = store.locale
            if let name = shop.shop {
                let db = try store.openExisting(orElse: ShopText.notFound(name, known: [], path: store.url.path))
                defer { try? db.close() }
                let text = try ItemsCommand.shopExport(name, db: db, format: format, locale: locale)
                return StandardOutput.write(Data(text.utf8))
            }
            var items: [GroceryItem] = []
            if let db = try store.openIfThere() {
                defer { try? db.close() }
                items = try StoreAccess.reading(db.path) { try db.groceries.items() }
            }
            let text = ShoppingListExport.render(items, format: format, locale: locale)
            StandardOutput.write(Data(text.utf8))
        }
    }
}

extension ShoppingListExport.Format: ExpressibleByArgument {}

extension ItemsCommand {
    /// How `items add` says what it did: "Added", "Back on the list:",
    /// "Now on the list:" (a sum, or --replace) or "Already on the list:".
    /// What an add did to the item: the verb its line starts with.
    enum Added: String {
        case added = "Added"
        case back = "Back on the list:"
        case kept = "Already on the list:"
        case summed = "Now on the list:"

        init(_ edit: GroceryItemChange.Edit) {
            guard let before = edit.before, let after = edit.after else {
                self = .added
                return
            }
            if !before.listed || before.collected {
                self = .back
            } else if before.amount == after.amount && before.unit?.id == after.unit?.id && before.second == after.second {
                self = .kept
            } else {
                self = .summed
            }
        }
    }
}
