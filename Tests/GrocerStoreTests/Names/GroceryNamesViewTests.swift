import Foundation
import GrocerCore
import Testing

@testable import GrocerStore

/// `store.names(kind)` over an in-memory store: a name is found ignoring
/// case, the same name is refused, and aisles keep the person's order.
@Suite struct GroceryNamesViewTests {
    @Test func aNameIsFoundIgnoringCaseAndNotTakenTwice() throws {
        let store = try Store.open(at: ":memory:", mode: .memory, zone: .gmt, stop: StopFlag())
        let jar = try store.names(.unit).add(named: "Jar")
        #expect(try store.names(.unit).find(named: "JAR")?.id == jar.id)
        #expect(throws: StoreError.nameTaken(path: ":memory:", kind: .name(.unit), name: "Jar")) {
            try store.names(.unit).add(named: "jar")
        }
        #expect(try store.names(.place).find(named: "jar") == nil)
    }

    @Test func aislesAreAddedLastAndMovedInOrder() throws {
        let store = try Store.open(at: ":memory:", mode: .memory, zone: .gmt, stop: StopFlag())
        let dairy = try store.names(.aisle).add(named: "Dairy")
        try store.names(.aisle).add(named: "Bakery")
        #expect(try store.names(.aisle).all().map(\.name) == ["Dairy", "Bakery"])
        try store.groceries.moveAisle(id: dairy.id, to: 2)
        #expect(try store.names(.aisle).all().map(\.position) == [1, 2])
        #expect(try store.names(.aisle).all().map(\.name) == ["Bakery", "Dairy"])
    }
}
