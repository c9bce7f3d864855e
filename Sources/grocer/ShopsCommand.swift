import ArgumentParser
import Foundation
import GrocerCLI
import GrocerCore
import GrocerStore

/// `grocer shops list|add|rename|rm|order|hide`: the shops the person buys
/// at, each its own order of the aisles (issue 33).
struct ShopsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shops", abstract: "The shops you buy at, each with its own order of your aisles.",
        subcommands: [List.self, Add.self, Rename.self, Remove.self, Order.self, Hide.self])

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the shops, one a line: the name, a tab, its aisles in its order (hidden ones left out).",
            discussion: "With no store at the path yet, prints nothing and creates nothing.")
        @OptionGroup var output: ShopJSONFlag
        @OptionGroup var store: StoreOptions

        func run() throws {
            guard let db = try store.openIfThere() else {
                if output.json { JSONText.write(array: []) }
                return
            }
            defer { try? db.close() }
            let (shops, aisles) = try StoreAccess.reading(db.path) { (try db.shops.all(), try db.groceries.aisles()) }
            if output.json { return JSONText.write(array: shops.map { ShopText.json($0, aisles: aisles) }) }
            var out = OutputBuffer()
            for shop in shops {
                let order = shop.ordered(aisles).map { VisibleText.escaped($0.name) }.joined(separator: ", ")
                out.write("\(VisibleText.escaped(shop.name))\t\(order)\n")
            }
            out.flush()
        }
    }

    struct Add: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Add a shop; it walks your aisles in your default order until you order them.")
        @OptionGroup var named: NameArgument
        @OptionGroup var output: ShopJSONFlag
        @OptionGroup var store: StoreOptions

        func run() throws {
            let db = try store.open()
            defer { try? db.close() }
            let (shop, aisles) = try StoreAccess.writing(db.path) {
                (try db.shops.add(named: named.name, locale: store.locale), try db.groceries.aisles())
            }
            if output.json { return JSONText.write(ShopText.json(shop, aisles: aisles)) }
            print("Added shop \(VisibleText.escaped(shop.name)).")
        }
    }

    struct Rename: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Rename a shop.")
        @OptionGroup var names: RenameArguments
        @OptionGroup var output: ShopJSONFlag
        @OptionGroup var store: StoreOptions

        func run() throws {
            let db = try store.openExisting(orElse: ShopText.notFound(names.old, known: [], path: store.url.path))
            defer { try? db.close() }
            try StoreAccess.writing(db.path) {
                let found = try ShopText.find(names.old, in: db, locale: store.locale)
                let renamed = try db.shops.rename(id: found.id, to: names.new, locale: store.locale)
                if output.json { return JSONText.write(ShopText.json(renamed, aisles: try db.groceries.aisles())) }
                print("Renamed shop \(VisibleText.escaped(found.name)) to \(VisibleText.escaped(renamed.name)).")
            }
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "rm", abstract: "Delete a shop; its items stay, bought anywhere when it was their only shop.")
        @OptionGroup var named: NameArgument
        @OptionGroup var output: ShopJSONFlag
        @OptionGroup var store: StoreOptions

        func run() throws {
            let db = try store.openExisting(orElse: ShopText.notFound(named.name, known: [], path: store.url.path))
            defer { try? db.close() }
            try StoreAccess.writing(db.path) {
                let found = try ShopText.find(named.name, in: db, locale: store.locale)
                let deletion = try db.shops.delete(id: found.id)
                if output.json { return JSONText.write(ShopText.json(found, aisles: try db.groceries.aisles())) }
                // Which items it changed, as the screen's question says.
                let items = deletion.itemIDs.count
                let changed = items == 0 ? "" : "; \(items) item\(items == 1 ? "" : "s") no longer name\(items == 1 ? "s" : "") it"
                print("Deleted shop \(VisibleText.escaped(found.name))\(changed).")
            }
        }
    }

    struct Order: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Give a shop its own order of aisles: these first, in this order; the others after, in your default order.",
            discussion: "No aisle puts the shop back on your default order. Every aisle must exist ('grocer aisles list').")

        @Argument(help: ArgumentHelp("The shop's name.", valueName: "shop"))
        var shop: String

        @Argument(help: ArgumentHelp("Aisles' names, in the shop's order.", valueName: "aisle"))
        var aisles: [String] = []

        @OptionGroup var output: ShopJSONFlag
        @OptionGroup var store: StoreOptions

        func run() throws {
            let db = try store.openExisting(orElse: ShopText.notFound(shop, known: [], path: store.url.path))
            defer { try? db.close() }
            try StoreAccess.writing(db.path) {
                let found = try ShopText.find(shop, in: db, locale: store.locale)
                let ids = try aisles.map { try GroceryNameCommands.find(.aisle, named: $0, in: db, locale: store.locale).id }
                let ordered = try db.shops.setOrder(shopID: found.id, aisleIDs: ids)
                let all = try db.groceries.aisles()
                if output.json { return JSONText.write(ShopText.json(ordered, aisles: all)) }
                let order = ordered.ordered(all).map { VisibleText.escaped($0.name) }.joined(separator: ", ")
                print("Shop \(VisibleText.escaped(ordered.name)): \(order.isEmpty ? "no aisle yet" : order).")
            }
        }
    }

    struct Hide: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Hide aisles a shop does not have (their items bought anywhere are not listed there); --show shows them again.")

        @Argument(help: ArgumentHelp("The shop's name.", valueName: "shop"))
        var shop: String

        @Argument(help: ArgumentHelp("Aisles' names.", valueName: "aisle"))
        var aisles: [String]

        @Flag(help: "Show the aisles in the shop again.")
        var show = false

        @OptionGroup var output: ShopJSONFlag
        @OptionGroup var store: StoreOptions

        func run() throws {
            let db = try store.openExisting(orElse: ShopText.notFound(shop, known: [], path: store.url.path))
            defer { try? db.close() }
            try StoreAccess.writing(db.path) {
                let found = try ShopText.find(shop, in: db, locale: store.locale)
                var now = found
                for name in aisles {
                    let aisle = try GroceryNameCommands.find(.aisle, named: name, in: db, locale: store.locale)
                    now = try db.shops.setHidden(shopID: found.id, aisleID: aisle.id, !show)
                }
                let all = try db.groceries.aisles()
                if output.json { return JSONText.write(ShopText.json(now, aisles: all)) }
                let order = now.ordered(all).map { VisibleText.escaped($0.name) }.joined(separator: ", ")
                print("Shop \(VisibleText.escaped(now.name)): \(order.isEmpty ? "no aisle" : order).")
            }
        }
    }
}

/// `--json` of the shop commands.
struct ShopJSONFlag: ParsableArguments {
    @Flag(help: "Print JSON: each shop (added, renamed or changed as it is now; deleted as it was) as {id, name, aisles, hidden}.")
    var json = false
}

/// What the shop commands and `items ... --shop` share: finding a shop by
/// name (an unknown one names the known ones), and a shop as JSON.
enum ShopText {
    /// `{"id", "name", "aisles": [names in its order], "hidden": [names]}`.
    static func json(_ shop: GroceryShop, aisles: [GroceryAisle]) -> String {
        let order = shop.ordered(aisles).map { JSONText.string($0.name) }.joined(separator: ", ")
        let hidden = aisles.filter { shop.hidden.contains($0.id) }.map { JSONText.string($0.name) }.joined(separator: ", ")
        return JSONText.fields([
            (key: "id", value: String(shop.id)), (key: "name", value: JSONText.string(shop.name)),
            (key: "aisles", value: "[\(order)]"), (key: "hidden", value: "[\(hidden)]"),
        ])
    }

    static func find(_ name: String, in db: Store, locale: Locale) throws -> GroceryShop {
        if let found = try db.shops.find(named: name, locale: locale) { return found }
        throw notFound(name, known: try db.shops.all().map(\.name), path: db.path)
    }

    /// The shops named, each found (an unknown one: one line naming the
    /// known ones).
    static func ids(_ names: [String], in db: Store, locale: Locale) throws -> Set<Int64> {
        Set(try names.map { try find($0, in: db, locale: locale).id })
    }

    static func notFound(_ name: String, known: [String], path: String) -> StoreError {
        let list = known.isEmpty ? "it has no shop yet" : "its shops: " + known.map(VisibleText.escaped).joined(separator: ", ")
        return .notFound(path: path, kind: .shop, reference: "named \"\(VisibleText.escaped(name))\" (\(list))")
    }
}
