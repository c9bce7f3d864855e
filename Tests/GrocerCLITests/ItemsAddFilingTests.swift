import ArgumentParser
import Foundation
import GrocerCLI
import GrocerCore
import GrocerStore
import Testing

@testable import grocer

/// `grocer items add` on a new store (issue 33): the store starts with the
/// catalogue's aisles in the person's language, and a name never filed
/// goes in its aisle, one line or many; run in process on a store in a
/// temporary folder.
@Suite struct ItemsAddFilingTests {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("items-filing-\(UUID().uuidString)")
    var path: String { dir.appendingPathComponent("grocer.sqlite").path }
    /// The language this process's environment says (the command reads it).
    let language = CatalogueLanguage(environment: Environment.process)

    func run(_ arguments: String...) throws {
        var command = try Grocer.parseAsRoot(arguments + ["--store", path])
        try command.run()
    }

    func items() throws -> [GroceryItem] {
        let store = try Store.open(at: path, mode: .existing, zone: .current, stop: StopFlag())
        defer { try? store.close() }
        return try store.groceries.items()
    }

    @Test func aNewStoreHasTheKindsAislesAndANewNameTakesItsOwn() throws {
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try run("items", "add", "6 eggs")
        try run("items", "add", "milk", "--aisle", "Frozen stuff")
        let store = try Store.open(at: path, mode: .existing, zone: .current, stop: StopFlag())
        let aisles = try store.groceries.aisles().map(\.name)
        try store.close()
        #expect(aisles == CatalogueFiling.firstAisles(in: language) + ["Frozen stuff"])
        let items = try items()
        #expect(items.first { $0.name == "eggs" }?.aisle?.name == AisleKind.dairy.name(in: language))
        #expect(items.first { $0.name == "milk" }?.aisle?.name == "Frozen stuff")
    }

    @Test func aFileOfLinesFilesEachNewName() throws {
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let list = dir.appendingPathComponent("list.txt")
        try Data("2 apples\nbread @Dairy\nwidget\n".utf8).write(to: list)
        try run("items", "add", "--from", list.path)
        let aisles = Dictionary(uniqueKeysWithValues: try items().map { ($0.name, $0.aisle?.name) })
        #expect(aisles["apples"] == AisleKind.produce.name(in: language))
        #expect(aisles["bread"] == AisleKind.dairy.name(in: language))
        #expect(aisles["widget"] == .some(nil))
    }
}
