import ArgumentParser
import Foundation
import GrocerCLI
import GrocerCore
import GrocerStore
import Testing

@testable import grocer

/// `grocer shops ...` and `items ... --shop` (issue 33), run in process on
/// a store in a temporary folder.
@Suite struct ShopsCommandTests {
    struct Fixture {
        let dir: URL
        var path: String { dir.appendingPathComponent("grocer.sqlite").path }

        /// The store is made here, with no aisles (a command's new store
        /// starts with the catalogue's: `ItemsAddFilingTests`), so the
        /// tests name every aisle they use.
        init() throws {
            dir = FileManager.default.temporaryDirectory.appendingPathComponent("shops-cli-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            try Store.open(at: dir.appendingPathComponent("grocer.sqlite").path, mode: .create, zone: .current, stop: StopFlag()).close()
        }

        func run(_ arguments: String...) throws {
            var command = try Grocer.parseAsRoot(arguments + ["--store", path])
            try command.run()
        }

        func store<T>(_ body: (Store) throws -> T) throws -> T {
            let store = try Store.open(at: path, mode: .existing, zone: .current, stop: StopFlag())
            defer { try? store.close() }
            return try body(store)
        }

        func remove() { try? FileManager.default.removeItem(at: dir) }
    }

    @Test func shopsAreAddedRenamedOrderedAndRemovedByName() throws {
        let f = try Fixture()
        defer { f.remove() }
        for aisle in ["Dairy", "Bakery", "Produce"] { try f.run("aisles", "add", aisle) }
        try f.run("shops", "add", "Market")
        try f.run("shops", "add", "Super")
        try f.run("shops", "order", "market", "produce", "Dairy")
        try f.run("shops", "hide", "Market", "Bakery")
        try f.run("shops", "rename", "Super", "Supermarket")
        let (shops, aisles) = try f.store { (try $0.shops.all(), try $0.groceries.aisles()) }
        #expect(shops.map(\.name) == ["Market", "Supermarket"])
        #expect(shops[0].ordered(aisles).map(\.name) == ["Produce", "Dairy"])
        #expect(shops[1].ordered(aisles).map(\.name) == ["Dairy", "Bakery", "Produce"])
        #expect(ShopText.json(shops[0], aisles: aisles) == #"{"id": 1, "name": "Market", "aisles": ["Produce", "Dairy"], "hidden": ["Bakery"]}"#)
        try f.run("shops", "rm", "Market")
        #expect(try f.store { try $0.shops.all().map(\.name) } == ["Supermarket"])
    }

    @Test func anItemIsAddedEditedAndListedByShop() throws {
        let f = try Fixture()
        defer { f.remove() }
        try f.run("shops", "add", "Market")
        try f.run("shops", "add", "Super")
        try f.run("items", "add", "3 apples", "--shop", "Market")
        try f.run("items", "add", "milk", "--shop", "Super", "--shop", "market")
        try f.run("items", "add", "bread")
        let (items, shops, byItem) = try f.store { (try $0.groceries.items(), try $0.shops.all(), try $0.shops.itemShops()) }
        let id = { (name: String) in items.first { $0.name == name }!.id }
        #expect(byItem.shops(of: id("apples")) == [shops[0].id])
        #expect(byItem.shops(of: id("milk")) == [shops[0].id, shops[1].id])
        #expect(byItem.shops(of: id("bread")).isEmpty)
        let superView = try f.store { try ItemsCommand.shopView("Super", db: $0, locale: Locale(identifier: "en_US_POSIX")) }
        #expect(superView.map(\.name) == ["bread", "milk"])
        try f.run("items", "edit", String(id("apples")), "--any-shop")
        try f.run("items", "edit", String(id("milk")), "--shop", "Super")
        let after = try f.store { try $0.shops.itemShops() }
        #expect(after.shops(of: id("apples")).isEmpty && after.shops(of: id("milk")) == [shops[1].id])
        let export = try f.store {
            try ItemsCommand.shopExport("Market", db: $0, format: .text, locale: Locale(identifier: "en_US_POSIX"))
        }
        #expect(export == "Other\n  [ ] 3 apples\n  [ ] bread\n")
    }

    /// An unknown shop is one line naming the known ones, exit 2, and
    /// nothing is added.
    @Test func anUnknownShopNamesTheKnownOnesAndAddsNothing() throws {
        let f = try Fixture()
        defer { f.remove() }
        try f.run("shops", "add", "Market")
        try f.run("shops", "add", "Super")
        do {
            try f.run("items", "add", "milk", "--shop", "Aldi")
            Issue.record("an unknown shop was taken")
        } catch let error as StoreError {
            #expect(
                error.errorDescription
                    == "\(f.path) has no shop named \"Aldi\" (its shops: Market, Super). See them with 'grocer shops list'; nothing was changed.")
            #expect(error.exitCode == 2)
        }
        #expect(try f.store { try $0.groceries.items() }.isEmpty)
        #expect(throws: StoreError.self) { try f.run("items", "list", "--shop", "Aldi") }
        #expect(throws: StoreError.self) { try f.run("shops", "order", "Aldi") }
        #expect(throws: (any Error).self) { try ItemsCommand.Edit.parse(["1", "--shop", "Market", "--any-shop"]) }
    }

    /// `items list --json` and the items commands' `--json` carry each
    /// item's shops by name, only for an item that names some.
    @Test func theJSONOfAnItemNamesItsShops() throws {
        let f = try Fixture()
        defer { f.remove() }
        try f.run("shops", "add", "Market")
        try f.run("shops", "add", "Super")
        try f.run("items", "add", "milk", "--shop", "Super", "--shop", "market")
        try f.run("items", "add", "candles")
        let json = try f.store { db in try db.groceries.items().map { try ItemsCommand.json($0, db) } }
        #expect(json[0].hasSuffix(#""note": "", "shops": ["Market", "Super"]}"#))
        #expect(json[1].hasSuffix(#""note": ""}"#))
    }
}
