import ArgumentParser
import Foundation
import GrocerCLI
import GrocerCore
import GrocerStore

/// `grocer items edit|check|uncheck|clear|rm`: changes to items already in
/// the store. With no store at the path yet, nothing is created.
extension ItemsCommand {
    /// The item's id, as every one of these commands takes it.
    struct ItemID: ParsableArguments {
        @Argument(help: ArgumentHelp("The item's id (see 'grocer items list').", valueName: "id"))
        var id: Int64

        func notFound(_ store: StoreOptions) -> StoreError {
            .notFound(path: store.url.path, kind: .item, reference: "with id \(id)")
        }
    }

    struct Edit: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Change an item's name, quantity, unit, aisle, place at home, note or whether it is on the list.",
            discussion: "An empty --unit, --aisle or --stored-in takes it away; a new aisle or place is created.")

        @OptionGroup var item: ItemID

        @Option(help: ArgumentHelp("A new name.", valueName: "name"))
        var name: String?

        @Option(help: ArgumentHelp("A new quantity, in your locale (e.g. 2 or 1.5).", valueName: "quantity"))
        var quantity: String?

        @Option(help: ArgumentHelp("A unit's name; \"\" for none.", valueName: "name"))
        var unit: String?

        @Option(help: ArgumentHelp("An aisle's name; \"\" for none.", valueName: "name"))
        var aisle: String?

        @Option(name: .customLong("stored-in"), help: ArgumentHelp("A place at home; \"\" for none.", valueName: "name"))
        var storedIn: String?

        @Option(help: ArgumentHelp("true puts it on the list; false takes it off (and unticks it).", valueName: "true|false"))
        var listed: Bool?

        @OptionGroup var shops: EditShopOptions

        @Option(help: ArgumentHelp("A note, one line (\"the organic one\"); \"\" takes it away.", valueName: "text"))
        var note: String?

        @Flag(help: "Print the item as it is now, a JSON object as 'items list --json' writes it.")
        var json = false

        @OptionGroup var store: StoreOptions

        func validate() throws {
            let fields = name == nil && quantity == nil && unit == nil && aisle == nil && storedIn == nil && listed == nil && note == nil
            if fields && !shops.changes {
                throw ValidationError(
                    "Say what to change: --name, --quantity, --unit, --aisle, --stored-in, --listed, --note, --shop or --any-shop.")
            }
        }

        func run() throws {
            let locale = store.locale
            let amount = try quantity.map { try GroceryArguments.quantity($0, locale: locale) }
            let note = try note.map { try WeightParsing.note($0) }
            let db = try store.openExisting(orElse: item.notFound(store))
            defer { try? db.close() }
            let shopIDs = try shops.ids(in: db, locale: locale)
            let edit = GroceryItemEdit(
                name: name, quantity: amount, unit: unit, aisle: aisle, storedIn: storedIn, listed: listed, note: note)
            let change = try StoreAccess.writing(db.path) {
                if let shopIDs { try db.shops.setShops(itemID: item.id, shopIDs) }
                return try db.groceries.edit(id: item.id, edit, locale: locale)
            }
            guard let after = change.edits.first?.after else { return }
            if json { return JSONText.write(try ItemsCommand.json(after, db)) }
            print("Changed \(ItemLine.short(after, locale: locale))")
        }
    }

    struct Check: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Tick an item on the list off, as in the shop.")
        @OptionGroup var item: ItemID
        @Flag(help: ItemsCommand.itemJSONHelp) var json = false
        @OptionGroup var store: StoreOptions
        func run() throws { try ItemsCommand.tick(item, ticked: true, json: json, store: store) }
    }

    struct Uncheck: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Untick an item.")
        @OptionGroup var item: ItemID
        @Flag(help: ItemsCommand.itemJSONHelp) var json = false
        @OptionGroup var store: StoreOptions
        func run() throws { try ItemsCommand.tick(item, ticked: false, json: json, store: store) }
    }

    static let itemJSONHelp = ArgumentHelp("Print the item as it is now, a JSON object as 'items list --json' writes it.")

    static func tick(_ item: ItemID, ticked: Bool, json: Bool, store: StoreOptions) throws {
        let locale = store.locale
        let db = try store.openExisting(orElse: item.notFound(store))
        defer { try? db.close() }
        let current = try StoreAccess.reading(db.path) { try db.groceries.item(id: item.id) }
        if ticked && !current.listed {
            throw Failure(
                "Item \(item.id) (\(current.name)) is not on the list, so it cannot be ticked. "
                    + "Put it on with 'grocer items edit \(item.id) --listed true' first; nothing was changed.")
        }
        let change = try StoreAccess.writing(db.path) { try db.groceries.edit(id: item.id, GroceryItemEdit(collected: ticked), locale: locale) }
        guard let after = change.edits.first?.after else { return }
        if json { return JSONText.write(try ItemsCommand.json(after, db)) }
        print("\(ticked ? "Ticked" : "Unticked") \(ItemLine.short(after, locale: locale))")
    }

    struct Clear: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Take every ticked item off the list and untick it, as the Shop's Clear.")
        @Flag(help: "Print the items it changed, as they are now, a JSON array as 'items list --json' writes it ([] for none).")
        var json = false
        @OptionGroup var store: StoreOptions

        func run() throws {
            guard let db = try store.openIfThereQuietly() else { return nothingTicked() }
            defer { try? db.close() }
            guard let change = try StoreAccess.writing(db.path, { try db.groceries.clearTicked() }) else { return nothingTicked() }
            if json {
                let shops = try ItemsCommand.shopNames(db)
                return JSONText.write(array: change.edits.compactMap { edit in edit.after.map { JSONText.object($0, shops: shops($0.id)) } })
            }
            let count = change.edits.count
            print("Cleared \(count) item\(count == 1 ? "" : "s") off the list.")
        }

        private func nothingTicked() {
            if json { return JSONText.write(array: []) }
            print("Nothing is ticked; nothing was changed.")
        }
    }

    struct Remove: ParsableCommand {
        static let configuration = CommandConfiguration(commandName: "rm", abstract: "Delete an item.")
        @OptionGroup var item: ItemID
        @Flag(help: "Print the item as it was, a JSON object as 'items list --json' writes it.") var json = false
        @OptionGroup var store: StoreOptions

        func run() throws {
            let db = try store.openExisting(orElse: item.notFound(store))
            defer { try? db.close() }
            // The shops' names as they were (the delete takes the item's).
            let shops = json ? try StoreAccess.reading(db.path) { try db.shops.all() } : []
            let change = try StoreAccess.writing(db.path) { try db.groceries.delete(id: item.id) }
            guard let edit = change.edits.first, let before = edit.before else { return }
            if json { return JSONText.write(JSONText.object(before, shops: shops.filter { edit.shops.contains($0.id) }.map(\.name))) }
            print("Deleted \(ItemLine.short(before, locale: store.locale))")
        }
    }
}
