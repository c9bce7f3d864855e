import Foundation
import GrocerCore
import Testing

@testable import GrocerStore

/// The manage screen's renames and deletes of units, places and aisles,
/// and their undo while another grocer changes the same names and items:
/// the undo never overwrites, brings back or takes what the other changed.
@Suite struct StoreGroceryNameUndoTests {
    /// A second grocer on the same file.
    func other(_ f: GroceryFixture) throws -> Store {
        try Store.open(at: f.dir.url.appendingPathComponent("grocer.sqlite").path, mode: .create, zone: .current, stop: StopFlag())
    }

    /// A store with the aisles Bakery, Dairy, Produce (in that order) and
    /// milk and butter in Dairy, in the fridge, in litres and kg.
    func kitchen() throws -> GroceryFixture {
        let f = try GroceryFixture()
        for name in ["Bakery", "Dairy", "Produce"] { try f.store.names(.aisle).add(named: name) }
        try f.store.names(.place).add(named: "Fridge")
        try f.add("2 l milk", aisle: "Dairy", storedIn: "Fridge")
        try f.add("1 kg butter", aisle: "Dairy", storedIn: "Fridge")
        return f
    }

    func id(_ kind: GroceryNameKind, _ name: String, _ f: GroceryFixture) throws -> Int64 {
        try #require(try f.store.names(kind).find(named: name)).id
    }

    @Test(arguments: [(GroceryNameKind.unit, "kg"), (.place, "Fridge"), (.aisle, "Dairy")])
    func aRenameIsUndone(kind: GroceryNameKind, name: String) throws {
        let f = try kitchen()
        let id = try id(kind, name, f)
        let change = try f.store.names(kind).rename(id: id, to: "Renamed", locale: f.en)
        #expect(change == GroceryNameChange(kind: kind, id: id, action: .renamed(from: name, to: "Renamed")))
        let undone = try f.store.groceries.undo(change, locale: f.en)
        #expect(undone == GroceryNameChange.Undone(change: change, done: true, id: id))
        #expect(try self.id(kind, name, f) == id)
        #expect(try f.store.groceries.aisles().map(\.name) == ["Bakery", "Dairy", "Produce"])
    }

    @Test(arguments: [(GroceryNameKind.unit, "kg"), (.place, "Fridge"), (.aisle, "Dairy")])
    func aDeleteIsUndoneWithItsIdAndItsItems(kind: GroceryNameKind, name: String) throws {
        let f = try kitchen()
        let id = try id(kind, name, f)
        let before = try f.store.groceries.items()
        let change = try f.store.names(kind).delete(id: id)
        guard case .deleted(name, let position, let items) = change.action else {
            Issue.record("not a delete: \(change)")
            return
        }
        #expect(position == (kind == .aisle ? 2 : nil))
        #expect(items.map(\.name) == (kind == .unit ? ["butter"] : ["milk", "butter"]))
        #expect(try f.store.groceries.items().allSatisfy { kind.id(of: $0) != id })
        let undone = try f.store.groceries.undo(change, locale: f.en)
        #expect(undone == GroceryNameChange.Undone(change: change, done: true, id: id))
        #expect(try f.store.groceries.items() == before)
        // An aisle comes back at its place in the person's order.
        #expect(try f.store.groceries.aisles().map(\.name) == ["Bakery", "Dairy", "Produce"])
        #expect(try f.store.groceries.aisles().map(\.position) == [1, 2, 3])
    }

    @Test func aRenameAnotherGrocerRenamedOrDeletedSinceIsLeft() throws {
        let f = try kitchen()
        let dairy = try id(.aisle, "Dairy", f)
        let change = try f.store.names(.aisle).rename(id: dairy, to: "Milk bar", locale: f.en)
        try other(f).names(.aisle).rename(id: dairy, to: "Cheese", locale: f.en)
        #expect(try f.store.groceries.undo(change, locale: f.en) == GroceryNameChange.Undone(change: change, done: false, id: dairy))
        #expect(try f.store.groceries.aisles().map(\.name) == ["Bakery", "Cheese", "Produce"])
        try other(f).names(.aisle).delete(id: dairy)
        #expect(try f.store.groceries.undo(change, locale: f.en).done == false)
        #expect(try f.store.groceries.aisles().map(\.name) == ["Bakery", "Produce"])
    }

    @Test func aRenameIsLeftWhenAnotherGrocerTookTheOldNameSince() throws {
        let f = try kitchen()
        let change = try f.store.names(.place).rename(id: try id(.place, "Fridge", f), to: "Cold", locale: f.en)
        try other(f).names(.place).add(named: "fridge")
        #expect(try f.store.groceries.undo(change, locale: f.en).done == false)
        #expect(try f.store.groceries.places(locale: f.en).map(\.name) == ["Cold", "fridge"])
    }

    @Test func aDeleteIsLeftWhenAnotherGrocerMadeTheNameAgainSince() throws {
        let f = try kitchen()
        let change = try f.store.names(.aisle).delete(id: try id(.aisle, "Dairy", f))
        try other(f).names(.aisle).add(named: "DAIRY")
        #expect(try f.store.groceries.undo(change, locale: f.en).done == false)
        #expect(try f.store.groceries.aisles().map(\.name) == ["Bakery", "Produce", "DAIRY"])
        #expect(try f.named("milk").aisle == nil)
    }

    /// Items another grocer gave another aisle, renamed or deleted since
    /// keep theirs; the others get it back.
    @Test func itemsAnotherGrocerChangedSinceKeepTheirs() throws {
        let f = try kitchen()
        try f.add("cream", aisle: "Dairy")
        try f.add("yoghurt", aisle: "Dairy")
        let change = try f.store.names(.aisle).delete(id: try id(.aisle, "Dairy", f))
        let theirs = try other(f)
        try theirs.groceries.edit(id: try f.named("milk").id, GroceryItemEdit(aisle: "Bakery"), locale: f.en)
        try theirs.groceries.edit(id: try f.named("butter").id, GroceryItemEdit(name: "Butter"), locale: f.en)
        try theirs.groceries.delete(id: try f.named("cream").id)
        let undone = try f.store.groceries.undo(change, locale: f.en)
        #expect(undone.done)
        #expect(undone.skipped.map(\.name) == ["milk", "butter", "cream"])
        #expect(try f.named("milk").aisle?.name == "Bakery")
        #expect(try f.named("Butter").aisle == nil)
        #expect(try f.named("yoghurt").aisle?.name == "Dairy")
        #expect(try f.store.groceries.items().count == 3)
    }

    /// SQLite gives the other grocer's new aisle the largest id again: the
    /// deleted one's. The deleted aisle comes back under a new id, and the
    /// other grocer's keeps its own items.
    @Test func aDeletedNameComesBackUnderANewIdWhenAnotherGrocerTookItsOld() throws {
        let f = try kitchen()
        let produce = try id(.aisle, "Produce", f)
        try f.add("apples", aisle: "Produce")
        let change = try f.store.names(.aisle).delete(id: produce)
        let frozen = try other(f).names(.aisle).add(named: "Frozen")
        #expect(frozen.id == produce)
        try other(f).groceries.edit(id: try f.named("milk").id, GroceryItemEdit(aisle: "Frozen"), locale: f.en)
        let undone = try f.store.groceries.undo(change, locale: f.en)
        #expect(undone.done)
        #expect(undone.id != produce)
        #expect(try f.named("apples").aisle?.id == undone.id)
        #expect(try f.named("milk").aisle?.id == frozen.id)
        #expect(try f.store.groceries.aisles().map(\.name) == ["Bakery", "Dairy", "Produce", "Frozen"])
    }
}
